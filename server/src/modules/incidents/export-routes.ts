import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { exportIncidents } from './export-service.js';
import { ListFilterQuery } from './routes.js';

/** GET /incidents/export (document 2; docs/incidents.md, Export). */
export const incidentExportModule: ApiModule = async (app) => {
  const s = app.deps;
  app.get(
    '/incidents/export',
    {
      onRequest: [requirePermission('incidents:read', 'incidents:export')],
      schema: {
        // The list's filters and sort; paging has no meaning here (at most 10,000 rows).
        querystring: Type.Object(ListFilterQuery, { additionalProperties: false }),
        response: {
          200: {
            description: 'CSV, one header line then one line per incident in the list order',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...errorResponses(401, 403, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const out = await exportIncidents(
        serviceContextOf(request),
        principalOf(request),
        request.query,
        s.config.incidents.queryTimeoutMs,
      );
      const day = s.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="incidents-${day}.csv"`)
        .header('x-svc-export-total', String(out.total))
        .header('x-svc-export-truncated', String(out.truncated))
        .send(out.csv);
    },
  );
};
