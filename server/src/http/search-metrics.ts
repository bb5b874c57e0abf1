import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * Document 2's static search metrics (docs/search.md): per kind, and over all requests. Labels
 * are the kind only, never the tenant or the query (the query is never logged or counted).
 */
export interface SearchMetrics {
  kindQueries: Counter<'kind'>;
  kindNotSearched: Counter<'kind'>;
  kindHits: Counter<'kind'>;
  requests: Counter;
  durationSum: Counter;
  durationMax: Gauge;
}

export function createSearchMetrics(registry: Registry): SearchMetrics {
  const registers = [registry];
  return {
    kindQueries: new Counter({
      name: 'svc_search_kind_queries_total',
      help: 'Search kinds queried, by kind',
      labelNames: ['kind'],
      registers,
    }),
    kindNotSearched: new Counter({
      name: 'svc_search_kind_not_searched_total',
      help: 'Search kinds left out because the caller may not read them, by kind',
      labelNames: ['kind'],
      registers,
    }),
    kindHits: new Counter({
      name: 'svc_search_kind_hits_total',
      help: 'Search hits returned, by kind',
      labelNames: ['kind'],
      registers,
    }),
    requests: new Counter({ name: 'svc_search_requests_total', help: 'Searches answered', registers }),
    durationSum: new Counter({
      name: 'svc_search_duration_seconds_sum',
      help: 'Total time spent answering searches, in seconds',
      registers,
    }),
    durationMax: new Gauge({
      name: 'svc_search_duration_seconds_max',
      help: 'The longest search since the server started, in seconds',
      registers,
    }),
  };
}
