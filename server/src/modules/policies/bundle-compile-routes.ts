import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { errorResponses } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { policyPartsOf } from './route-parts.js';
import { compileTenant } from './service.js';

/**
 * `POST /policy-bundles/compile` (document 1, Endpoints): compiles the released set into the next
 * bundle now. It lives with policies, which decide what is released; bundles only compiles what
 * it is handed.
 */
export const bundleCompileModule: ApiModule = async (app) => {
  app.post(
    '/policy-bundles/compile',
    {
      onRequest: [requirePermission('policies:publish')],
      schema: {
        response: {
          200: Type.Object({ bundle_version: Type.Integer() }, { additionalProperties: false }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => {
      const bundle = await compileTenant(serviceContextOf(request), policyPartsOf(request), 'manual');
      return { bundle_version: bundle.version };
    },
  );
};
