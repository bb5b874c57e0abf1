import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { createSearchMetrics, type SearchMetrics } from './search-metrics.js';

/**
 * Prometheus metrics for the operations port. Labels are the route template (never the raw
 * URL, which could carry ids or search terms), the method and the status: no tenant data.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  /** Document 2: evidence openings and downloads by tenant id and outcome (docs/evidence.md). */
  evidenceViews: Counter<'tenant' | 'outcome'>;
  /** Document 2: the static `svc_search_*` metrics (docs/search.md). */
  search: SearchMetrics;
  /** Event uploads refused `503 agent.ingest_busy` by ingest admission (docs/deploy.md). */
  uploadsRefused: Counter;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'API requests answered, by route template, method and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'API request latency in seconds, by route template, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    evidenceViews: new Counter({
      name: 'svc_evidence_views_total',
      help: 'Evidence openings and file downloads, by tenant id and outcome',
      labelNames: ['tenant', 'outcome'],
      registers: [registry],
    }),
    search: createSearchMetrics(registry),
    uploadsRefused: new Counter({
      name: 'svc_ingest_uploads_refused_total',
      help: 'Event uploads answered 503 agent.ingest_busy (more uploads in progress than DLP_INGEST_CONCURRENT_UPLOADS)',
      registers: [registry],
    }),
  };
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label so a scan of random paths cannot grow the series.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
  });
}
