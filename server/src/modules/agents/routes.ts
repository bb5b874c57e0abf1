import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, pageQuery, Timestamp } from '../../http/schemas.js';
import type { PolicyPort } from '../../ports/policy-port.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { CapabilitiesSchema, HealthSchema } from './report-schemas.js';
import {
  createGroup,
  type GroupScopeUse,
  getAgentView,
  listAgentViews,
  moveAgent,
  renameGroupById,
  retireGroupById,
  revokeAgent,
} from './service.js';
import { listGroups } from './store.js';

const Group = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
  retired_at: Type.Union([Timestamp, Type.Null()]),
  agent_count: Type.Integer(),
});

const Agent = Type.Object({
  id: Type.String(),
  hostname: Type.String(),
  status: Type.String(),
  os: Type.String(),
  os_version: Type.String(),
  agent_version: Type.String(),
  group_id: Type.Union([Type.String(), Type.Null()]),
  agent_group: Type.Union([Type.String(), Type.Null()]),
  last_seen_at: Type.Union([Timestamp, Type.Null()]),
  enrolled_at: Timestamp,
  revoked_at: Type.Union([Timestamp, Type.Null()]),
  bundle_version: Type.Integer(),
  /** The trust version the endpoint last reported (docs/signing-keys.md). */
  policy_trust_version: Type.Integer(),
  signature_algorithm: Type.String(),
  key_protection: Type.String(),
  certificate_expires_at: Timestamp,
  capabilities: CapabilitiesSchema,
  health: HealthSchema,
});

const Reason = PersonText('multiline', { minLength: 5, maxLength: 500 });

const noRoleScopes: GroupScopeUse = async () => [];

/**
 * Console routes for endpoint groups and agents (issue 6; routes designed here and documented in
 * docs/api.md and docs/agent-interface.md; enrolment tokens are enrolment's own registry entry).
 * `roleScopes` answers which live custom roles scope incidents to a group (the identity
 * module's custom roles).
 */
export function agentsConsoleModule(
  policies: PolicyPort,
  roleScopes: GroupScopeUse = noRoleScopes,
): ApiModule {
  return async (app) => {
    const s = app.deps;
    const read = [requirePermission('agents:read')];
    const write = [requirePermission('agents:write')];

    app.get(
      '/agent-groups',
      {
        onRequest: read,
        schema: {
          querystring: Type.Object(
            { include_retired: Type.Optional(Type.Boolean()) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ items: Type.Array(Group) }), ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => {
        const rows = await listGroups(
          s.db,
          principalOf(request).tenantId,
          request.query.include_retired === true,
        );
        return {
          items: rows.map(({ id, name, created_at, retired_at, agent_count }) => ({
            id,
            name,
            created_at,
            retired_at,
            agent_count,
          })),
        };
      },
    );

    app.post(
      '/agent-groups',
      {
        onRequest: write,
        schema: {
          body: Type.Object(
            { name: PersonText('line', { maxLength: 200 }) },
            { additionalProperties: false },
          ),
          response: { 201: Group, ...errorResponses(401, 403, 409, 422) },
        },
      },
      async (request, reply) => {
        const g = await createGroup(serviceContextOf(request), request.body.name);
        return reply
          .code(201)
          .send({ id: g.id, name: g.name, created_at: g.created_at, retired_at: null, agent_count: 0 });
      },
    );

    app.patch(
      '/agent-groups/:id',
      {
        onRequest: write,
        schema: {
          params: IdParams,
          body: Type.Object(
            { name: PersonText('line', { maxLength: 200 }) },
            { additionalProperties: false },
          ),
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        await renameGroupById(serviceContextOf(request), request.params.id, request.body.name, policies);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/agent-groups/:id/retire',
      {
        onRequest: write,
        schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) } },
      },
      async (request, reply) => {
        await retireGroupById(serviceContextOf(request), request.params.id, policies, roleScopes);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/agents',
      {
        onRequest: read,
        schema: {
          querystring: Type.Object(
            {
              status: Type.Optional(
                Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('uninstalled')]),
              ),
              group_id: Type.Optional(Type.String({ format: 'uuid' })),
              search: Type.Optional(Type.String({ maxLength: 200 })),
              ...pageQuery({ maxLimit: 200, defaultLimit: 50, maxOffset: 1_000_000 }),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              items: Type.Array(Agent),
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
        const r = await listAgentViews(serviceContextOf(request), {
          status: q.status,
          groupId: q.group_id,
          search: q.search,
          limit,
          offset,
        });
        return { ...r, limit, offset };
      },
    );

    app.get(
      '/agents/:id',
      {
        onRequest: read,
        schema: { params: IdParams, response: { 200: Agent, ...errorResponses(401, 403, 404) } },
      },
      async (request) => getAgentView(serviceContextOf(request), request.params.id),
    );

    app.post(
      '/agents/:id/group',
      {
        onRequest: write,
        schema: {
          params: IdParams,
          body: Type.Object(
            { group_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]) },
            { additionalProperties: false },
          ),
          response: { 200: Agent, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => moveAgent(serviceContextOf(request), request.params.id, request.body.group_id),
    );

    app.post(
      '/agents/:id/revoke',
      {
        onRequest: write,
        schema: {
          params: IdParams,
          body: Type.Object({ reason: Reason }, { additionalProperties: false }),
          response: { 200: Agent, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => revokeAgent(serviceContextOf(request), request.params.id, request.body.reason),
    );
  };
}
