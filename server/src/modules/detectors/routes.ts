import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { errorResponses } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { DetectorSchema } from './response-schemas.js';
import { listDetectors, saveDetector } from './service.js';

/** Detectors (issue 5; the spec shows no routes, designed here and documented in docs/policies.md). */
export const detectorsModule: ApiModule = async (app) => {
  app.get(
    '/detectors',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        response: { 200: Type.Object({ items: Type.Array(DetectorSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => listDetectors(serviceContextOf(request)),
  );

  app.post(
    '/detectors',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        body: Type.Record(Type.String(), Type.Unknown()),
        response: { 201: DetectorSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveDetector(serviceContextOf(request), request.body)),
  );
};
