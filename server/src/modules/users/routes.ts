import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requireAnyPermission, requirePermission, requireStepUp } from '../../http/guards.js';
import { ALL_PERMISSIONS, PERMISSIONS } from '../../http/permissions.js';
import { PersonText } from '../../http/person-text.js';
import { BUILT_IN_ROLES } from '../../http/roles.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { liveCustomRoles } from '../roles/public.js';
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
import { inviteUser, issueReset, reinviteUser } from './invitations.js';
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
/**
 * User administration (document 3, Users; issue 4): the directory, invitations and reset links
 * issued by an administrator, roles, sessions. Redeeming them is in redeem-routes.ts.
 */
export const usersModule: ApiModule = async (app) => {
  const s = app.deps;
  const write = requirePermission('users:write');

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
    async (request) => directory(serviceContextOf(request), principalOf(request)),
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
      const out = await inviteUser(serviceContextOf(request), principalOf(request), request.body);
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
            custom_roles: Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                description: Type.String(),
                permissions: Type.Array(Type.String()),
                incident_scope: Type.Union([Type.Array(Type.String()), Type.Null()]),
              }),
            ),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({
      custom_roles: await liveCustomRoles(s.db, principalOf(request).tenantId),
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
      allSessions(serviceContextOf(request), principalOf(request), request.query.limit, request.query.offset),
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
      editProfile(serviceContextOf(request), principalOf(request), request.params.id, request.body),
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
      changeRole(serviceContextOf(request), principalOf(request), request.params.id, request.body),
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
      disableUser(serviceContextOf(request), principalOf(request), request.params.id, request.body.reason),
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
      enableUser(serviceContextOf(request), principalOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/users/:id/reinvite',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 200: LinkAnswer, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) =>
      reinviteUser(serviceContextOf(request), s.config, principalOf(request), request.params.id),
  );

  app.post(
    '/users/:id/password-reset',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 200: LinkAnswer, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) =>
      issueReset(serviceContextOf(request), s.config, principalOf(request), request.params.id),
  );

  app.post(
    '/users/:id/unlock',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 200: DirectoryRow, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) => unlockUser(serviceContextOf(request), principalOf(request), request.params.id),
  );

  app.delete(
    '/users/:id/second-factor',
    {
      onRequest: [write, requireStepUp('role_change')],
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await resetUserSecondFactor(serviceContextOf(request), principalOf(request), request.params.id);
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
    async (request) => sessionsOf(serviceContextOf(request), principalOf(request), request.params.id),
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
        serviceContextOf(request),
        principalOf(request),
        request.params.id,
        request.params.public_id,
      ),
  );
};
