/**
 * Response actions and their strength order (document 1, "Response actions").
 * `warn` is the historical wire name of `inform` and is read as inform wherever an action is read.
 */
export const ACTIONS = [
  'audit',
  'inform',
  'warn_with_continue',
  'require_justification',
  'approval_required',
  'block',
  'quarantine',
] as const;

export type Action = (typeof ACTIONS)[number];

/** An action as it may appear on the wire or in stored versions: `warn` included. */
export type WireAction = Action | 'warn';

const STRENGTH: ReadonlyMap<string, number> = new Map(ACTIONS.map((a, i) => [a, i]));
/** Plain-object lookup for the hot path of conflict resolution and clamping. */
const STRENGTH_OF: Readonly<Record<Action, number>> = Object.freeze(
  Object.fromEntries(ACTIONS.map((a, i) => [a, i])) as Record<Action, number>,
);

/** True for every action name the service accepts, `warn` included. */
export function isWireAction(value: unknown): value is WireAction {
  return typeof value === 'string' && (value === 'warn' || STRENGTH.has(value));
}

/** Reads a wire action: `warn` becomes `inform`; anything else unknown is refused with a TypeError. */
export function normalizeAction(value: WireAction): Action {
  if (value === 'warn') return 'inform';
  if (!STRENGTH.has(value)) throw new TypeError('unknown action');
  return value;
}

/** 0 for audit up to 6 for quarantine. */
export function actionStrength(action: Action): number {
  return STRENGTH_OF[action];
}

/** Negative when a is weaker than b, positive when stronger. */
export function compareActions(a: Action, b: Action): number {
  return actionStrength(a) - actionStrength(b);
}

export function strongerAction(a: Action, b: Action): Action {
  return compareActions(a, b) >= 0 ? a : b;
}

export function weakerAction(a: Action, b: Action): Action {
  return compareActions(a, b) <= 0 ? a : b;
}

/** Actions that stop an operation outright; used by write-time rules (location-only, governance). */
export const HARD_BLOCK_ACTIONS: ReadonlySet<Action> = new Set<Action>(['block', 'quarantine']);

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Higher is more severe; used to break conflict ties (document 1, evaluation rule 2). */
export function severityRank(severity: Severity): number {
  return SEVERITIES.length - SEVERITIES.indexOf(severity);
}

type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of a policy version's fields with every action-valued field written `warn` renamed to
 * `inform` (response, offline_response, exceptions[].downgrade_to, risk_thresholds.below and
 * .steps[].action): what is stored (document 1, "stored versions are migrated"). `changed` says
 * whether anything was renamed. Anything not shaped as expected is copied as it is.
 */
export function informActions(spec: Fields): { spec: Fields; changed: boolean } {
  let changed = false;
  const rename = (holder: Fields, key: string): Fields => {
    if (holder[key] !== 'warn') return holder;
    changed = true;
    return { ...holder, [key]: 'inform' };
  };
  let out = rename(rename(spec, 'response'), 'offline_response');
  const exceptions = out['exceptions'];
  if (Array.isArray(exceptions))
    out = { ...out, exceptions: exceptions.map((e) => (isFields(e) ? rename(e, 'downgrade_to') : e)) };
  const risk = out['risk_thresholds'];
  if (isFields(risk)) {
    let r = rename(risk, 'below');
    const steps = r['steps'];
    if (Array.isArray(steps)) r = { ...r, steps: steps.map((s) => (isFields(s) ? rename(s, 'action') : s)) };
    out = { ...out, risk_thresholds: r };
  }
  return { spec: changed ? out : spec, changed };
}
