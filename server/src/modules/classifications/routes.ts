import {
  BUILTIN_DETECTORS,
  type ClassificationRule,
  type CustomDetectorSpec,
  checkPersonText,
  conditionBindings,
  type PolicyVersionInput,
  validateClassificationDefinition,
  validateCustomDetector,
} from '@custos/engine';
import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { PERSON_TEXT_KEYWORD } from '../../http/person-text.js';
import { errorResponses } from '../../http/schemas.js';
import { currentCustomDetectors } from '../detectors/public.js';
import type { ApiModule } from '../index.js';
import { tenantClassifications } from './public.js';
import { ClassificationEnabledSchema, ClassificationSchema, DetectorSchema } from './response-schemas.js';

const ClassParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });
const builtinIds = new Set(BUILTIN_DETECTORS.map((d) => d.id));

/**
 * Detectors and classifications (issue 5; the spec shows no routes, designed here and documented
 * in docs/policies.md). A classification coordinate is immutable; a published or pending policy
 * binding it blocks new revisions and disabling (document 1, Conditions rule 1).
 */
export const classificationsModule: ApiModule = async (app) => {
  const s = app.deps;

  async function boundBy(tenantId: string, classificationId: string): Promise<string[]> {
    const rows = await s.db
      .selectFrom('policy_versions')
      .select(['policy_id', 'spec'])
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', ['published', 'pending_approval'])
      .execute();
    return [
      ...new Set(
        rows
          .filter((r) =>
            conditionBindings((JSON.parse(r.spec) as PolicyVersionInput).condition).some(
              (b) => b.classification_id === classificationId,
            ),
          )
          .map((r) => r.policy_id),
      ),
    ];
  }

  app.get(
    '/detectors',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        response: { 200: Type.Object({ items: Type.Array(DetectorSchema) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const custom = await currentCustomDetectors(s.db, principalOf(request).tenantId);
      return {
        items: [
          ...BUILTIN_DETECTORS.map((d) => ({
            id: d.id,
            version: d.version,
            category: d.category,
            description: d.description,
            builtin: true,
          })),
          ...[...custom.values()].map((c) => ({ ...c, builtin: false })),
        ],
      };
    },
  );

  app.post(
    '/detectors',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        body: Type.Record(Type.String(), Type.Unknown()),
        response: { 201: DetectorSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const current = await currentCustomDetectors(s.db, p.tenantId);
      const id = String(request.body['id'] ?? '');
      // The version is the server's: one more than the stored one.
      const spec = {
        ...request.body,
        version: (current.get(id)?.version ?? 0) + 1,
      } as unknown as CustomDetectorSpec;
      const errors = validateCustomDetector(spec);
      if (errors.length > 0)
        throw new AppError(422, 'request.invalid', 'the detector has invalid fields', errors);
      if (builtinIds.has(spec.id))
        throw new AppError(409, 'resource.conflict', 'a built-in detector has that id');
      await s.db
        .insertInto('custom_detectors')
        .values({
          tenant_id: p.tenantId,
          id: spec.id,
          version: spec.version,
          spec: JSON.stringify(spec),
          created_by: p.userId,
          created_at: s.clock.now().toISOString(),
        })
        .execute();
      await s.audit.write(auditContextOf(request), {
        action: 'detector.saved',
        subject: { type: 'detector', id: spec.id },
        metadata: { version: spec.version },
      });
      return reply.code(201).send({ ...spec, builtin: false });
    },
  );

  app.get(
    '/classifications',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        response: {
          200: Type.Object({ items: Type.Array(ClassificationSchema) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const { rows, enabled } = await tenantClassifications(s.db, principalOf(request).tenantId);
      return {
        items: rows
          .sort(
            (a, b) =>
              a.id.localeCompare(b.id) ||
              a.classification_version - b.classification_version ||
              a.revision - b.revision,
          )
          .map((r) => ({
            classification_id: r.id,
            classification_version: r.classification_version,
            revision: r.revision,
            name: r.name,
            rules: JSON.parse(r.rules) as ClassificationRule[],
            enabled: enabled.get(r.id) !== false,
            created_at: r.created_at,
          })),
      };
    },
  );

  async function save(
    tenantId: string,
    userId: string,
    body: { classification_id: string; name: string; rules: unknown; new_version?: boolean },
    existing: boolean,
  ) {
    // Ids are per tenant (migration 0207): another tenant's id is neither taken nor visible here.
    const { rows } = await tenantClassifications(s.db, tenantId);
    const mine = rows.filter((r) => r.id === body.classification_id);
    if (!existing && mine.length > 0)
      throw new AppError(409, 'resource.conflict', 'the classification id is taken');
    if (existing && mine.length === 0) throw notFound('classification');
    const topVersion = Math.max(0, ...mine.map((r) => r.classification_version));
    const version = existing ? (body.new_version ? topVersion + 1 : topVersion) : 1;
    const revision =
      existing && !body.new_version
        ? Math.max(...mine.filter((r) => r.classification_version === version).map((r) => r.revision)) + 1
        : 1;
    const def = {
      classification_id: body.classification_id,
      classification_version: version,
      revision,
      name: body.name,
      rules: body.rules,
    };
    const errors = validateClassificationDefinition(def);
    // The person-text rule on write only: a bundle's definitions are checked by the agent for
    // shape, and a name stored before the rule must not make a bundle unverifiable.
    checkPersonText({ add: (field, message) => errors.push({ field, message }) }, 'name', def.name, 'line');
    for (const [i, r] of (def.rules as unknown[]).entries())
      checkPersonText(
        { add: (field, message) => errors.push({ field, message }) },
        `rules[${i}].name`,
        (r as { name?: unknown } | null)?.name,
        'line',
      );
    if (errors.length > 0)
      throw new AppError(422, 'request.invalid', 'the classification has invalid fields', errors);
    const custom = await currentCustomDetectors(s.db, tenantId);
    for (const [i, r] of (def.rules as ClassificationRule[]).entries())
      for (const [j, e] of r.elements.entries())
        if (!builtinIds.has(e.detector_id) && !custom.has(e.detector_id))
          errors.push({
            field: `rules[${i}].elements[${j}].detector_id`,
            message: 'names no detector of this tenant',
          });
    if (errors.length > 0)
      throw new AppError(422, 'request.invalid', 'the classification has invalid fields', errors);
    await s.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('classifications')
        .values({
          tenant_id: tenantId,
          id: def.classification_id,
          classification_version: version,
          revision,
          name: def.name,
          rules: JSON.stringify(def.rules),
          created_by: userId,
          created_at: s.clock.now().toISOString(),
        })
        .execute();
      if (!existing)
        await trx
          .insertInto('classification_state')
          .values({ id: def.classification_id, tenant_id: tenantId, enabled: 1 })
          .execute();
    });
    return { ...def, enabled: true };
  }

  app.post(
    '/classifications',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        body: Type.Object(
          {
            classification_id: Type.String({ minLength: 1, maxLength: 128 }),
            // Lengths are the engine's (validateClassificationDefinition); the rule is declared here too.
            name: Type.String({ [PERSON_TEXT_KEYWORD]: 'line' }),
            rules: Type.Array(Type.Unknown(), { maxItems: 100 }),
          },
          { additionalProperties: false },
        ),
        response: { 201: ClassificationSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const out = await save(p.tenantId, p.userId, request.body, false);
      await s.audit.write(auditContextOf(request), {
        action: 'classification.created',
        subject: { type: 'classification', id: out.classification_id },
      });
      return reply.code(201).send(out);
    },
  );

  app.post(
    '/classifications/:id/revisions',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        params: ClassParams,
        body: Type.Object(
          {
            // Lengths are the engine's (validateClassificationDefinition); the rule is declared here too.
            name: Type.String({ [PERSON_TEXT_KEYWORD]: 'line' }),
            rules: Type.Array(Type.Unknown(), { maxItems: 100 }),
            new_version: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: ClassificationSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const bound = await boundBy(p.tenantId, request.params.id);
      if (bound.length > 0)
        throw new AppError(
          409,
          'classification.bound',
          'a published or pending policy binds this classification',
          [{ field: 'classification_id', message: `bound by ${bound.length} policies` }],
        );
      const out = await save(
        p.tenantId,
        p.userId,
        { ...request.body, classification_id: request.params.id },
        true,
      );
      await s.audit.write(auditContextOf(request), {
        action: 'classification.revised',
        subject: { type: 'classification', id: out.classification_id },
        metadata: { classification_version: out.classification_version, revision: out.revision },
      });
      return reply.code(201).send(out);
    },
  );

  app.post(
    '/classifications/:id/enabled',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        params: ClassParams,
        body: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: ClassificationEnabledSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const { rows } = await tenantClassifications(s.db, p.tenantId);
      if (!rows.some((r) => r.id === request.params.id)) throw notFound('classification');
      if (!request.body.enabled) {
        const bound = await boundBy(p.tenantId, request.params.id);
        if (bound.length > 0)
          throw new AppError(
            409,
            'classification.bound',
            'a published or pending policy binds this classification',
            [{ field: 'classification_id', message: `bound by ${bound.length} policies` }],
          );
      }
      await s.db
        .updateTable('classification_state')
        .set({ enabled: request.body.enabled ? 1 : 0 })
        .where('tenant_id', '=', p.tenantId)
        .where('id', '=', request.params.id)
        .execute();
      await s.audit.write(auditContextOf(request), {
        action: request.body.enabled ? 'classification.enabled' : 'classification.disabled',
        subject: { type: 'classification', id: request.params.id },
      });
      return { classification_id: request.params.id, enabled: request.body.enabled };
    },
  );
};
