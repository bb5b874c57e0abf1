import { type PolicyVersionInput, validatePolicyVersion } from '@custos/engine';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { overlapWarnings } from './overlap.js';
import { checkRelease, needsSecondPerson } from './release-check.js';
import { compilerOnlyFields, refuseOnError, release } from './release-service.js';
import {
  mustFindPolicy,
  newVersionRow,
  type PolicyParts,
  type ReleaseAnswer,
  refuse,
  toPolicyVersion,
  versionProblems,
} from './service.js';
import { readPolicySettings } from './settings.js';
import { insertVersion, listVersions } from './store.js';
import type { PolicyVersionsTable } from './tables.js';

/** Rollback (document 1, States): back to a version published before, direct or governed. */

function rollbackTargetRefusal(fields: string[] = []): AppError {
  return new AppError('policy.rollback_target', 'the rollback target cannot be released', [
    {
      field: 'to_version',
      message:
        fields.length > 0
          ? `the version no longer validates (${fields.slice(0, 10).join(', ')})`
          : 'must name a version that was published before and still validates',
    },
  ]);
}

/** A rollback names a version published before (not the live one) while no version waits. */
function rollbackRefusal(target: PolicyVersionsTable, rows: PolicyVersionsTable[]): AppError | null {
  if (target.status === 'published')
    return new AppError('policy.rollback_live', 'the version named is the live one; nothing to roll back', [
      { field: 'to_version', message: 'names the version that is live now' },
    ]);
  if (target.published_by === null) return rollbackTargetRefusal();
  if (rows.some((r) => r.status === 'pending_approval'))
    return new AppError('policy.pending_exists', 'another version of this policy is awaiting approval');
  return null;
}

/**
 * Rollback to a version that was published before (document 1, States). Direct: all or nothing,
 * the live version becomes rolled_back and the target published in a new, higher bundle; 422 if
 * the target no longer validates. Governed (same conditions as a release): a new version copying
 * the target waits for approval and the live bundle is left alone.
 */
export async function rollbackPolicy(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyId: string,
  toVersion: number,
  reason: string,
): Promise<ReleaseAnswer | { status: 'pending_approval' }> {
  const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const rows = await listVersions(ctx.db, actorOf(ctx).tenantId, policyId);
  const target = rows.find((r) => r.version === toVersion);
  if (!target) throw notFound('policy version');
  const refused = rollbackRefusal(target, rows);
  if (refused) return refuse(ctx, 'rollback', policyId, refused);
  const spec = JSON.parse(target.spec) as PolicyVersionInput;
  // All or nothing (document 1, States): the target passes today's write-time check against the
  // tenant's current objects (a retired prompt message, a gone target or detector refuse it).
  const problems = [
    ...(await versionProblems(
      ctx,
      actorOf(ctx).tenantId,
      spec as unknown as Record<string, unknown>,
      ctx.clock.now(),
    )),
    ...compilerOnlyFields(spec).map((field) => ({
      field,
      message: 'is written only by the bundle compiler',
    })),
  ];
  if (problems.length > 0)
    return refuse(
      ctx,
      'rollback',
      policyId,
      rollbackTargetRefusal([...new Set(problems.map((p) => p.field))]),
    );
  const rule = (await readPolicySettings(ctx.db, actorOf(ctx).tenantId)).second_person_rule;
  const governed = needsSecondPerson(rule, parts.canApprove, spec);
  const now = ctx.clock.now();
  if (governed) {
    // The pending version's change_reason names the rollback and carries the reason; it obeys the
    // change_reason rules (10-500 characters, no credential), refused on `reason` otherwise.
    const changeReason = `rollback to version ${toVersion}: ${reason}`.slice(0, 500);
    if (
      validatePolicyVersion({ ...spec, change_reason: changeReason }, { now }).some(
        (d) => d.field === 'change_reason',
      )
    )
      return refuse(
        ctx,
        'rollback',
        policyId,
        fieldError('reason', 'must be a valid change reason (no credential-shaped value)'),
      );
    const row = newVersionRow(
      ctx,
      policyId,
      (rows.at(-1)?.version ?? 0) + 1,
      { ...spec, change_reason: changeReason },
      now,
    );
    row.status = 'pending_approval';
    row.submitted_by = userIdOf(ctx);
    await insertVersion(ctx.db, row);
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'policy.rollback_requested',
      subject: { type: 'policy', id: policyId },
      metadata: { to_version: toVersion, pending_version: row.version },
    });
    return { status: 'pending_approval' };
  }
  const warnings = await refuseOnError(ctx, 'rollback', policyId, () =>
    checkRelease(ctx.db, actorOf(ctx).tenantId, toPolicyVersion(policy, target), now),
  );
  // The live version becomes rolled_back inside the release's transaction: all or nothing.
  return release(
    ctx,
    parts,
    policy,
    target,
    'rollback',
    { published_by: userIdOf(ctx) },
    warnings,
    await overlapWarnings(ctx.db, actorOf(ctx).tenantId, toPolicyVersion(policy, target)),
    rollbackRefusal,
  );
}
