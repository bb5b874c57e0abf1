import { BUILTIN_DETECTORS, type CustomDetectorSpec, validateCustomDetector } from '@custos/engine';
import { AppError } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { BUILTIN_DETECTOR_IDS, currentCustomDetectors } from './public.js';
import { insertCustomDetector } from './store.js';

/** Detectors (issue 5; designed in docs/policies.md): the built-in set and the tenant's own. */

export async function listDetectors(ctx: ServiceContext) {
  const custom = await currentCustomDetectors(ctx.db, actorOf(ctx).tenantId);
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
}

/** A new version of a custom detector; the version is the server's (one more than the stored one). */
export async function saveDetector(ctx: ServiceContext, body: Record<string, unknown>) {
  const actor = actorOf(ctx);
  const current = await currentCustomDetectors(ctx.db, actor.tenantId);
  const id = String(body['id'] ?? '');
  const spec = { ...body, version: (current.get(id)?.version ?? 0) + 1 } as unknown as CustomDetectorSpec;
  const errors = validateCustomDetector(spec);
  if (errors.length > 0) throw new AppError('request.invalid', 'the detector has invalid fields', errors);
  if (BUILTIN_DETECTOR_IDS.has(spec.id))
    throw new AppError('resource.conflict', 'a built-in detector has that id');
  await insertCustomDetector(ctx.db, actor.tenantId, spec, userIdOf(ctx), ctx.clock.now());
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'detector.saved',
    subject: { type: 'detector', id: spec.id },
    metadata: { version: spec.version },
  });
  return { ...spec, builtin: false };
}
