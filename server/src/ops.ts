import Fastify, { type FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from './db/database.js';
import { pendingMigrations } from './db/migrate.js';
import { clientErrorHandler } from './http/client-errors.js';
import type { Metrics } from './http/metrics.js';
import { mintRequestId, registerRequestId } from './http/request-id.js';

/**
 * The operations listener (plain HTTP, DLP_OPS_LISTEN): liveness, readiness and Prometheus
 * metrics. It serves no tenant data (document 2) and has no authentication.
 */
export async function buildOpsApp(deps: {
  db: Kysely<Database>;
  metrics: Metrics;
}): Promise<FastifyInstance> {
  const ops = Fastify({
    logger: false,
    genReqId: mintRequestId,
    requestIdHeader: false,
    // As on the API: served during the stop with `Connection: close` (http/connections.ts).
    return503OnClosing: false,
    // Requests Node's parser refuses answer the one error shape here too.
    clientErrorHandler,
  });
  // Document 2: every response carries a server-minted x-request-id, operations included.
  registerRequestId(ops);
  const status = {
    type: 'object',
    properties: { status: { type: 'string' } },
    required: ['status'],
  } as const;

  ops.get('/healthz', { schema: { response: { 200: status } } }, async () => ({ status: 'ok' }));

  ops.get('/readyz', { schema: { response: { 200: status, 503: status } } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      if ((await pendingMigrations(deps.db)).length > 0)
        return reply.code(503).send({ status: 'migrations_pending' });
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database_unreachable' });
    }
  });

  ops.get('/metrics', async (_request, reply) => {
    reply.type(deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });

  ops.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ code: 'route.not_found', message: 'no such route', details: [] }),
  );
  return ops;
}
