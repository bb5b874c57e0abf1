import { api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';

export type QueueQuery = NonNullable<paths['/api/v1/incidents']['get']['parameters']['query']>;

export const fetchQueue = (query: QueueQuery) => call(api.GET('/api/v1/incidents', { params: { query } }));
export type QueueRow = Awaited<ReturnType<typeof fetchQueue>>['items'][number];

/** The filters the API serves on GET /incidents, kept in the address so a view can be shared. */
export const TEXT_FILTERS = [
  'status',
  'severity',
  'channel',
  'search',
  'username',
  'policy_id',
  'device',
  'assignee',
  'created_since',
  'created_until',
] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

export type QueueSearch = Partial<Record<TextFilter | 'sort', string>> & {
  open_only?: boolean;
  offset?: number;
};

export const PAGE_SIZE = 50;

/** Only known keys of the right type survive from the address bar. */
export function parseQueueSearch(raw: Record<string, unknown>): QueueSearch {
  const out: QueueSearch = {};
  for (const key of [...TEXT_FILTERS, 'sort'] as const) {
    const value = raw[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  if (raw.open_only === true || raw.open_only === 'true') out.open_only = true;
  const offset = Number(raw.offset);
  if (Number.isInteger(offset) && offset > 0) out.offset = offset;
  return out;
}

export function toQuery(search: QueueSearch): QueueQuery {
  return { ...search, limit: PAGE_SIZE, offset: search.offset ?? 0 };
}

/** Document 2's sort grammar: `column` or `column:asc|desc`; a bare column takes its natural order. */
export function nextSort(current: string | undefined, column: string): string {
  const [col, dir] = (current ?? '').split(':');
  if (col !== column) return column;
  return `${column}:${dir === 'asc' ? 'desc' : 'asc'}`;
}
