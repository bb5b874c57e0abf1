import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { requireAnyPermission, requirePermission, requireStepUp } from '../../http/guards.js';
import { ALL_PERMISSIONS, PERMISSIONS } from '../../http/permissions.js';
import { PersonText } from '../../http/person-text.js';
import { BUILT_IN_ROLES } from '../../http/roles.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../../http/tokens.js';
import type { ApiModule } from '../index.js';
import {
  allSessions,
  changeRole,
  directory,
  disableUser,
  editProfile,
  enableUser,
  resetUserSecondFactor,
  revokeUserSession,
  sessionsOf,
} from './admin.js';
import { acceptInvitation, inviteUser, issueReset, redeemReset, reinviteUser } from './invitations.js';
import { DirectoryRow, TenantSession } from './response-schemas.js';
import { unlockUser } from './service.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const Reason = Type.Object(
  { reason: PersonText('multiline', { minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
const LinkAnswer = Type.Object({ user: Type.String(), link: Type.String(), expires_at: Timestamp });
const Session = Type.Object({
  public_id: Type.String(),
  issued_at: Timestamp,
  expires_at: Timestamp,
  source_ip: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
});
// Document 3: a malformed invitation or link (missing, empty, too long, not a string) is the same
// 401 as an unknown one, so the schema takes any value and the service judges its shape.
const SecretBody = (name: 'invitation' | 'reset') =>
  Type.Object(
    {
      [name]: Type.Optional(Type.Unknown({ description: `the ${name} string; anything malformed is 401` })),
      password: Type.String({ minLength: 1, maxLength: 1024 }),
    },
    { additionalProperties: false },
  );

/** User administration, invitations and reset links (document 3, Users; issue 4). */
export const usersModule: ApiModule = async (app) => {
  const s = app.deps;
  const write = requirePermission('users:write');
  const ctxOf = (request: Parameters<typeof auditContextOf>[0]) => ({
    ...auditContextOf(request),
    tenantId: principalOf(request).tenantId,
  });

  app.get(
    '/users',
    {
      onRequest: [requireAnyPermission('users:write', 'audit:read')],
      schema: {
        response: {
          // An auditor without users:write reads a subset of the row's fields.
          200: Type.Object({ items: Type.Array(Type.Partial(DirectoryRow)) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => directory(s.db, principalOf(request), s.clock.now()),
  );

  app.post(
    '/users',
    {
      onRequest: [write],
      schema: {
        body: Type.Object(
          {
            email: Type.String({ minLength: 3, maxLength: 254 }),
            role: Type.String({ maxLength: 40 }),
            display_name: Type.Optional(PersonText('line', { maxLength: 200 })),
            department: Type.Optional(PersonText('line', { maxLength: 200 })),
            outside_domain_confirmed: Type.Optional(Type.Boolean()),
            custom_role_id: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ user_id: Type.String(), invitation: Type.String(), expires_at: Timestamp }),
          ...errorResponses(401, 403, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const out = await inviteUser(
        s.db,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.body,
        s.clock.now(),
      );
      return reply.code(201).send(out);
    },
  );

  app.get(
    '/users/roles',
    {
      onRequest: [requireAnyPermission('audit:read', 'users:write')],
      schema: {
        response: {
          200: Type.Object({
            roles: Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                description: Type.String(),
                permissions: Type.Array(Type.String()),
              }),
            ),
            permissions: Type.Array(
              Type.Object({
                id: Type.String(),
                description: Type.String(),
                domain: Type.String(),
                sensitivity: Type.String(),
              }),
            ),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({
      roles: Object.values(BUILT_IN_ROLES).map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        permissions: [...r.permissions],
      })),
      permissions: ALL_PERMISSIONS.map((id) => ({
        id,
        description: PERMISSIONS[id].description,
        domain: PERMISSIONS[id].domain,
        sensitivity: PERMISSIONS[id].sensitivity,
      })),
    }),
  );

  app.get(
    '/users/sessions',
    {
      onRequest: [write],
      schema: {
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
            offset: Type.Integer({ minimum: 0, maximum: 10_000, default: 0 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            items: Type.Array(TenantSession),
            total: Type.Integer(),
            limit: Type.Integer(),
            offset: Type.Integer(),
          }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) =>
      allSessions(s.db, principalOf(request), s.clock.now(), request.query.limit, request.query.offset),
  );

  app.patch(
    '/users/:id',
    {
      onRequest: [write],
      schema: {
        params: IdParams,
        body: Type.Object(
          {
            display_name: Type.Optional(PersonText('line', { minLength: 1, maxLength: 200 })),
            department: Type.Optional(PersonText('line', { maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DirectoryRow, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      editProfile(
        s.db,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.params.id,
        request.body,
        s.clock.now(),
      ),
  );

  app.post(
    '/users/:id/role',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: {
        params: IdParams,
        body: Type.Object(
          {
            role: Type.String({ maxLength: 40 }),
            custom_role_id: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DirectoryRow, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      changeRole(
        s.db,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.params.id,
        request.body,
        s.clock.now(),
      ),
  );

  app.post(
    '/users/:id/disable',
    {
      onRequest: [write],
      schema: {
        params: IdParams,
        body: Reason,
        response: {
          200: Type.Object({
            ...DirectoryRow.properties,
            sessions_ended: Type.Integer(),
            incidents_still_assigned: Type.Integer(),
          }),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) =>
      disableUser(
        s.db,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.params.id,
        request.body.reason,
        s.clock.now(),
      ),
  );

  app.post(
    '/users/:id/enable',
    {
      onRequest: [write],
      schema: {
        params: IdParams,
        body: Reason,
        response: { 200: DirectoryRow, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      enableUser(
        s.db,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.params.id,
        request.body.reason,
        s.clock.now(),
      ),
  );

  app.post(
    '/users/:id/reinvite',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 200: LinkAnswer, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) =>
      reinviteUser(
        s.db,
        s.config,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.params.id,
        s.clock.now(),
      ),
  );

  app.post(
    '/users/:id/password-reset',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 200: LinkAnswer, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) =>
      issueReset(
        s.db,
        s.config,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.params.id,
        s.clock.now(),
      ),
  );

  app.post(
    '/users/:id/unlock',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 200: DirectoryRow, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) =>
      unlockUser(s.db, s.audit, principalOf(request), ctxOf(request), request.params.id, s.clock.now()),
  );

  app.delete(
    '/users/:id/second-factor',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await resetUserSecondFactor(s.db, s.audit, principalOf(request), ctxOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:id/sessions',
    {
      onRequest: [write],
      schema: {
        params: IdParams,
        response: { 200: Type.Object({ items: Type.Array(Session) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => sessionsOf(s.db, principalOf(request), request.params.id, s.clock.now()),
  );

  app.post(
    '/users/:id/sessions/:public_id/revoke',
    {
      onRequest: [write],
      schema: {
        params: Type.Object({ id: Uuid, public_id: Uuid }),
        response: {
          200: Type.Object({ revoked: Type.Literal(true) }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      revokeUserSession(
        s.db,
        s.audit,
        principalOf(request),
        ctxOf(request),
        request.params.id,
        request.params.public_id,
        s.clock.now(),
      ),
  );

  app.post(
    '/auth/accept-invitation',
    {
      config: { auth: 'none' },
      schema: {
        body: SecretBody('invitation'),
        response: {
          200: Type.Object({
            token: Type.String(),
            expires_at: Timestamp,
            user: Type.Object({
              id: Type.String(),
              email: Type.String(),
              display_name: Nullable(Type.String()),
              role: Type.String(),
            }),
          }),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { invitation?: unknown; password: string };
      const { token, session, user } = await acceptInvitation(s.db, s.clock.now(), {
        invitation: body.invitation,
        password: body.password,
        sourceIp: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        ...SESSION_COOKIE_OPTIONS,
        expires: new Date(session.expires_at),
      });
      return {
        token,
        expires_at: session.expires_at,
        user: { id: user.id, email: user.email, display_name: user.display_name, role: user.role },
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { auth: 'none' },
      schema: { body: SecretBody('reset'), response: { 204: Type.Null(), ...errorResponses(401, 422) } },
    },
    async (request, reply) => {
      const body = request.body as { reset?: unknown; password: string };
      await redeemReset(s.db, s.audit, request.id, s.clock.now(), body);
      return reply.code(204).send(null);
    },
  );
};
