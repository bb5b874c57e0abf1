import { api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';
import { parseQueueSearch, type QueueSearch } from './queue-search.js';

type ViewList = paths['/api/v1/saved-views']['get']['responses'][200]['content']['application/json'];
export type SavedView = ViewList['items'][number];
export type NewView = NonNullable<
  paths['/api/v1/saved-views']['post']['requestBody']
>['content']['application/json'];
type ViewState = NewView['state'];

export const savedViewsKey = ['saved-views', 'incidents'] as const;

export const fetchViews = () =>
  call(api.GET('/api/v1/saved-views', { params: { query: { surface: 'incidents' } } }));
export const fetchTeams = () => call(api.GET('/api/v1/teams'));
export const saveView = (body: NewView) => call(api.POST('/api/v1/saved-views', { body }));
export const markUsed = (id: string) =>
  call(api.POST('/api/v1/saved-views/{id}/used', { params: { path: { id } } }));

/** The queue's filters as a view's state: each filter by name, the sort apart; the page is not kept. */
export function stateOf(search: QueueSearch): ViewState {
  const { sort, offset: _offset, ...filters } = search;
  return {
    filters: Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([name, v]) => ({ name, value: String(v) })),
    sort: sort ?? null,
  };
}

/** A view's state back to the queue's filters; names the queue does not know are dropped. */
export function searchOf(state: SavedView['state']): QueueSearch {
  const raw: Record<string, unknown> = Object.fromEntries(state.filters.map((f) => [f.name, f.value]));
  if (state.sort) raw.sort = state.sort;
  return parseQueueSearch(raw);
}
