import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import { deviceServiceContext } from '../../service-context.js';
import { deviceOf } from '../agents/public.js';
import type { ApiModule } from '../index.js';
import { MAX_EVIDENCE_BYTES, recordWithheld, storeEvidence } from './service.js';

/** Evidence routes of the signed agent scope (document 2). */
export function registerEvidenceRoutes(scope: FastifyInstance): void {
  const s = scope.deps;
  const Params = Type.Object({ event_id: Uuid });

  scope.post(
    '/agent/evidence-files/:event_id',
    {
      config: { auth: 'agent' },
      bodyLimit: MAX_EVIDENCE_BYTES,
      schema: {
        params: Params,
        response: {
          200: Type.Object({
            id: Type.String(),
            size_bytes: Type.Integer(),
            expires_at: Timestamp,
            new: Type.Boolean(),
          }),
          ...errorResponses(400, 401, 404, 409, 413, 429, 502),
        },
      },
    },
    async (request) => {
      const { event_id } = request.params as { event_id: string };
      const device = deviceOf(request);
      const parts = {
        masterKey: s.keys.master,
        dataDir: s.config.dataDir,
        databaseUrl: s.config.databaseUrl,
      };
      return storeEvidence(
        deviceServiceContext(request, device),
        parts,
        device,
        event_id,
        request.rawBody ?? Buffer.alloc(0),
      );
    },
  );

  scope.post(
    '/agent/evidence-files/:event_id/withheld',
    {
      config: { auth: 'agent' },
      schema: {
        params: Params,
        body: Type.Object({ reason: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ event_id: Type.String(), reason: Type.String(), new: Type.Boolean() }),
          ...errorResponses(400, 401, 404, 422, 429),
        },
      },
    },
    async (request) => {
      const { event_id } = request.params as { event_id: string };
      const { reason } = request.body as { reason: string };
      const device = deviceOf(request);
      return recordWithheld(deviceServiceContext(request, device), device, event_id, reason);
    },
  );
}

/** The evidence upload routes as a registry entry inside the signed agent scope (modules/index.ts). */
export const evidenceAgentModule: ApiModule = async (scope) => registerEvidenceRoutes(scope);
