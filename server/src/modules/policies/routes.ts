import { KNOWN_CHANNELS, POLICY_GROUPS, type Scope } from '@custos/engine';
import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Uuid } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import {
  INVENTORY_ACTIONS,
  INVENTORY_DEPLOYMENTS,
  INVENTORY_FAMILIES,
  INVENTORY_SORTS,
  INVENTORY_STATUSES,
  type InventoryQuery,
  inventory,
} from './inventory.js';
import { lifecycleView } from './lifecycle-view.js';
import { checkLookupPermissions } from './lookup-permissions.js';
import { approveVersion, publishVersion, rejectVersion, rollbackPolicy } from './release-service.js';
import * as R from './response-schemas.js';
import { getPolicy, listPolicyRows } from './rows.js';
import { scopePreview } from './scope-preview.js';
import { type Actor, addVersion, createPolicy, getVersions, type PolicyDeps } from './service.js';
import { simulate } from './simulate.js';
import { approveDisable, closeDisable, reorderPolicies, setEnabled, setGroup } from './switch-service.js';

/** Policy fields are validated by the engine's validatePolicyVersion (field errors name the path). */
const PolicyBody = Type.Record(Type.String(), Type.Unknown(), {
  description: 'policy version fields (docs/policies.md)',
});
const Names = Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 1000 }));
const Target = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('directory_group'),
      Type.Literal('endpoint'),
      Type.Literal('endpoint_group'),
    ]),
    source: Type.Object({ type: Type.String(), domain_sid: Type.Optional(Type.String()) }),
    object_id: Type.String({ maxLength: 300 }),
    label: Type.Optional(PersonText('line', { maxLength: 300 })),
  },
  { additionalProperties: false },
);
/** A scope to preview: the dimensions of document 1, Scope (the compiler-only exclude_* lists are not taken). */
const ScopeBody = Type.Object(
  {
    departments: Names,
    channels: Names,
    operating_systems: Names,
    destinations: Names,
    sources: Names,
    applications: Names,
    user_ids: Names,
    groups: Names,
    device_ids: Names,
    agent_groups: Names,
    include_targets: Type.Optional(Type.Array(Target, { maxItems: 1000 })),
    exclude_targets: Type.Optional(Type.Array(Target, { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
const VersionParams = Type.Object({ id: Uuid, version: Type.Integer({ minimum: 1 }) });
const Reason = PersonText('multiline', { minLength: 1, maxLength: 500 });

function actorOf(request: Parameters<typeof auditContextOf>[0]): Actor {
  const p = principalOf(request);
  return {
    tenantId: p.tenantId,
    userId: p.userId,
    canApprove: p.permissions.has('policies:approve'),
    audit: auditContextOf(request),
  };
}

/** Policies, versions and the release lifecycle of document 1 (issue 5; docs/policies.md). */
export const policiesModule: ApiModule = async (app) => {
  const s = app.deps;
  const deps: PolicyDeps = { db: s.db, audit: s.audit, now: () => s.clock.now(), masterKey: s.keys.master };

  app.get(
    '/policies',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { response: { 200: Type.Array(R.PolicyRowSchema), ...errorResponses(401, 403) } },
    },
    async (request) => listPolicyRows(deps, principalOf(request).tenantId),
  );

  app.post(
    '/policies',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        body: PolicyBody,
        response: { 201: R.PolicyVersionSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      checkLookupPermissions(request.body, principalOf(request).permissions);
      return reply.code(201).send(await createPolicy(deps, actorOf(request), request.body));
    },
  );

  const oneOf = (values: readonly string[]) => Type.Optional(Type.Union(values.map((v) => Type.Literal(v))));
  app.get(
    '/policies/inventory',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        querystring: Type.Object(
          {
            q: Type.Optional(Type.String({ maxLength: 200 })),
            family: oneOf(INVENTORY_FAMILIES),
            group: oneOf(POLICY_GROUPS),
            status: oneOf(INVENTORY_STATUSES),
            action: oneOf(INVENTORY_ACTIONS),
            channel: oneOf(KNOWN_CHANNELS),
            classification: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            scope: oneOf(['whole_company', 'targeted']),
            owner: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
            deployment: oneOf(INVENTORY_DEPLOYMENTS),
            attention: oneOf(['cannot_fire', 'needs_review']),
            updated_since: Type.Optional(Type.String({ maxLength: 40 })),
            sort: oneOf(INVENTORY_SORTS),
            dir: oneOf(['asc', 'desc']),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
            offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: R.InventorySchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      inventory(s.db, principalOf(request).tenantId, request.query as InventoryQuery, s.clock.now()),
  );

  app.get(
    '/policies/:id',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { params: IdParams, response: { 200: R.PolicyRowSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => getPolicy(deps, principalOf(request).tenantId, request.params.id),
  );

  app.get(
    '/policies/:id/lifecycle',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { params: IdParams, response: { 200: R.LifecycleSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) =>
      lifecycleView(
        deps,
        actorOf(request),
        request.params.id,
        principalOf(request).permissions.has('policies:publish'),
      ),
  );

  app.get(
    '/policies/:id/versions',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        params: IdParams,
        response: { 200: Type.Array(R.PolicyVersionSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getVersions(deps, principalOf(request).tenantId, request.params.id),
  );

  app.post(
    '/policies/:id/versions',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        params: IdParams,
        body: PolicyBody,
        response: { 201: R.PolicyVersionSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      checkLookupPermissions(request.body, principalOf(request).permissions);
      return reply.code(201).send(await addVersion(deps, actorOf(request), request.params.id, request.body));
    },
  );

  app.post(
    '/policies/:id/versions/:version/publish',
    {
      onRequest: [requirePermission('policies:publish')],
      schema: {
        params: VersionParams,
        response: { 200: R.ReleaseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => publishVersion(deps, actorOf(request), request.params.id, request.params.version),
  );

  app.post(
    '/policies/:id/versions/:version/approve',
    {
      onRequest: [requirePermission('policies:approve'), requireStepUp('policy_release')],
      schema: {
        params: VersionParams,
        response: { 200: R.ReleaseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => approveVersion(deps, actorOf(request), request.params.id, request.params.version),
  );

  app.post(
    '/policies/:id/versions/:version/reject',
    {
      onRequest: [requirePermission('policies:approve')],
      schema: {
        params: VersionParams,
        body: Type.Object({ reason: Reason }, { additionalProperties: false }),
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await rejectVersion(
        deps,
        actorOf(request),
        request.params.id,
        request.params.version,
        request.body.reason,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/policies/scope-preview',
    {
      onRequest: [requirePermission('policies:read', 'agents:read')],
      schema: {
        body: Type.Object({ scope: ScopeBody }, { additionalProperties: false }),
        response: { 200: R.ScopePreviewSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      scopePreview(s.db, principalOf(request).tenantId, request.body.scope as Scope, s.clock.now()),
  );

  app.post(
    '/policies/simulate',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        body: Type.Object(
          {
            text: Type.String({ maxLength: 1_000_000 }),
            // The closed channel vocabulary (issue 14): a typo would simulate an event no rule sees.
            channel: Type.String({ enum: [...KNOWN_CHANNELS] }),
            os: Type.Optional(Type.String({ maxLength: 32 })),
            agent_group: Type.Optional(Type.String({ maxLength: 200 })),
            destination_domain: Type.Optional(Type.String({ maxLength: 253 })),
            application: Type.Optional(Type.String({ maxLength: 260 })),
            source_path: Type.Optional(Type.String({ maxLength: 4096 })),
            file_extension: Type.Optional(Type.String({ maxLength: 32 })),
            user_sid: Type.Optional(Type.String({ maxLength: 200 })),
            user_groups: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 500 })),
            network_location: Type.Optional(
              Type.Union(['corporate', 'vpn', 'off_network', 'unknown'].map((v) => Type.Literal(v))),
            ),
            policy_id: Type.Optional(Uuid),
            version: Type.Optional(Type.Integer({ minimum: 1 })),
            endpoint_id: Type.Optional(Uuid),
          },
          { additionalProperties: false },
        ),
        response: { 200: R.SimulationSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      simulate(
        deps,
        actorOf(request),
        request.body as Parameters<typeof simulate>[2],
        principalOf(request).permissions.has('agents:read'),
      ),
  );

  app.post(
    '/policies/:id/rollback',
    {
      onRequest: [requirePermission('policies:publish')],
      schema: {
        params: IdParams,
        body: Type.Object(
          { to_version: Type.Integer({ minimum: 1 }), reason: Reason },
          { additionalProperties: false },
        ),
        response: { 200: R.ReleaseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      rollbackPolicy(deps, actorOf(request), request.params.id, request.body.to_version, request.body.reason),
  );
};

const ReasonBody = Type.Object({ reason: Reason }, { additionalProperties: false });
const RequestParams = Type.Object({ id: Uuid, request_id: Uuid });

/** Switching on and off, governed disable requests, reorder and group (document 1, States). */
export const policySwitchModule: ApiModule = async (app) => {
  const s = app.deps;
  const deps: PolicyDeps = { db: s.db, audit: s.audit, now: () => s.clock.now(), masterKey: s.keys.master };

  app.post(
    '/policies/:id/enabled',
    {
      onRequest: [requirePermission('policies:publish')],
      schema: {
        params: IdParams,
        body: Type.Object({ enabled: Type.Boolean(), reason: Reason }, { additionalProperties: false }),
        response: {
          200: R.SwitchedSchema,
          202: R.SwitchRequestedSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const r = await setEnabled(
        deps,
        actorOf(request),
        request.params.id,
        request.body.enabled,
        request.body.reason,
      );
      return reply.code(r.code).send(r.body);
    },
  );

  app.post(
    '/policies/:id/disable/:request_id/approve',
    {
      onRequest: [requirePermission('policies:approve'), requireStepUp('policy_release')],
      schema: {
        params: RequestParams,
        response: { 200: R.SwitchedSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => approveDisable(deps, actorOf(request), request.params.id, request.params.request_id),
  );

  app.post(
    '/policies/:id/disable/:request_id/reject',
    {
      onRequest: [requirePermission('policies:approve')],
      schema: {
        params: RequestParams,
        body: ReasonBody,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await closeDisable(deps, actorOf(request), request.params.id, request.params.request_id, 'rejected');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/policies/:id/disable/:request_id/withdraw',
    {
      schema: {
        params: RequestParams,
        body: ReasonBody,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await closeDisable(deps, actorOf(request), request.params.id, request.params.request_id, 'withdrawn');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/policies/reorder',
    {
      onRequest: [requirePermission('policies:publish'), requireStepUp('policy_release')],
      schema: {
        body: Type.Object(
          { order: Type.Array(Uuid, { maxItems: 100_000 }), reason: Reason },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ bundle_version: Type.Integer() }, { additionalProperties: false }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => reorderPolicies(deps, actorOf(request), request.body.order, request.body.reason),
  );

  app.post(
    '/policies/:id/group',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        params: IdParams,
        body: Type.Object(
          { group: Type.Union([Type.String(), Type.Null()]) },
          { additionalProperties: false },
        ),
        response: { 200: R.GroupSetSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => setGroup(deps, actorOf(request), request.params.id, request.body.group),
  );
};
