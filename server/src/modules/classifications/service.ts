import { type ClassificationRule, checkPersonText, validateClassificationDefinition } from '@custos/engine';
import { AppError, notFound } from '../../http/errors.js';
import type { ClassificationBindingPort } from '../../ports/classification-binding-port.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { BUILTIN_DETECTOR_IDS, currentCustomDetectors } from '../detectors/public.js';
import { tenantClassifications } from './public.js';
import { insertClassification, setClassificationEnabled } from './store.js';

/**
 * Classifications (issue 5; designed in docs/policies.md). A classification coordinate is
 * immutable; a published or pending policy binding it blocks new revisions and disabling
 * (document 1, Conditions rule 1).
 */

/** Refused while a published or pending policy binds the classification (asked of policies). */
async function refuseBound(
  ctx: ServiceContext,
  policies: ClassificationBindingPort,
  tenantId: string,
  classificationId: string,
): Promise<void> {
  const bound = await policies.policiesBindingClassification(ctx.db, tenantId, classificationId);
  if (bound.length > 0)
    throw new AppError('classification.bound', 'a published or pending policy binds this classification', [
      { field: 'classification_id', message: `bound by ${bound.length} policies` },
    ]);
}

export async function listClassifications(ctx: ServiceContext) {
  const { rows, enabled } = await tenantClassifications(ctx.db, actorOf(ctx).tenantId);
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
}

interface SaveInput {
  classification_id: string;
  name: string;
  rules: unknown;
  new_version?: boolean;
}

/**
 * The version rules: a new id starts at 1.1; a revision is the next revision of the newest
 * version, or (new_version) revision 1 of the next version.
 */
async function save(ctx: ServiceContext, body: SaveInput, existing: boolean) {
  const tenantId = actorOf(ctx).tenantId;
  // Ids are per tenant (migration 0207): another tenant's id is neither taken nor visible here.
  const { rows } = await tenantClassifications(ctx.db, tenantId);
  const mine = rows.filter((r) => r.id === body.classification_id);
  if (!existing && mine.length > 0) throw new AppError('resource.conflict', 'the classification id is taken');
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
    throw new AppError('request.invalid', 'the classification has invalid fields', errors);
  const custom = await currentCustomDetectors(ctx.db, tenantId);
  for (const [i, r] of (def.rules as ClassificationRule[]).entries())
    for (const [j, e] of r.elements.entries())
      if (!BUILTIN_DETECTOR_IDS.has(e.detector_id) && !custom.has(e.detector_id))
        errors.push({
          field: `rules[${i}].elements[${j}].detector_id`,
          message: 'names no detector of this tenant',
        });
  if (errors.length > 0)
    throw new AppError('request.invalid', 'the classification has invalid fields', errors);
  await ctx.db.transaction().execute(async (trx) => {
    await insertClassification(
      trx,
      {
        tenant_id: tenantId,
        id: def.classification_id,
        classification_version: version,
        revision,
        name: def.name,
        rules: JSON.stringify(def.rules),
        created_by: userIdOf(ctx),
        created_at: ctx.clock.now().toISOString(),
      },
      !existing,
    );
  });
  return { ...def, enabled: true };
}

export async function createClassification(ctx: ServiceContext, body: Omit<SaveInput, 'new_version'>) {
  const out = await save(ctx, body, false);
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'classification.created',
    subject: { type: 'classification', id: out.classification_id },
  });
  return out;
}

export async function reviseClassification(
  ctx: ServiceContext,
  policies: ClassificationBindingPort,
  classificationId: string,
  body: { name: string; rules: unknown; new_version?: boolean },
) {
  await refuseBound(ctx, policies, actorOf(ctx).tenantId, classificationId);
  const out = await save(ctx, { ...body, classification_id: classificationId }, true);
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'classification.revised',
    subject: { type: 'classification', id: out.classification_id },
    metadata: { classification_version: out.classification_version, revision: out.revision },
  });
  return out;
}

/** Disabling is refused while a published or pending policy binds the classification. */
export async function changeClassificationEnabled(
  ctx: ServiceContext,
  policies: ClassificationBindingPort,
  classificationId: string,
  enabled: boolean,
) {
  const tenantId = actorOf(ctx).tenantId;
  const { rows } = await tenantClassifications(ctx.db, tenantId);
  if (!rows.some((r) => r.id === classificationId)) throw notFound('classification');
  if (!enabled) await refuseBound(ctx, policies, tenantId, classificationId);
  await setClassificationEnabled(ctx.db, tenantId, classificationId, enabled);
  await ctx.audit.write(auditContextFor(ctx), {
    action: enabled ? 'classification.enabled' : 'classification.disabled',
    subject: { type: 'classification', id: classificationId },
  });
  return { classification_id: classificationId, enabled };
}
