import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, pageQuery, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { AuditMetadataSchema } from './metadata-schema.js';
import { listAuditEvents } from './service.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const Entry = Type.Object({
  id: Type.String(),
  action: Type.String(),
  actor_type: Type.String(),
  actor_id: Nullable(Type.String()),
  subject_type: Nullable(Type.String()),
  subject_id: Nullable(Type.String()),
  metadata: AuditMetadataSchema,
  created_at: Timestamp,
});

/**
 * `GET /audit-events` (audit:read; issue 4): the tenant's audit log, newest first, filtered by
 * action (exact, or a prefix ending in `.`), actor, subject and a time range; paged by
 * limit (1-200, default 50) and offset (0-100000).
 */
export const auditEventsModule: ApiModule = async (app) => {
  app.get(
    '/audit-events',
    {
      onRequest: [requirePermission('audit:read')],
      schema: {
        querystring: Type.Object(
          {
            action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            actor_id: Type.Optional(Type.String({ maxLength: 64 })),
            subject_id: Type.Optional(Type.String({ maxLength: 64 })),
            since: Type.Optional(Timestamp),
            until: Type.Optional(Timestamp),
            ...pageQuery({ maxLimit: 200, defaultLimit: 50, maxOffset: 100_000 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            items: Type.Array(Entry),
            total: Type.Integer(),
            limit: Type.Integer(),
            offset: Type.Integer(),
          }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => listAuditEvents(serviceContextOf(request), request.query),
  );
};
