import { conditionCorpusIds } from '@custos/engine';
import { AppError, notFound } from '../../http/errors.js';
import type { PolicyCompilePort } from '../../ports/policy-compile-port.js';
import { actorOf, auditContextFor, type ServiceContext } from '../../service-context.js';
import { findCorpus, removeCorpus } from './store.js';

/**
 * A corpus reaches endpoints only through published policies that name it (docs/fingerprints.md):
 * a build recompiles the bundle when one does, and a delete is a withdrawal — refused until the
 * caller acknowledges every published policy that names the corpus, then every version removed
 * and the bundle recompiled without it.
 */

/** What corpus changes need besides the service context: the signing key's sealing key and policies' compile port. */
export interface CorpusParts {
  masterKey: Buffer;
  policies: PolicyCompilePort;
}

/** Ids of the published, enabled policies whose condition names the corpus, in list order. */
export async function policiesUsingCorpus(
  ctx: ServiceContext,
  parts: CorpusParts,
  corpusId: string,
): Promise<string[]> {
  const released = await parts.policies.releasedPolicies(ctx.db, actorOf(ctx).tenantId);
  return released
    .filter((r) => conditionCorpusIds(r.version.condition).includes(corpusId))
    .map((r) => r.version.policy_id);
}

/** Recompiles the bundle when a published policy names the corpus; the new bundle version or null. */
export async function recompileIfUsed(
  ctx: ServiceContext,
  parts: CorpusParts,
  corpusId: string,
  cause: string,
): Promise<number | null> {
  if ((await policiesUsingCorpus(ctx, parts, corpusId)).length === 0) return null;
  const bundle = await parts.policies.compileTenant(
    ctx,
    { masterKey: parts.masterKey, canApprove: false },
    cause,
  );
  return bundle.version;
}

/**
 * `DELETE /fingerprint-corpora/{id}`: 409 `fingerprint_corpus.in_use` naming the published
 * policies that use the corpus unless each is in `acknowledged_policy_ids`; then every version
 * removed, the reason audited, and the bundle recompiled without the corpus when it was shipped.
 */
export async function deleteFingerprintCorpus(
  ctx: ServiceContext,
  parts: CorpusParts,
  id: string,
  body: { reason: string; acknowledged_policy_ids?: string[] },
) {
  const tenantId = actorOf(ctx).tenantId;
  if (!(await findCorpus(ctx.db, tenantId, id))) throw notFound('fingerprint corpus');
  const using = await policiesUsingCorpus(ctx, parts, id);
  const acknowledged = new Set(body.acknowledged_policy_ids ?? []);
  if (using.some((p) => !acknowledged.has(p)))
    throw new AppError(
      'fingerprint_corpus.in_use',
      'published policies use this corpus; acknowledge each of them to withdraw it',
      [{ field: 'acknowledged_policy_ids', message: using.join(', ') }],
    );
  const removed = await removeCorpus(ctx.db, tenantId, id);
  if (removed === null) throw notFound('fingerprint corpus');
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'fingerprint_corpus.deleted',
    subject: { type: 'fingerprint_corpus', id },
    metadata: { reason: body.reason, versions_removed: removed, acknowledged_policy_ids: using },
  });
  const bundleVersion =
    using.length > 0
      ? (
          await parts.policies.compileTenant(
            ctx,
            { masterKey: parts.masterKey, canApprove: false },
            'fingerprint_corpus_deleted',
          )
        ).version
      : null;
  return { id, versions_removed: removed, bundle_version: bundleVersion, policy_ids: using };
}
