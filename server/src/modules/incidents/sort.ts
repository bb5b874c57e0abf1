import { fieldError } from '../../http/errors.js';

/**
 * Document 2, incident sort: a column, optionally `:asc|desc`; a bare column takes its natural
 * direction; older names newest, oldest and last_activity still work; anything else is 422.
 */
export const SORT_COLUMNS = [
  'priority',
  'reference',
  'title',
  'severity',
  'risk',
  'status',
  'assignee',
  'user',
  'endpoint',
  'channel',
  'matches',
  'events',
  'created',
  'last_seen',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

const DESCENDING: ReadonlySet<SortColumn> = new Set([
  'priority',
  'severity',
  'risk',
  'matches',
  'events',
  'created',
  'last_seen',
]);
const LEGACY: Readonly<Record<string, string>> = {
  newest: 'created:desc',
  oldest: 'created:asc',
  last_activity: 'last_seen:desc',
};

export interface Sort {
  column: SortColumn;
  dir: 'asc' | 'desc';
}

export function parseSort(raw: string | undefined): Sort {
  const value = raw === undefined || raw === '' ? 'created:desc' : (LEGACY[raw] ?? raw);
  const m = /^([a-z_]+)(?::(asc|desc))?$/.exec(value);
  const column = m?.[1] as SortColumn | undefined;
  if (!m || !column || !(SORT_COLUMNS as readonly string[]).includes(column)) {
    throw fieldError(
      'sort',
      `must be one of ${SORT_COLUMNS.join(', ')} (optionally :asc or :desc), newest, oldest or last_activity`,
    );
  }
  return { column, dir: (m[2] as 'asc' | 'desc' | undefined) ?? (DESCENDING.has(column) ? 'desc' : 'asc') };
}
