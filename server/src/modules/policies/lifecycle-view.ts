import type { PolicyVersionInput } from '@custos/engine';
import { isAppError } from '../../http/errors.js';
import { actorOf, type ServiceContext } from '../../service-context.js';
import { deploymentBands } from './deployment-bands.js';
import { overlapWarnings } from './overlap.js';
import { checkRelease, needsSecondPerson } from './release-check.js';
import { mustFindPolicy, type PolicyParts, shownStatus, toPolicyVersion } from './service.js';
import { readPolicySettings } from './settings.js';
import { listVersions } from './store.js';

interface ActionVerdict {
  action: 'publish' | 'rollback' | 'request_rollback';
  allowed: boolean;
  reason: string | null;
}

/**
 * `GET /policies/{id}/lifecycle` (document 1, Endpoints): per version who wrote, submitted,
 * approved and published it, and which of publish, rollback and request_rollback the caller may
 * take on it with the reason when not; the policy's deployment and current release warnings.
 */
export async function lifecycleView(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyId: string,
  canPublish: boolean,
) {
  const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const rows = await listVersions(ctx.db, actorOf(ctx).tenantId, policyId);
  const latest = rows.at(-1);
  const published = rows.find((r) => r.status === 'published');
  const pending = rows.find((r) => r.status === 'pending_approval');
  const rule = (await readPolicySettings(ctx.db, actorOf(ctx).tenantId)).second_person_rule;
  let coverage: unknown[] = [];
  let overlaps: unknown[] = [];
  let releaseRefusal: string | null = null;
  if (latest) {
    overlaps = await overlapWarnings(ctx.db, actorOf(ctx).tenantId, toPolicyVersion(policy, latest));
    try {
      coverage = await checkRelease(
        ctx.db,
        actorOf(ctx).tenantId,
        toPolicyVersion(policy, latest),
        ctx.clock.now(),
      );
    } catch (e) {
      if (!isAppError(e)) throw e;
      releaseRefusal = e.message;
    }
  }
  const bands = await deploymentBands(ctx.db, actorOf(ctx).tenantId, policy, rows, ctx.clock.now());
  const versions = rows.map((r) => {
    const spec = JSON.parse(r.spec) as PolicyVersionInput;
    const governed = needsSecondPerson(rule, parts.canApprove, spec);
    const verdicts: ActionVerdict[] = [];
    const no = (action: ActionVerdict['action'], reason: string) =>
      verdicts.push({ action, allowed: false, reason });
    const yes = (action: ActionVerdict['action']) => verdicts.push({ action, allowed: true, reason: null });
    if (!canPublish) no('publish', 'needs the policies:publish permission');
    else if (r.status !== 'draft') no('publish', `the version is ${r.status}`);
    else if (r.version !== latest?.version)
      no('publish', 'only the latest draft can be published; roll back instead');
    else if (pending) no('publish', 'another version is awaiting approval');
    else if (releaseRefusal) no('publish', releaseRefusal);
    else yes('publish');
    const wasPublished = r.published_by !== null && r.status !== 'published';
    const rollbackReason = !canPublish
      ? 'needs the policies:publish permission'
      : r.status === 'published'
        ? 'the version is live now; nothing to roll back'
        : !wasPublished
          ? 'the version was never published'
          : pending
            ? 'another version is awaiting approval'
            : null;
    if (rollbackReason) {
      no('rollback', rollbackReason);
      no('request_rollback', rollbackReason);
    } else if (governed) {
      no('rollback', 'a rollback of this version needs a second person');
      yes('request_rollback');
    } else {
      yes('rollback');
      no('request_rollback', 'a direct rollback is allowed');
    }
    return {
      version: r.version,
      status: shownStatus(policy, r),
      change_reason: r.change_reason,
      created_at: r.created_at,
      author: r.created_by,
      submitter: r.submitted_by,
      approver: r.approved_by,
      publisher: r.published_by,
      actions: verdicts,
      // Per version, read from the signed bundles endpoints report (deployment-bands.ts).
      deployment_bands: bands.get(r.version) ?? null,
    };
  });
  const deployment = policy.disabled
    ? 'switched_off'
    : pending
      ? 'awaiting_approval'
      : !published
        ? 'never_published'
        : latest && latest.version > published.version
          ? 'changes_unpublished'
          : 'live';
  return {
    policy_id: policy.id,
    number: policy.number,
    deployment,
    versions,
    coverage_warnings: coverage,
    // The latest version against the other published policies (overlap.ts).
    overlap_warnings: overlaps,
  };
}
