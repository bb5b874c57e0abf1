import { ACTIONS, DETECTOR_CATEGORIES, KNOWN_CHANNELS } from '@custos/engine';
import { Type } from 'typebox';
import { fieldError } from '../../http/errors.js';

/** Outcomes and the applied actions each covers (docs/activity-explorer.md, Outcomes). */
export const OUTCOMES = {
  blocked: ['block', 'quarantine'],
  prompted: ['warn_with_continue', 'require_justification', 'approval_required'],
  notified: ['inform', 'warn'],
  audited: ['audit'],
} as const;
export type Outcome = keyof typeof OUTCOMES;
export const OUTCOME_NAMES = ['blocked', 'prompted', 'notified', 'audited'] as const;

export function outcomeOf(action: string): Outcome {
  for (const o of OUTCOME_NAMES) if ((OUTCOMES[o] as readonly string[]).includes(action)) return o;
  return 'audited';
}

const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Text = (max: number) => Type.Optional(Type.String({ minLength: 1, maxLength: max }));

/** The filters of document 2, shared by the list (query string) and the export (JSON body). */
export const ActivityFilters = {
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  search: Type.Optional(Type.String({ minLength: 2, maxLength: 200 })),
  /** Comma-separated lists of the vocabularies below. */
  channel: Text(500),
  outcome: Text(200),
  action: Text(200),
  category: Type.Optional(lit(DETECTOR_CATEGORIES)),
  trust: Type.Optional(lit(['internet', 'local', 'none'] as const)),
  user: Text(200),
  endpoint: Text(200),
  policy: Text(100),
  policy_id: Text(100),
  related_file: Text(100),
  incident: Type.Optional(lit(['matched_no_incident'] as const)),
  enforcement: Type.Optional(lit(['applied', 'reduced_by_capability'] as const)),
  event_kind: Type.Optional(lit(['user_activity', 'discovery'] as const)),
};

export type ActivityQuery = { [K in keyof typeof ActivityFilters]?: string };

/** The longest window the explorer reads (daily buckets past seven days). */
export const MAX_WINDOW_MS = 366 * 86_400_000;
const DAY_MS = 86_400_000;

export interface Window {
  from: Date;
  to: Date;
}

/** The asked window: `to` defaults to now and `from` to 24 hours before `to`. */
export function windowOf(q: ActivityQuery, now: Date): Window {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS);
  if (from.getTime() >= to.getTime()) throw fieldError('to', 'must be after from');
  if (to.getTime() - from.getTime() > MAX_WINDOW_MS)
    throw fieldError('from', 'the window is at most 366 days');
  return { from, to };
}

/** A comma list whose every entry is in `allowed`; 422 naming the field otherwise. */
export function listOf(field: string, raw: string | undefined, allowed: readonly string[]) {
  if (raw === undefined) return undefined;
  const values = [...new Set(raw.split(',').map((v) => v.trim()))];
  if (values.some((v) => !allowed.includes(v)))
    throw fieldError(field, `must be a comma-separated list of ${allowed.join(', ')}`);
  return values;
}

/** The applied actions the `action` and `outcome` filters leave (both must hold). */
export function actionsOf(q: ActivityQuery): string[] | undefined {
  const actions = listOf('action', q.action, [...ACTIONS, 'warn']);
  const outcomes = listOf('outcome', q.outcome, OUTCOME_NAMES) as Outcome[] | undefined;
  const fromOutcomes: string[] | undefined = outcomes?.flatMap((o) => [...OUTCOMES[o]]);
  const withWarn = actions?.flatMap((a) => (a === 'inform' ? ['inform', 'warn'] : [a]));
  if (withWarn && fromOutcomes) return withWarn.filter((a) => fromOutcomes.includes(a));
  return withWarn ?? fromOutcomes;
}

export const channelsOf = (q: ActivityQuery) => listOf('channel', q.channel, KNOWN_CHANNELS);
