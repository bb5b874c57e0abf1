import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, pageQuery, Timestamp } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import { AuditMetadataSchema, shownMetadata } from './metadata-schema.js';

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
  const s = app.deps;
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
    async (request) => {
      const q = request.query;
      const limit = q.limit ?? 50;
      const offset = q.offset ?? 0;
      let base = s.db.selectFrom('audit_events').where('tenant_id', '=', principalOf(request).tenantId);
      if (q.action !== undefined)
        base = q.action.endsWith('.')
          ? base.where('action', 'like', `${q.action.replace(/[%_\\]/g, '')}%`)
          : base.where('action', '=', q.action);
      if (q.actor_id !== undefined) base = base.where('actor_id', '=', q.actor_id);
      if (q.subject_id !== undefined) base = base.where('subject_id', '=', q.subject_id);
      if (q.since !== undefined) base = base.where('created_at', '>=', new Date(q.since).toISOString());
      if (q.until !== undefined) base = base.where('created_at', '<', new Date(q.until).toISOString());
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        total: Number(total.n),
        limit,
        offset,
        items: rows.map((r) => ({
          id: r.id,
          action: r.action,
          actor_type: r.actor_type,
          actor_id: r.actor_id,
          subject_type: r.subject_type,
          subject_id: r.subject_id,
          metadata: shownMetadata(r.metadata),
          created_at: r.created_at,
        })),
      };
    },
  );
};
