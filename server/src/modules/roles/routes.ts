import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requireAnyPermission, requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  createRole,
  listAllRoles,
  loadCustomRole,
  permissionCatalogue,
  retireRole,
  updateRole,
} from './service.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const ScopeList = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 });

const CustomRole = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  permissions: Type.Array(Type.String()),
  incident_scope: Nullable(Type.Array(Type.String())),
  revision: Type.Integer(),
  member_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
  retired_at: Nullable(Timestamp),
});

const definitionFields = {
  name: PersonText('line', { minLength: 1, maxLength: 100 }),
  description: Type.Optional(PersonText('multiline', { maxLength: 1000 })),
  permissions: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }),
  incident_scope: Type.Optional(Nullable(ScopeList)),
};

/**
 * Custom roles (document 3, Custom roles; docs/identity.md). Registers the loader the
 * foundation calls on every request, so a holder's permissions follow the current definition.
 */
export const rolesModule: ApiModule = async (app) => {
  app.auth.setCustomRoleLoader(loadCustomRole);
  const read = requireAnyPermission('audit:read', 'users:write');
  const write = [requirePermission('users:write'), requireStepUp('role_change')];

  app.get(
    '/roles',
    {
      onRequest: [read],
      schema: {
        response: {
          200: Type.Object({
            built_in: Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                description: Type.String(),
                permissions: Type.Array(Type.String()),
                member_count: Type.Integer(),
              }),
            ),
            custom: Type.Array(CustomRole),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => listAllRoles(serviceContextOf(request), principalOf(request)),
  );

  app.get(
    '/roles/permissions',
    {
      onRequest: [read],
      schema: {
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                id: Type.String(),
                description: Type.String(),
                domain: Type.String(),
                sensitivity: Type.String(),
                delegable: Type.Boolean(),
                tenant_wide: Type.Boolean(),
                grantable_by_you: Type.Boolean(),
              }),
            ),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => permissionCatalogue(principalOf(request)),
  );

  app.post(
    '/roles',
    {
      onRequest: write,
      schema: {
        body: Type.Object(definitionFields, { additionalProperties: false }),
        response: { 201: CustomRole, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const out = await createRole(serviceContextOf(request), principalOf(request), request.body);
      return reply.code(201).send(out);
    },
  );

  app.put(
    '/roles/:id',
    {
      onRequest: write,
      schema: {
        params: IdParams,
        body: Type.Object(
          { ...definitionFields, revision: Type.Integer({ minimum: 1 }) },
          { additionalProperties: false },
        ),
        response: { 200: CustomRole, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      updateRole(serviceContextOf(request), principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/roles/:id/retire',
    {
      onRequest: write,
      schema: {
        params: IdParams,
        body: Type.Object(
          { reason: PersonText('multiline', { minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        response: { 200: CustomRole, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      retireRole(serviceContextOf(request), principalOf(request), request.params.id, request.body.reason),
  );
};
