import type { PolicyVersionInput, ReleaseWarning } from '@custos/engine';
import { AppError, notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { compileAndStoreBundle } from '../bundles/public.js';
import { bindingProblems } from '../classifications/public.js';
import { unknownCorpusFields } from '../fingerprint-corpora/public.js';
import { bundleRelease } from './bundle-release.js';
import { unknownDetectorFields } from './detector-check.js';
import { type OverlapWarning, overlapWarnings } from './overlap.js';
import { checkRelease, needsSecondPerson } from './release-check.js';
import { resolvedScope } from './scope-preview.js';
import {
  mustFindPolicy,
  type PolicyParts,
  type ReleaseAnswer,
  refuse,
  releasedPolicies,
  toPolicyVersion,
  withCompileLock,
} from './service.js';
import { readPolicySettings } from './settings.js';
import { findPolicy, listVersions, setVersionStatus } from './store.js';
import type { PoliciesTable, PolicyVersionsTable } from './tables.js';

/**
 * The release lifecycle of document 1, States: publish or submit, approve, reject (rollback is in
 * rollback-service.ts and releases through `release` here).
 * Every release runs inside the tenant's compiling lock, where the version's state and the
 * approver are checked again against what is stored at that moment.
 */

/** Only the latest draft is published, and only while no version waits (document 1, States). */
function publishRefusal(row: PolicyVersionsTable, rows: PolicyVersionsTable[]): AppError | null {
  if (row.status !== 'draft' || rows.at(-1)?.version !== row.version)
    return new AppError(
      'policy.not_latest_draft',
      'only the latest draft can be published; an older version is rolled back',
    );
  if (rows.some((r) => r.status === 'pending_approval'))
    return new AppError('policy.pending_exists', 'another version of this policy is awaiting approval');
  return null;
}

/** An approval needs a pending version and a person who neither wrote nor submitted it. */
function approveRefusal(ctx: ServiceContext, row: PolicyVersionsTable): AppError | null {
  if (row.status !== 'pending_approval')
    return new AppError('policy.not_pending', 'the version is not awaiting approval');
  if (row.created_by === userIdOf(ctx) || row.submitted_by === userIdOf(ctx))
    return new AppError('policy.self_approval', 'the author or submitter of a version cannot approve it');
  return null;
}

const COMPILER_ONLY = ['exclude_groups', 'exclude_device_ids', 'exclude_agent_groups'] as const;

/** Paths of compiler-only exclusion lists a stored version sets (scope and exception scopes). */
export function compilerOnlyFields(spec: PolicyVersionInput): string[] {
  const scopes: [string, Record<string, unknown>][] = [
    ['scope', spec.scope as Record<string, unknown>],
    ...(spec.exceptions ?? []).map(
      (e, i) =>
        [`exceptions.${i}.scope`, e.scope as Record<string, unknown>] as [string, Record<string, unknown>],
    ),
  ];
  return scopes.flatMap(([path, scope]) =>
    COMPILER_ONLY.filter((f) => {
      const v = scope?.[f];
      return Array.isArray(v) ? v.length > 0 : v !== undefined;
    }).map((f) => `${path}.${f}`),
  );
}

/**
 * Classification bindings and detector ids of the version, checked at publish and approval by
 * the field path of the condition node (an unknown detector is named here, not later as a bare
 * bundle-graph problem of the published set).
 */
async function releaseBindingProblems(ctx: ServiceContext, tenantId: string, spec: PolicyVersionInput) {
  return [
    ...(await bindingProblems(ctx.db, tenantId, spec.condition)),
    ...(await unknownDetectorFields(ctx.db, tenantId, spec.condition)),
    ...(await unknownCorpusFields(ctx.db, tenantId, spec.condition)),
  ];
}

/** Publishes or submits the latest draft (document 1, States: draft → published | pending_approval). */
export async function publishVersion(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyId: string,
  version: number,
): Promise<ReleaseAnswer | { status: 'pending_approval' }> {
  const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const rows = await listVersions(ctx.db, actorOf(ctx).tenantId, policyId);
  const row = rows.find((r) => r.version === version);
  if (!row) throw notFound('policy version');
  const stale = publishRefusal(row, rows);
  if (stale) return refuse(ctx, 'publish', policyId, stale);
  const spec = JSON.parse(row.spec) as PolicyVersionInput;
  // A stored version carrying a compiler-only exclusion is refused until saved again with the
  // exclusion as a target (document 1, Endpoints).
  const compilerOnly = compilerOnlyFields(spec);
  if (compilerOnly.length > 0)
    return refuse(
      ctx,
      'publish',
      policyId,
      new AppError(
        'request.invalid',
        'the version sets exclusions only the bundle compiler writes; save it again with exclude_targets',
        compilerOnly.map((field) => ({ field, message: 'is written only by the bundle compiler' })),
      ),
    );
  const bindings = await releaseBindingProblems(ctx, actorOf(ctx).tenantId, spec);
  if (bindings.length > 0)
    return refuse(
      ctx,
      'publish',
      policyId,
      new AppError(
        'request.invalid',
        'the version names classifications or detectors that cannot be published',
        bindings,
      ),
    );
  const warnings = await refuseOnError(ctx, 'publish', policyId, () =>
    checkRelease(ctx.db, actorOf(ctx).tenantId, toPolicyVersion(policy, row), ctx.clock.now()),
  );
  const overlaps = await overlapWarnings(ctx.db, actorOf(ctx).tenantId, toPolicyVersion(policy, row));
  // A current coverage or overlap warning routes the release through a second person (document 1, States).
  const rule = (await readPolicySettings(ctx.db, actorOf(ctx).tenantId)).second_person_rule;
  const governed =
    needsSecondPerson(rule, parts.canApprove, spec) || warnings.length > 0 || overlaps.length > 0;
  const now = ctx.clock.now().toISOString();
  if (governed) {
    await setVersionStatus(ctx.db, actorOf(ctx).tenantId, row.id, {
      status: 'pending_approval',
      submitted_by: userIdOf(ctx),
      updated_at: now,
    });
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'policy.submitted',
      subject: { type: 'policy', id: policyId },
      metadata: { version, overlap_policy_ids: overlaps.map((o) => o.policy_id) },
    });
    return { status: 'pending_approval' };
  }
  return release(
    ctx,
    parts,
    policy,
    row,
    'publish',
    { published_by: userIdOf(ctx) },
    warnings,
    overlaps,
    publishRefusal,
  );
}

/** Runs a release check; a refusal it raises is audited like every refused lifecycle action. */
export async function refuseOnError<T>(
  ctx: ServiceContext,
  action: string,
  policyId: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof AppError) return refuse(ctx, action, policyId, e);
    throw e;
  }
}

/**
 * Publishes `row` inside the tenant's compiling lock (re-checked there with `recheck`), the
 * live version (if any) leaving, and compiles the new bundle.
 */
export async function release(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyBefore: PoliciesTable,
  row: PolicyVersionsTable,
  via: 'publish' | 'approve' | 'rollback',
  who: { published_by?: string; approved_by?: string },
  warnings: ReleaseWarning[],
  overlaps: OverlapWarning[],
  recheck: (row: PolicyVersionsTable, rows: PolicyVersionsTable[]) => AppError | null,
): Promise<ReleaseAnswer> {
  return withCompileLock(ctx.db, actorOf(ctx).tenantId, async () => {
    let bundleVersion: number | null = null;
    const now = ctx.clock.now();
    // Checked again inside the compiling lock (document 1, States): a release, approval or
    // switch that ran meanwhile may have changed the version, the policy or who may approve.
    const policy = (await findPolicy(ctx.db, actorOf(ctx).tenantId, policyBefore.id)) ?? policyBefore;
    const rows = await listVersions(ctx.db, actorOf(ctx).tenantId, policy.id);
    const current = rows.find((r) => r.id === row.id);
    const stale = current ? recheck(current, rows) : notFound('policy version');
    if (stale) return refuse(ctx, via, policy.id, stale);
    // Counts over the tenant's active endpoints, read before the transaction takes the connection.
    const resolved = await resolvedScope(ctx.db, actorOf(ctx).tenantId, JSON.parse(row.spec).scope, now);
    await ctx.db.transaction().execute(async (trx) => {
      for (const r of rows)
        if (r.status === 'published' && r.id !== row.id)
          await setVersionStatus(trx, actorOf(ctx).tenantId, r.id, {
            status: via === 'rollback' ? 'rolled_back' : 'archived',
            updated_at: now.toISOString(),
          });
      await setVersionStatus(trx, actorOf(ctx).tenantId, row.id, {
        status: 'published',
        ...who,
        updated_at: now.toISOString(),
      });
      if (!policy.disabled) {
        const released = await releasedPolicies(trx, actorOf(ctx).tenantId);
        const release = await bundleRelease(trx, actorOf(ctx).tenantId, released);
        const bundle = await compileAndStoreBundle(
          trx,
          actorOf(ctx).tenantId,
          parts.masterKey,
          release,
          via,
          now,
        );
        bundleVersion = bundle.version;
        await ctx.audit.write(
          auditContextFor(ctx),
          {
            action: 'policy_bundle.compiled',
            subject: { type: 'policy_bundle', id: String(bundle.version) },
            metadata: { cause: via, policy_id: policy.id },
          },
          trx,
        );
      }
      if (warnings.length > 0 || overlaps.length > 0)
        await ctx.audit.write(
          auditContextFor(ctx),
          {
            action: 'policy.published_with_warnings',
            subject: { type: 'policy', id: policy.id },
            // Warning kinds and exception ids only, never reasons or membership (document 1, Events).
            metadata: {
              via,
              version: row.version,
              warning_kinds: [...new Set([...warnings.map((w) => w.kind), ...overlaps.map((o) => o.kind)])],
              exception_ids: warnings.flatMap((w) => (w.exception_id ? [w.exception_id] : [])),
            },
          },
          trx,
        );
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'policy.published',
          subject: { type: 'policy', id: policy.id },
          // resolved_scope counts for the whole tenant and whether the policy stayed disabled
          // (document 1, Events); counts only, never names.
          metadata: {
            version: row.version,
            via,
            policy_disabled: policy.disabled === 1,
            resolved_scope: resolved,
          },
        },
        trx,
      );
    });
    return {
      policy_id: policy.id,
      version: row.version,
      status: 'published',
      bundle_version: bundleVersion,
      coverage_warnings: warnings,
      overlap_warnings: overlaps,
      // A release never enables a disabled policy (document 1, States).
      policy_disabled: policy.disabled === 1,
    };
  });
}

/** pending_approval → published by a second person (neither author nor submitter). */
export async function approveVersion(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyId: string,
  version: number,
) {
  const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const rows = await listVersions(ctx.db, actorOf(ctx).tenantId, policyId);
  const row = rows.find((r) => r.version === version);
  if (!row) throw notFound('policy version');
  const refused = approveRefusal(ctx, row);
  if (refused) return refuse(ctx, 'approve', policyId, refused);
  // The bindings are checked again at approval: a revision may have landed since the submit.
  const bindings = await releaseBindingProblems(
    ctx,
    actorOf(ctx).tenantId,
    JSON.parse(row.spec) as PolicyVersionInput,
  );
  if (bindings.length > 0)
    return refuse(
      ctx,
      'approve',
      policyId,
      new AppError(
        'request.invalid',
        'the version names classifications or detectors that cannot be published',
        bindings,
      ),
    );
  const warnings = await refuseOnError(ctx, 'approve', policyId, () =>
    checkRelease(ctx.db, actorOf(ctx).tenantId, toPolicyVersion(policy, row), ctx.clock.now()),
  );
  return release(
    ctx,
    parts,
    policy,
    row,
    'approve',
    { approved_by: userIdOf(ctx), published_by: userIdOf(ctx) },
    warnings,
    await overlapWarnings(ctx.db, actorOf(ctx).tenantId, toPolicyVersion(policy, row)),
    (current) => approveRefusal(ctx, current),
  );
}

/** pending_approval → draft with a reason. */
export async function rejectVersion(ctx: ServiceContext, policyId: string, version: number, reason: string) {
  await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const rows = await listVersions(ctx.db, actorOf(ctx).tenantId, policyId);
  const row = rows.find((r) => r.version === version);
  if (!row) throw notFound('policy version');
  if (row.status !== 'pending_approval')
    return refuse(
      ctx,
      'reject',
      policyId,
      new AppError('policy.not_pending', 'the version is not awaiting approval'),
    );
  await setVersionStatus(ctx.db, actorOf(ctx).tenantId, row.id, {
    status: 'draft',
    updated_at: ctx.clock.now().toISOString(),
  });
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'policy.rejected',
    subject: { type: 'policy', id: policyId },
    metadata: { version, reason_length: reason.length },
  });
}
