import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import { compileTenant } from './service.js';

/**
 * `POST /policy-bundles/compile` (document 1, Endpoints): compiles the released set into the next
 * bundle now. It lives with policies, which decide what is released; bundles only compiles what
 * it is handed.
 */
export const bundleCompileModule: ApiModule = async (app) => {
  const s = app.deps;

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
      const p = principalOf(request);
      const bundle = await compileTenant(
        { db: s.db, audit: s.audit, now: () => s.clock.now(), masterKey: s.keys.master },
        { tenantId: p.tenantId, userId: p.userId, canApprove: false, audit: auditContextOf(request) },
        'manual',
      );
      return { bundle_version: bundle.version };
    },
  );
};
