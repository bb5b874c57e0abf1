import { Type } from 'typebox';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { errorResponses, IdParams, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { approveVersion, publishVersion, rejectVersion } from './release-service.js';
import * as R from './response-schemas.js';
import { rollbackPolicy } from './rollback-service.js';
import { policyPartsOf, Reason } from './route-parts.js';

const VersionParams = Type.Object({ id: Uuid, version: Type.Integer({ minimum: 1 }) });

/** The release lifecycle (document 1, States): publish, approve, reject, roll back. */
export const policyReleaseModule: ApiModule = async (app) => {
  app.post(
    '/policies/:id/versions/:version/publish',
    {
      onRequest: [requirePermission('policies:publish')],
      schema: {
        params: VersionParams,
        response: { 200: R.ReleaseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      publishVersion(
        serviceContextOf(request),
        policyPartsOf(request),
        request.params.id,
        request.params.version,
      ),
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
    async (request) =>
      approveVersion(
        serviceContextOf(request),
        policyPartsOf(request),
        request.params.id,
        request.params.version,
      ),
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
        serviceContextOf(request),
        request.params.id,
        request.params.version,
        request.body.reason,
      );
      return reply.code(204).send(null);
    },
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
      rollbackPolicy(
        serviceContextOf(request),
        policyPartsOf(request),
        request.params.id,
        request.body.to_version,
        request.body.reason,
      ),
  );
};
