import { ACTIONS } from '@custos/engine';
import { Type } from 'typebox';
import { fieldError } from '../../http/errors.js';
import { SLA_FILTER_VALUES, type SlaFilterValue, type SlaTargets } from './sla-store.js';

/**
 * The queue filters of document 2 beyond the first set (docs/incidents.md, Queue filters):
 * their query schema, their parsing (422 naming the field and its allowed values, never the value
 * sent) and the parsed form the store reads (filter-store.ts).
 */
export const ENFORCEMENTS = ['applied', 'reduced_by_capability'] as const;
export const FILE_STATES = ['current', 'moved', 'removed'] as const;
/** `test` = any incident marked as a test; the others name who marked it (synthetic_by). */
export const ORIGINS = ['real', 'test', 'test_policy', 'test_folder', 'analyst'] as const;
/** `warn` is the historical wire name of inform and is read as inform (document 1). */
const ACTION_VALUES = [...ACTIONS, 'warn'] as const;

/** Document 2: lower-case letters, digits, dots and underscores. */
const TOKEN = /^[a-z0-9._]{1,64}$/;

const S = Type.String();

export const MoreFilterQuery = {
  action: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  min_risk: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  enforcement: Type.Optional(S),
  sla: Type.Optional(S),
  file_state: Type.Optional(S),
  origin: Type.Optional(S),
  person: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  anomaly: Type.Optional(Type.String({ maxLength: 64 })),
  regime: Type.Optional(Type.String({ maxLength: 64 })),
};

export interface MoreFilterQueryValues {
  action?: string | undefined;
  category?: string | undefined;
  min_risk?: number | undefined;
  enforcement?: string | undefined;
  sla?: string | undefined;
  file_state?: string | undefined;
  origin?: string | undefined;
  person?: string | undefined;
  anomaly?: string | undefined;
  regime?: string | undefined;
}

export interface MoreFilter {
  actions?: string[] | undefined;
  category?: string | undefined;
  minRisk?: number | undefined;
  enforcement?: (typeof ENFORCEMENTS)[number] | undefined;
  sla?: SlaFilterValue | undefined;
  /** What `sla` is judged against: the tenant's targets and the clock, filled in by the service. */
  slaAt?: { targets: SlaTargets; now: Date } | undefined;
  fileStates?: string[] | undefined;
  origin?: (typeof ORIGINS)[number] | undefined;
  person?: string | undefined;
  anomaly?: string | undefined;
  regime?: string | undefined;
}

/** A comma-separated set; a value outside it is 422 naming the field and its values. */
export function parseSet(
  field: string,
  raw: string | undefined,
  allowed: readonly string[],
): string[] | undefined {
  if (raw === undefined) return undefined;
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0 || values.some((v) => !allowed.includes(v)))
    throw fieldError(field, `must be one or more of: ${allowed.join(', ')}`);
  return [...new Set(values)];
}

function parseOne<T extends string>(
  field: string,
  raw: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw))
    throw fieldError(field, `must be one of: ${allowed.join(', ')}`);
  return raw as T;
}

function parseToken(field: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!TOKEN.test(raw))
    throw fieldError(field, 'must be 1-64 lower-case letters, digits, dots or underscores');
  return raw;
}

export function parseMoreFilters(q: MoreFilterQueryValues): MoreFilter {
  const actions = parseSet('action', q.action, ACTION_VALUES);
  return {
    // Stored actions are normalised (warn is kept as inform).
    actions: actions && [...new Set(actions.map((a) => (a === 'warn' ? 'inform' : a)))],
    category: parseToken('category', q.category),
    minRisk: q.min_risk,
    enforcement: parseOne('enforcement', q.enforcement, ENFORCEMENTS),
    sla: parseOne('sla', q.sla, SLA_FILTER_VALUES),
    fileStates: parseSet('file_state', q.file_state, FILE_STATES),
    origin: parseOne('origin', q.origin, ORIGINS),
    person: q.person,
    anomaly: parseToken('anomaly', q.anomaly),
    regime: parseToken('regime', q.regime),
  };
}

/** The names of the filters a query uses (the export's audit entry names them, never values). */
export const MORE_FILTER_NAMES = Object.keys(MoreFilterQuery) as (keyof MoreFilterQueryValues)[];
