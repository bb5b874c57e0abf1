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
