import { Type } from 'typebox';
import { auditContextOf } from '../../src/http/audit.js';
import { principalOf } from '../../src/http/authenticate.js';
import { requireAnyPermission, requirePermission, requireStepUp } from '../../src/http/guards.js';
import { errorResponses, IdParams, pageQuery } from '../../src/http/schemas.js';
import type { ApiModule } from '../../src/modules/index.js';

/**
 * Routes that exist only in tests, to exercise the core: validation, path ids, guards, audit.
 * Mounted under /api/v1/probe via createTestApp({ extraModules: [probeModule] }).
 */
export const probeModule: ApiModule = async (app) => {
  const Item = Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 20 }),
      count: Type.Integer({ minimum: 1, maximum: 10 }),
      scope: Type.Optional(
        Type.Object({ channels: Type.Array(Type.Union([Type.Literal('print'), Type.Literal('clipboard')])) }),
      ),
    },
    { additionalProperties: false },
  );
  const Reply = Type.Object({ id: Type.String(), name: Type.String(), count: Type.Integer() });

  app.post(
    '/probe/items/:id',
    {
      config: { auth: 'none' },
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: Item,
        response: { 200: Reply },
      },
    },
    async (request) => ({ ...request.body, id: request.params.id, secret: 'must-not-leak' }),
  );

  app.get(
    '/probe/list',
    {
      config: { auth: 'none' },
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
        response: { 200: Type.Object({ limit: Type.Integer() }) },
      },
    },
    async (request) => ({ limit: request.query.limit ?? 50 }),
  );

  app.get(
    '/probe/things/:id',
    {
      schema: {
        params: IdParams,
        querystring: Type.Object(pageQuery({ maxLimit: 100, defaultLimit: 25, maxOffset: 10_000 })),
        response: {
          200: Type.Object({ id: Type.String(), limit: Type.Integer(), offset: Type.Integer() }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({
      id: request.params.id,
      limit: request.query.limit ?? 0,
      offset: request.query.offset ?? 0,
    }),
  );

  app.get('/probe/busy', { config: { auth: 'none' } }, async () => {
    const error = new Error('database is locked') as Error & { code: string; detail: string };
    error.code = 'SQLITE_BUSY';
    error.detail = 'Key (email)=(private@example.com) already exists';
    throw error;
  });

  app.get('/probe/boom', { config: { auth: 'none' } }, async () => {
    throw new Error('SELECT secret FROM users -- internal detail');
  });

  app.get(
    '/probe/whoami',
    {
      schema: {
        response: {
          200: Type.Object({
            user_id: Type.String(),
            role: Type.String(),
            permissions: Type.Array(Type.String()),
          }),
        },
      },
    },
    async (request) => {
      const p = principalOf(request);
      return { user_id: p.userId, role: p.role, permissions: [...p.permissions].sort() };
    },
  );

  app.post(
    '/probe/users-write',
    { onRequest: [requirePermission('users:write')], schema: { response: { 204: Type.Null() } } },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.get(
    '/probe/directory',
    {
      onRequest: [requireAnyPermission('users:write', 'audit:read')],
      schema: { response: { 204: Type.Null() } },
    },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    '/probe/role-change',
    {
      onRequest: [requirePermission('users:write'), requireStepUp('role_change')],
      schema: { response: { 204: Type.Null() } },
    },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    '/probe/audited',
    { schema: { response: { 200: Type.Object({ audit_id: Type.String() }) } } },
    async (request) => {
      const id = await app.deps.audit.write(auditContextOf(request), {
        action: 'probe.done',
        subject: { type: 'probe', id: 'x' },
        metadata: { note: 'ok' },
      });
      return { audit_id: id };
    },
  );
};
