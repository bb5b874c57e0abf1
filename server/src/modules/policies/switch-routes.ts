import { Type } from 'typebox';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { errorResponses, IdParams, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import * as R from './response-schemas.js';
import { policyPartsOf, Reason } from './route-parts.js';
import { approveDisable, closeDisable, reorderPolicies, setEnabled, setGroup } from './switch-service.js';

const ReasonBody = Type.Object({ reason: Reason }, { additionalProperties: false });
const RequestParams = Type.Object({ id: Uuid, request_id: Uuid });

/** Switching on and off, governed disable requests, reorder and group (document 1, States). */
export const policySwitchModule: ApiModule = async (app) => {
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
        serviceContextOf(request),
        policyPartsOf(request),
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
    async (request) =>
      approveDisable(
        serviceContextOf(request),
        policyPartsOf(request),
        request.params.id,
        request.params.request_id,
      ),
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
      await closeDisable(serviceContextOf(request), request.params.id, request.params.request_id, 'rejected');
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
      await closeDisable(
        serviceContextOf(request),
        request.params.id,
        request.params.request_id,
        'withdrawn',
      );
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
    async (request) =>
      reorderPolicies(
        serviceContextOf(request),
        policyPartsOf(request),
        request.body.order,
        request.body.reason,
      ),
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
    async (request) => setGroup(serviceContextOf(request), request.params.id, request.body.group),
  );
};
