import { KNOWN_CHANNELS, POLICY_GROUPS } from '@custos/engine';
import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
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
import { getPolicy, listPolicyRows } from './policy-list.js';
import * as R from './response-schemas.js';
import { policyPartsOf } from './route-parts.js';
import { addVersion, createPolicy, getVersions } from './service.js';

/** Policy fields are validated by the engine's validatePolicyVersion (field errors name the path). */
const PolicyBody = Type.Record(Type.String(), Type.Unknown(), {
  description: 'policy version fields (docs/policies.md)',
});
/**
 * Policies and their versions (document 1; issue 5; docs/policies.md): the list, the inventory,
 * one policy, its lifecycle view and versions. Release, preview and switch routes are beside it.
 */
export const policiesModule: ApiModule = async (app) => {
  const s = app.deps;

  app.get(
    '/policies',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { response: { 200: Type.Array(R.PolicyRowSchema), ...errorResponses(401, 403) } },
    },
    async (request) => listPolicyRows(serviceContextOf(request), principalOf(request).tenantId),
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
      return reply.code(201).send(await createPolicy(serviceContextOf(request), request.body));
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
    async (request) => getPolicy(serviceContextOf(request), principalOf(request).tenantId, request.params.id),
  );

  app.get(
    '/policies/:id/lifecycle',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { params: IdParams, response: { 200: R.LifecycleSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) =>
      lifecycleView(
        serviceContextOf(request),
        policyPartsOf(request),
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
    async (request) =>
      getVersions(serviceContextOf(request), principalOf(request).tenantId, request.params.id),
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
      return reply
        .code(201)
        .send(await addVersion(serviceContextOf(request), request.params.id, request.body));
    },
  );
};
