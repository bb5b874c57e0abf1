import type { BundleEnvelope } from '@custos/engine';
import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import { diffPayloads, verifiedPayload } from './diff.js';
import { allSigningKeys, findBundle, listBundles } from './store.js';

const BundleRow = Type.Object(
  {
    version: Type.Integer(),
    reason: Type.String(),
    created_at: Type.String(),
    required_capabilities: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
const IdList = Type.Array(Type.String());
const Changes = Type.Object({ added: IdList, removed: IdList, changed: IdList });

/**
 * Bundle listing and signed diff (document 1, Endpoints; docs/policies.md). The manual compile,
 * `POST /policy-bundles/compile`, is a policies route (policies/bundle-compile-routes.ts): policies
 * decide what is released and hand it to the compiler.
 */
export const bundlesModule: ApiModule = async (app) => {
  const s = app.deps;

  app.get(
    '/policy-bundles',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        querystring: Type.Object(
          {
            paged: Type.Optional(Type.Boolean()),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 50 })),
            offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Union([
            Type.Array(BundleRow),
            Type.Object({
              items: Type.Array(BundleRow),
              total: Type.Integer(),
              limit: Type.Integer(),
              offset: Type.Integer(),
            }),
          ]),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listBundles(s.db, principalOf(request).tenantId, limit, offset);
      const items = rows.map((r) => ({
        version: r.version,
        reason: r.reason,
        created_at: r.created_at,
        required_capabilities: JSON.parse(r.required_capabilities) as string[],
      }));
      // Bare array (newest first) unless `paged` asks for the envelope (document 1, Endpoints).
      return request.query.paged ? { items, total, limit, offset } : items;
    },
  );

  app.get(
    '/policy-bundles/diff',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        querystring: Type.Object(
          { from: Type.Integer({ minimum: 1 }), to: Type.Integer({ minimum: 1 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              from: Type.Integer(),
              to: Type.Integer(),
              policies: Type.Object({
                added: IdList,
                removed: IdList,
                changed: Type.Array(Type.Object({ id: Type.String(), fields: IdList })),
              }),
              detectors: Changes,
              classifications: Changes,
              changed_sections: IdList,
              content_unchanged: Type.Boolean(),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const tenantId = principalOf(request).tenantId;
      const { from, to } = request.query;
      if (from >= to)
        throw new AppError('request.invalid', 'the request has invalid fields', [
          { field: 'to', message: 'must be above from (ascending versions)' },
        ]);
      const [a, b] = await Promise.all([findBundle(s.db, tenantId, from), findBundle(s.db, tenantId, to)]);
      if (!a || !b) throw notFound('policy bundle');
      const keys = new Map((await allSigningKeys(s.db, tenantId)).map((k) => [k.key_id, k.public_key_b64]));
      const pa = verifiedPayload(JSON.parse(a.envelope) as BundleEnvelope, keys);
      const pb = verifiedPayload(JSON.parse(b.envelope) as BundleEnvelope, keys);
      return diffPayloads(pa, pb);
    },
  );
};
