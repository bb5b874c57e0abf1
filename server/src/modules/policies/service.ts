import { randomUUID } from 'node:crypto';
import {
  BUILTIN_DETECTORS,
  isWholeCompanyScope,
  type PolicyVersion,
  type PolicyVersionInput,
  type PromptLookup,
  type ReleaseWarning,
  type TargetLookup,
  usesGovernedAction,
  validatePolicyVersion,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AuditContext, AuditWriter } from '../../http/audit.js';
import { AppError, notFound } from '../../http/errors.js';
import { findAgent, findAgentGroup } from '../agents/public.js';
import { compileAndStoreBundle, type ReleasedPolicy } from '../bundles/compile.js';
import { bindingProblems } from '../classifications/public.js';
import { promptLibrary } from '../prompt-messages/public.js';
import { checkRelease } from './release-check.js';
import { readPolicySettings } from './settings.js';
import {
  findPolicy,
  insertPolicy,
  insertVersion,
  listPolicies,
  listTenantVersions,
  listVersions,
  nextNumberAndPosition,
  setVersionStatus,
} from './store.js';
import type { PoliciesTable, PolicyVersionsTable } from './tables.js';

export interface PolicyDeps {
  db: Kysely<Database>;
  audit: AuditWriter;
  now: () => Date;
  masterKey: Buffer;
}

/** Who acts: the lifecycle rules read the user and whether they hold policies:approve. */
export interface Actor {
  tenantId: string;
  userId: string;
  canApprove: boolean;
  audit: AuditContext;
}

/** The compiler-only exclusion lists (document 1, Scope): a version that sets one is a field error. */
/** A notice text must not name a detector (document 1, Prompt message). */
const DETECTOR_NAMES = BUILTIN_DETECTORS.map((d) => d.id);

const COMPILER_ONLY = ['exclude_groups', 'exclude_device_ids', 'exclude_agent_groups'] as const;

export interface ReleaseAnswer {
  policy_id: string;
  version: number;
  status: string;
  bundle_version: number | null;
  coverage_warnings: unknown[];
  overlap_warnings: unknown[];
  policy_disabled: boolean;
}

export function toPolicyVersion(policy: PoliciesTable, row: PolicyVersionsTable): PolicyVersion {
  const spec = JSON.parse(row.spec) as PolicyVersionInput;
  return {
    ...spec,
    id: row.id,
    policy_id: row.policy_id,
    tenant_id: row.tenant_id,
    number: policy.number,
    version: row.version,
    status: row.status as PolicyVersion['status'],
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

/** The stored shape of a version as the console reads it. */
export function versionView(policy: PoliciesTable, row: PolicyVersionsTable) {
  return {
    ...toPolicyVersion(policy, row),
    change_reason: row.change_reason,
    submitted_by: row.submitted_by,
    approved_by: row.approved_by,
    published_by: row.published_by,
  };
}

/** Typed endpoint and endpoint-group targets a write names, resolved before the engine's check. */
async function targetLookup(
  deps: PolicyDeps,
  tenantId: string,
  input: Record<string, unknown>,
): Promise<TargetLookup> {
  const found = new Set<string>();
  const text = JSON.stringify(input['scope'] ?? {}) + JSON.stringify(input['exceptions'] ?? []);
  const ids = new Set(text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? []);
  for (const id of ids) {
    const agent = await findAgent(deps.db, tenantId, id);
    if (agent && agent.status === 'active') found.add(`endpoint:${id}`);
    const group = await findAgentGroup(deps.db, tenantId, id);
    if (group && !group.retired_at) found.add(`endpoint_group:${id}`);
  }
  return { exists: (kind, objectId) => found.has(`${kind}:${objectId}`) };
}

/** The engine's write-time check with the tenant's targets and prompt library (document 1). */
async function validateFor(deps: PolicyDeps, tenantId: string, input: Record<string, unknown>, now: Date) {
  const prompts = await promptLibrary(deps.db, tenantId);
  return validateInput(input, now, {
    targets: await targetLookup(deps, tenantId, input),
    prompts: prompts.lookup,
  });
}

function validateInput(
  input: Record<string, unknown>,
  now: Date,
  lookups: { targets?: TargetLookup; prompts?: PromptLookup } = {},
): PolicyVersionInput {
  const scope = input['scope'];
  const details: { field: string; message: string }[] = [];
  if (scope && typeof scope === 'object') {
    for (const f of COMPILER_ONLY)
      if ((scope as Record<string, unknown>)[f] !== undefined)
        details.push({
          field: `scope.${f}`,
          message: 'is written only by the bundle compiler; use exclude_targets',
        });
  }
  const { group: _group, ...spec } = input;
  details.push(...validatePolicyVersion(spec, { now, ...lookups, detectorNames: DETECTOR_NAMES }));
  if (details.length > 0)
    throw new AppError(422, 'request.invalid', 'the policy version has invalid fields', details);
  return spec as unknown as PolicyVersionInput;
}

export async function mustFindPolicy(deps: PolicyDeps, tenantId: string, id: string): Promise<PoliciesTable> {
  const p = await findPolicy(deps.db, tenantId, id);
  if (!p) throw notFound('policy');
  return p;
}

export async function createPolicy(deps: PolicyDeps, actor: Actor, input: Record<string, unknown>) {
  const now = deps.now();
  const spec = await validateFor(deps, actor.tenantId, input, now);
  const group = typeof input['group'] === 'string' ? (input['group'] as string) : null;
  const id = randomUUID();
  let created: { policy: PoliciesTable; version: PolicyVersionsTable } | undefined;
  await deps.db.transaction().execute(async (trx) => {
    const { number, position } = await nextNumberAndPosition(trx, actor.tenantId);
    const policy: PoliciesTable = {
      id,
      tenant_id: actor.tenantId,
      number,
      group_name: group,
      disabled: 0,
      position,
      created_by: actor.userId,
      created_at: now.toISOString(),
    };
    await insertPolicy(trx, policy);
    const version = newVersionRow(actor, id, 1, spec, now);
    await insertVersion(trx, version);
    await deps.audit.write(
      actor.audit,
      { action: 'policy.created', subject: { type: 'policy', id }, metadata: { number, version: 1 } },
      trx,
    );
    created = { policy, version };
  });
  if (!created) throw new AppError(500, 'internal', 'policy not created');
  return versionView(created.policy, created.version);
}

function newVersionRow(
  actor: Actor,
  policyId: string,
  version: number,
  spec: PolicyVersionInput,
  now: Date,
): PolicyVersionsTable {
  return {
    id: randomUUID(),
    tenant_id: actor.tenantId,
    policy_id: policyId,
    version,
    status: 'draft',
    spec: JSON.stringify(spec),
    change_reason: spec.change_reason,
    created_by: actor.userId,
    submitted_by: null,
    approved_by: null,
    published_by: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

export async function addVersion(
  deps: PolicyDeps,
  actor: Actor,
  policyId: string,
  input: Record<string, unknown>,
) {
  const policy = await mustFindPolicy(deps, actor.tenantId, policyId);
  const now = deps.now();
  const spec = await validateFor(deps, actor.tenantId, input, now);
  const versions = await listVersions(deps.db, actor.tenantId, policyId);
  const row = newVersionRow(actor, policyId, (versions.at(-1)?.version ?? 0) + 1, spec, now);
  await insertVersion(deps.db, row);
  return versionView(policy, row);
}

export async function getVersions(deps: PolicyDeps, tenantId: string, policyId: string) {
  const policy = await mustFindPolicy(deps, tenantId, policyId);
  const rows = await listVersions(deps.db, tenantId, policyId);
  return rows.map((r) => versionView(policy, r));
}

/** A policy with its latest version and its published version (null when none). */
export async function getPolicy(deps: PolicyDeps, tenantId: string, policyId: string) {
  const policy = await mustFindPolicy(deps, tenantId, policyId);
  const rows = await listVersions(deps.db, tenantId, policyId);
  return policyRow(policy, rows);
}

function policyRow(policy: PoliciesTable, rows: PolicyVersionsTable[]) {
  const latest = rows.at(-1);
  const published = rows.find((r) => r.status === 'published');
  const pending = rows.find((r) => r.status === 'pending_approval');
  const spec = latest ? (JSON.parse(latest.spec) as PolicyVersionInput) : undefined;
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
    id: policy.id,
    number: policy.number,
    display_number: `POL-${policy.number}`,
    name: spec?.name ?? '',
    severity: spec?.severity ?? 'low',
    group: policy.group_name,
    effective_group: policy.group_name ?? spec?.group ?? null,
    position: policy.position,
    disabled: policy.disabled === 1,
    latest_version: latest?.version ?? 0,
    published_version: published?.version ?? null,
    deployment,
    pending: pending
      ? { author: pending.created_by, submitter: pending.submitted_by, time: pending.updated_at }
      : null,
  };
}

export async function listPolicyRows(deps: PolicyDeps, tenantId: string) {
  const policies = await listPolicies(deps.db, tenantId);
  const versions = await listTenantVersions(deps.db, tenantId);
  const byPolicy = new Map<string, PolicyVersionsTable[]>();
  for (const v of versions) byPolicy.set(v.policy_id, [...(byPolicy.get(v.policy_id) ?? []), v]);
  return policies.map((p) =>
    policyRow(
      p,
      (byPolicy.get(p.id) ?? []).sort((a, b) => a.version - b.version),
    ),
  );
}

/** Every published version of an enabled policy, in list order: what the next bundle ships. */
export async function releasedPolicies(db: Kysely<Database>, tenantId: string): Promise<ReleasedPolicy[]> {
  const policies = await listPolicies(db, tenantId);
  const versions = await listTenantVersions(db, tenantId);
  const out: ReleasedPolicy[] = [];
  for (const p of policies) {
    if (p.disabled) continue;
    const v = versions.find((r) => r.policy_id === p.id && r.status === 'published');
    if (v) out.push({ version: toPolicyVersion(p, v) });
  }
  return out;
}

/** One compile at a time per tenant (the "compiling lock" of document 1, States). */
const locks = new Map<string, Promise<unknown>>();
export async function withCompileLock<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  const before = locks.get(tenantId) ?? Promise.resolve();
  const run = before.then(work, work);
  locks.set(
    tenantId,
    run.catch(() => undefined),
  );
  return run;
}

export async function refuse(
  deps: PolicyDeps,
  actor: Actor,
  action: string,
  policyId: string,
  error: AppError,
): Promise<never> {
  // Every refused lifecycle action is audited (document 1, Events).
  await deps.audit.write(actor.audit, {
    action: 'policy.lifecycle_refused',
    subject: { type: 'policy', id: policyId },
    metadata: { attempted: action, refusal_code: error.code },
  });
  throw error;
}

export async function compileTenant(deps: PolicyDeps, actor: Actor, reason: string) {
  return withCompileLock(actor.tenantId, async () => {
    const released = await releasedPolicies(deps.db, actor.tenantId);
    const bundle = await compileAndStoreBundle(
      deps.db,
      actor.tenantId,
      deps.masterKey,
      released,
      reason,
      deps.now(),
    );
    await deps.audit.write(actor.audit, {
      action: 'policy_bundle.compiled',
      subject: { type: 'policy_bundle', id: String(bundle.version) },
      metadata: { cause: reason, policy_count: released.length },
    });
    return bundle;
  });
}

/** Publishes or submits the latest draft (document 1, States: draft → published | pending_approval). */
export async function publishVersion(
  deps: PolicyDeps,
  actor: Actor,
  policyId: string,
  version: number,
): Promise<ReleaseAnswer | { status: 'pending_approval' }> {
  const policy = await mustFindPolicy(deps, actor.tenantId, policyId);
  const rows = await listVersions(deps.db, actor.tenantId, policyId);
  const row = rows.find((r) => r.version === version);
  if (!row) throw notFound('policy version');
  const latest = rows.at(-1);
  if (row.status !== 'draft' || latest?.version !== version)
    return refuse(
      deps,
      actor,
      'publish',
      policyId,
      new AppError(
        409,
        'policy.not_latest_draft',
        'only the latest draft can be published; an older version is rolled back',
      ),
    );
  if (rows.some((r) => r.status === 'pending_approval'))
    return refuse(
      deps,
      actor,
      'publish',
      policyId,
      new AppError(409, 'policy.pending_exists', 'another version of this policy is awaiting approval'),
    );
  const spec = JSON.parse(row.spec) as PolicyVersionInput;
  const bindings = await bindingProblems(deps.db, actor.tenantId, spec.condition);
  if (bindings.length > 0)
    return refuse(
      deps,
      actor,
      'publish',
      policyId,
      new AppError(
        422,
        'request.invalid',
        'the version binds classifications that cannot be published',
        bindings,
      ),
    );
  const warnings = await refuseOnError(deps, actor, 'publish', policyId, () =>
    checkRelease(deps.db, actor.tenantId, toPolicyVersion(policy, row), deps.now()),
  );
  // A current coverage warning routes the release through a second person (document 1, States).
  const rule = (await readPolicySettings(deps.db, actor.tenantId)).second_person_rule;
  const governed =
    rule ||
    !actor.canApprove ||
    usesGovernedAction(spec) ||
    isWholeCompanyScope(spec.scope) ||
    warnings.length > 0;
  const now = deps.now().toISOString();
  if (governed) {
    await setVersionStatus(deps.db, actor.tenantId, row.id, {
      status: 'pending_approval',
      submitted_by: actor.userId,
      updated_at: now,
    });
    await deps.audit.write(actor.audit, {
      action: 'policy.submitted',
      subject: { type: 'policy', id: policyId },
      metadata: { version },
    });
    return { status: 'pending_approval' };
  }
  return release(deps, actor, policy, row, rows, 'publish', { published_by: actor.userId }, warnings);
}

/** Runs a release check; a refusal it raises is audited like every refused lifecycle action. */
async function refuseOnError<T>(
  deps: PolicyDeps,
  actor: Actor,
  action: string,
  policyId: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof AppError) return refuse(deps, actor, action, policyId, e);
    throw e;
  }
}

async function release(
  deps: PolicyDeps,
  actor: Actor,
  policy: PoliciesTable,
  row: PolicyVersionsTable,
  rows: PolicyVersionsTable[],
  via: 'publish' | 'approve' | 'rollback',
  who: { published_by?: string; approved_by?: string },
  warnings: ReleaseWarning[],
): Promise<ReleaseAnswer> {
  return withCompileLock(actor.tenantId, async () => {
    let bundleVersion: number | null = null;
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      for (const r of rows)
        if (r.status === 'published' && r.id !== row.id)
          await setVersionStatus(trx, actor.tenantId, r.id, {
            status: 'archived',
            updated_at: now.toISOString(),
          });
      await setVersionStatus(trx, actor.tenantId, row.id, {
        status: 'published',
        ...who,
        updated_at: now.toISOString(),
      });
      if (!policy.disabled) {
        const released = await releasedPolicies(trx, actor.tenantId);
        const bundle = await compileAndStoreBundle(trx, actor.tenantId, deps.masterKey, released, via, now);
        bundleVersion = bundle.version;
        await deps.audit.write(
          actor.audit,
          {
            action: 'policy_bundle.compiled',
            subject: { type: 'policy_bundle', id: String(bundle.version) },
            metadata: { cause: via, policy_id: policy.id },
          },
          trx,
        );
      }
      if (warnings.length > 0)
        await deps.audit.write(
          actor.audit,
          {
            action: 'policy.published_with_warnings',
            subject: { type: 'policy', id: policy.id },
            // Warning kinds and exception ids only, never reasons or membership (document 1, Events).
            metadata: {
              via,
              version: row.version,
              warning_kinds: [...new Set(warnings.map((w) => w.kind))],
              exception_ids: warnings.flatMap((w) => (w.exception_id ? [w.exception_id] : [])),
            },
          },
          trx,
        );
      await deps.audit.write(
        actor.audit,
        {
          action: 'policy.published',
          subject: { type: 'policy', id: policy.id },
          metadata: { version: row.version, via, policy_disabled: policy.disabled === 1 },
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
      overlap_warnings: [],
      // A release never enables a disabled policy (document 1, States).
      policy_disabled: policy.disabled === 1,
    };
  });
}

/** pending_approval → published by a second person (neither author nor submitter). */
export async function approveVersion(deps: PolicyDeps, actor: Actor, policyId: string, version: number) {
  const policy = await mustFindPolicy(deps, actor.tenantId, policyId);
  const rows = await listVersions(deps.db, actor.tenantId, policyId);
  const row = rows.find((r) => r.version === version);
  if (!row) throw notFound('policy version');
  if (row.status !== 'pending_approval')
    return refuse(
      deps,
      actor,
      'approve',
      policyId,
      new AppError(409, 'policy.not_pending', 'the version is not awaiting approval'),
    );
  if (row.created_by === actor.userId || row.submitted_by === actor.userId)
    return refuse(
      deps,
      actor,
      'approve',
      policyId,
      new AppError(403, 'policy.self_approval', 'the author or submitter of a version cannot approve it'),
    );
  const warnings = await refuseOnError(deps, actor, 'approve', policyId, () =>
    checkRelease(deps.db, actor.tenantId, toPolicyVersion(policy, row), deps.now()),
  );
  return release(
    deps,
    actor,
    policy,
    row,
    rows,
    'approve',
    { approved_by: actor.userId, published_by: actor.userId },
    warnings,
  );
}

/** pending_approval → draft with a reason. */
export async function rejectVersion(
  deps: PolicyDeps,
  actor: Actor,
  policyId: string,
  version: number,
  reason: string,
) {
  await mustFindPolicy(deps, actor.tenantId, policyId);
  const rows = await listVersions(deps.db, actor.tenantId, policyId);
  const row = rows.find((r) => r.version === version);
  if (!row) throw notFound('policy version');
  if (row.status !== 'pending_approval')
    return refuse(
      deps,
      actor,
      'reject',
      policyId,
      new AppError(409, 'policy.not_pending', 'the version is not awaiting approval'),
    );
  await setVersionStatus(deps.db, actor.tenantId, row.id, {
    status: 'draft',
    updated_at: deps.now().toISOString(),
  });
  await deps.audit.write(actor.audit, {
    action: 'policy.rejected',
    subject: { type: 'policy', id: policyId },
    metadata: { version, reason_length: reason.length },
  });
}

/**
 * Rollback to a version that was published before (document 1, States). Direct: all or nothing,
 * the live version becomes rolled_back and the target published in a new, higher bundle; 422 if
 * the target no longer validates. Governed (same conditions as a release): a new version copying
 * the target waits for approval and the live bundle is left alone.
 */
export async function rollbackPolicy(
  deps: PolicyDeps,
  actor: Actor,
  policyId: string,
  toVersion: number,
  reason: string,
): Promise<ReleaseAnswer | { status: 'pending_approval' }> {
  const policy = await mustFindPolicy(deps, actor.tenantId, policyId);
  const rows = await listVersions(deps.db, actor.tenantId, policyId);
  const target = rows.find((r) => r.version === toVersion);
  if (!target) throw notFound('policy version');
  const refusal = new AppError(422, 'policy.rollback_target', 'the rollback target cannot be released', [
    { field: 'to_version', message: 'must name a version that was published before and still validates' },
  ]);
  if (target.published_by === null || target.status === 'published')
    return refuse(deps, actor, 'rollback', policyId, refusal);
  const spec = JSON.parse(target.spec) as PolicyVersionInput;
  if (validatePolicyVersion(spec, { now: deps.now() }).length > 0)
    return refuse(deps, actor, 'rollback', policyId, refusal);
  if (rows.some((r) => r.status === 'pending_approval'))
    return refuse(
      deps,
      actor,
      'rollback',
      policyId,
      new AppError(409, 'policy.pending_exists', 'another version of this policy is awaiting approval'),
    );
  const rule = (await readPolicySettings(deps.db, actor.tenantId)).second_person_rule;
  const governed = rule || !actor.canApprove || usesGovernedAction(spec) || isWholeCompanyScope(spec.scope);
  const now = deps.now();
  if (governed) {
    const row = newVersionRow(
      actor,
      policyId,
      (rows.at(-1)?.version ?? 0) + 1,
      { ...spec, change_reason: reason },
      now,
    );
    row.status = 'pending_approval';
    row.submitted_by = actor.userId;
    await insertVersion(deps.db, row);
    await deps.audit.write(actor.audit, {
      action: 'policy.rollback_requested',
      subject: { type: 'policy', id: policyId },
      metadata: { to_version: toVersion, pending_version: row.version },
    });
    return { status: 'pending_approval' };
  }
  const warnings = await refuseOnError(deps, actor, 'rollback', policyId, () =>
    checkRelease(deps.db, actor.tenantId, toPolicyVersion(policy, target), now),
  );
  const live = rows.find((r) => r.status === 'published');
  if (live)
    await setVersionStatus(deps.db, actor.tenantId, live.id, {
      status: 'rolled_back',
      updated_at: now.toISOString(),
    });
  const fresh = await listVersions(deps.db, actor.tenantId, policyId);
  return release(deps, actor, policy, target, fresh, 'rollback', { published_by: actor.userId }, warnings);
}
