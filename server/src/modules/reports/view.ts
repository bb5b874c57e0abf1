import { Type } from 'typebox';
import { fieldError } from '../../http/errors.js';
import type { ReportIncidentQuery } from '../../ports/report-incidents-port.js';

/**
 * View parameters on run and export (document 2, Report details): a sort, a direction and
 * `filter.<name>` narrowing the stored filters; run adds `page_size` and `offset`. The query
 * schemas are closed, so any other parameter is 422.
 */
export const VIEW_SORTS = [
  'reference',
  'severity',
  'risk_score',
  'priority_score',
  'first_seen',
  'last_seen',
  'status',
  'channel',
] as const;
export const VIEW_FILTERS = [
  'status',
  'severity',
  'channel',
  'policy',
  'assignee',
  'data_category',
  'hostname',
] as const;
export const PAGE_SIZES = [25, 50, 100, 200] as const;

/** The incident list's sort column for each view sort (first_seen is the creation time). */
const SORT_COLUMN: Record<(typeof VIEW_SORTS)[number], string> = {
  reference: 'reference',
  severity: 'severity',
  risk_score: 'risk',
  priority_score: 'priority',
  first_seen: 'created',
  last_seen: 'last_seen',
  status: 'status',
  channel: 'channel',
};

const Lit = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const FilterValue = Type.String({ minLength: 1, maxLength: 256 });

export const ViewQuery = {
  sort: Type.Optional(Lit(VIEW_SORTS)),
  dir: Type.Optional(Lit(['asc', 'desc'] as const)),
  ...Object.fromEntries(VIEW_FILTERS.map((f) => [`filter.${f}`, Type.Optional(FilterValue)])),
} as Record<string, ReturnType<typeof Type.Optional>>;

export type ViewValues = Record<string, string | number | undefined>;

export interface View {
  sort?: string | undefined;
  dir?: string | undefined;
  filters: Partial<Record<(typeof VIEW_FILTERS)[number], string>>;
}

export function viewOf(q: ViewValues): View {
  const filters: View['filters'] = {};
  for (const f of VIEW_FILTERS) {
    const v = q[`filter.${f}`];
    if (typeof v === 'string') filters[f] = v;
  }
  return {
    sort: typeof q.sort === 'string' ? q.sort : undefined,
    dir: typeof q.dir === 'string' ? q.dir : undefined,
    filters,
  };
}

/** The view in one canonical text: an approval is for exactly this view (docs/reports.md). */
export function viewKey(v: View): string {
  const filters = Object.fromEntries(Object.entries(v.filters).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify({ sort: v.sort ?? null, dir: v.dir ?? null, filters });
}

export function viewFromKey(key: string): View {
  const parsed = JSON.parse(key) as { sort: string | null; dir: string | null; filters: View['filters'] };
  return { sort: parsed.sort ?? undefined, dir: parsed.dir ?? undefined, filters: parsed.filters };
}

const setOf = (raw: string) =>
  raw
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

/** A view filter over a stored set: the values both allow. Empty = the view matches nothing. */
function narrowSet(stored: string | undefined, view: string): string[] {
  const wanted = setOf(view);
  if (stored === undefined) return wanted;
  const allowed = new Set(setOf(stored));
  return wanted.filter((x) => allowed.has(x));
}

/**
 * The incident query of a stored query narrowed by a view. A view filter never widens the
 * report: a value outside the stored set or a different stored single value gives no rows.
 */
export function applyView(
  base: ReportIncidentQuery,
  v: View,
): { query: ReportIncidentQuery; empty: boolean } {
  const q: ReportIncidentQuery = { ...base };
  let empty = false;
  for (const field of ['status', 'severity', 'channel'] as const) {
    const raw = v.filters[field];
    if (raw === undefined) continue;
    if (setOf(raw).length === 0) throw fieldError(`filter.${field}`, 'must name at least one value');
    const narrowed = narrowSet(base[field], raw);
    if (narrowed.length === 0) {
      empty = true;
      // Keep the view's own values so they are still checked (422 for a value outside the set).
      q[field] = raw;
    } else q[field] = narrowed.join(',');
  }
  const single: [keyof View['filters'], 'policy_id' | 'assignee' | 'category' | 'hostname'][] = [
    ['policy', 'policy_id'],
    ['assignee', 'assignee'],
    ['data_category', 'category'],
    ['hostname', 'hostname'],
  ];
  for (const [name, field] of single) {
    const value = v.filters[name];
    if (value === undefined) continue;
    if (base[field] !== undefined && base[field] !== value) empty = true;
    q[field] = value;
  }
  if (v.sort !== undefined || v.dir !== undefined) {
    const column = SORT_COLUMN[(v.sort ?? 'first_seen') as (typeof VIEW_SORTS)[number]];
    q.sort = v.dir ? `${column}:${v.dir}` : column;
  }
  return { query: q, empty };
}

/** The names of the view parameters used, for the audit entry (never their values). */
export function viewNames(v: View): string[] {
  return [
    ...(v.sort ? ['sort'] : []),
    ...(v.dir ? ['dir'] : []),
    ...Object.keys(v.filters).map((f) => `filter.${f}`),
  ];
}
