import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { exportPackage } from './export.js';
import { TenantSlots } from './limiter.js';
import { DryRunSchema, ImportSchema, PackageBody, PackageSchema } from './schemas.js';
import { dryRunPackage, importPackage, type PackageRequest } from './service.js';

/** Document 1, Limits: a package dry run or import body. */
export const PACKAGE_BODY_LIMIT = 256 * 1024;

/**
 * Policy packages (document 1, Policy package; docs/policy-packages.md): export a version, dry-run
 * and import a package. `admitted` (tests only) runs once a dry run or import holds one of the
 * tenant's four slots.
 */
export function policyPackageRoutes(
  options: { admitted?: (tenantId: string) => Promise<void> } = {},
): ApiModule {
  return async (app) => {
    const slots = new TenantSlots(undefined, options.admitted);

    app.get(
      '/policies/:id/versions/:version/package',
      {
        onRequest: [requirePermission('policies:read')],
        schema: {
          params: Type.Object({
            id: IdParams.properties.id,
            version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
          }),
          response: { 200: PackageSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => exportPackage(serviceContextOf(request), request.params.id, request.params.version),
    );

    const packageRoute = {
      onRequest: [requirePermission('policies:write')],
      bodyLimit: PACKAGE_BODY_LIMIT,
    };
    const errors = errorResponses(401, 403, 413, 422, 429);

    app.post(
      '/policy-packages/dry-run',
      { ...packageRoute, schema: { body: PackageBody, response: { 200: DryRunSchema, ...errors } } },
      async (request) => {
        const p = principalOf(request);
        return slots.run(p.tenantId, () =>
          dryRunPackage(serviceContextOf(request), request.body as unknown as PackageRequest, p.permissions),
        );
      },
    );

    app.post(
      '/policy-packages/import',
      { ...packageRoute, schema: { body: PackageBody, response: { 201: ImportSchema, ...errors } } },
      async (request, reply) => {
        const p = principalOf(request);
        const answer = await slots.run(p.tenantId, () =>
          importPackage(serviceContextOf(request), request.body as unknown as PackageRequest, p.permissions),
        );
        return reply.code(201).send(answer);
      },
    );
  };
}

export const policyPackagesModule: ApiModule = policyPackageRoutes();
