import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, pageQuery, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { exportActivity, requestActivityExport } from './export.js';
import { ActivityFilters, type ActivityQuery } from './query.js';
import { ActivityPageOut, DiscoveryRunsOut, ExportRequestAnswer } from './schemas.js';
import { type ActivityCall, discoveryRuns, listActivity } from './service.js';

const closed = { additionalProperties: false } as const;
const reader = [requirePermission('incidents:read')];
const exporter = [requirePermission('incidents:read', 'incidents:export')];
const Query = Type.Object(ActivityFilters, closed);
const callOf = (request: Parameters<typeof serviceContextOf>[0]): ActivityCall => ({
  ctx: serviceContextOf(request),
  principal: principalOf(request),
});

/** The Activity Explorer (document 2; docs/activity-explorer.md). */
export const activityRoutes: ApiModule = async (app) => {
  app.get(
    '/activity-events',
    {
      onRequest: reader,
      schema: {
        querystring: Type.Object(
          { ...ActivityFilters, ...pageQuery({ maxLimit: 200, defaultLimit: 50, maxOffset: 10_000 }) },
          closed,
        ),
        response: { 200: ActivityPageOut, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { limit = 50, offset = 0, ...q } = request.query;
      return listActivity(callOf(request), q as ActivityQuery, { limit, offset });
    },
  );

  app.get(
    '/activity-events/discovery-runs',
    {
      onRequest: reader,
      schema: {
        querystring: Query,
        response: { 200: DiscoveryRunsOut, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => discoveryRuns(callOf(request), request.query as ActivityQuery),
  );

  app.post(
    '/activity-events/export',
    {
      onRequest: exporter,
      schema: {
        body: Type.Object({ ...ActivityFilters, approval: Type.Optional(Uuid) }, closed),
        response: {
          200: { description: 'CSV', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { approval, ...q } = request.body;
      const out = await exportActivity(callOf(request), q as ActivityQuery, approval);
      return reply.headers(out.headers).send(out.body as unknown as string);
    },
  );

  app.post(
    '/activity-events/export-requests',
    {
      onRequest: exporter,
      schema: {
        body: Type.Object(
          { query: Query, reason: PersonText('multiline', { minLength: 5, maxLength: 500 }) },
          closed,
        ),
        response: {
          200: ExportRequestAnswer,
          201: ExportRequestAnswer,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const out = await requestActivityExport(
        callOf(request),
        request.body.query as ActivityQuery,
        request.body.reason,
      );
      return reply.code(out.created ? 201 : 200).send(out.answer);
    },
  );
};
