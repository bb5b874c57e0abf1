import { randomUUID } from 'node:crypto';
import {
  BUILTIN_DETECTORS,
  type FieldError,
  informActions,
  type PolicyVersion,
  type PolicyVersionInput,
  type TargetLookup,
  validatePolicyVersion,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { withDatabaseLock } from '../../db/locks.js';
import type { AuditContext, AuditWriter } from '../../http/audit.js';
import { AppError, notFound } from '../../http/errors.js';
import { findAgent, findAgentGroup } from '../agents/public.js';
import { compileAndStoreBundle, type ReleasedPolicy } from '../bundles/public.js';
import { promptLibrary } from '../prompt-messages/public.js';
import { bundleRelease } from './bundle-release.js';
import { unknownDetectorFields } from './detector-check.js';
import type { OverlapWarning } from './overlap.js';
import {
  findPolicy,
  insertPolicy,
  insertVersion,
  listPolicies,
  listTenantVersions,
  listVersions,
  nextNumberAndPosition,
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

/** A notice text must not name a detector (document 1, Prompt message). */
const DETECTOR_NAMES = BUILTIN_DETECTORS.map((d) => d.id);

/** The compiler-only exclusion lists (document 1, Scope): a version that sets one is a field error. */
const COMPILER_ONLY = ['exclude_groups', 'exclude_device_ids', 'exclude_agent_groups'] as const;

export interface ReleaseAnswer {
  policy_id: string;
  version: number;
  status: string;
  bundle_version: number | null;
  coverage_warnings: unknown[];
  overlap_warnings: OverlapWarning[];
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

/**
 * The status a reader sees: the live version of a switched-off policy reads `disabled`
 * (document 1, States: published → disable → disabled); stored it stays published so that
 * switching on restores it without a new version.
 */
export function shownStatus(policy: PoliciesTable, row: PolicyVersionsTable): string {
  return policy.disabled === 1 && row.status === 'published' ? 'disabled' : row.status;
}

/** The stored shape of a version as the console reads it. */
export function versionView(policy: PoliciesTable, row: PolicyVersionsTable) {
  return {
    ...toPolicyVersion(policy, row),
    status: shownStatus(policy, row),
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

/**
 * Every write-time refusal of a version against the tenant's current objects (document 1): the
 * engine's check with the tenant's targets and prompt library, compiler-only exclusions, and
 * detector ids the tenant does not have. Also what a rollback target must still pass.
 */
export async function versionProblems(
  deps: PolicyDeps,
  tenantId: string,
  input: Record<string, unknown>,
  now: Date,
): Promise<FieldError[]> {
  const prompts = await promptLibrary(deps.db, tenantId);
  const details: FieldError[] = [];
  const scope = input['scope'];
  if (scope && typeof scope === 'object') {
    for (const f of COMPILER_ONLY)
      if ((scope as Record<string, unknown>)[f] !== undefined)
        details.push({
          field: `scope.${f}`,
          message: 'is written only by the bundle compiler; use exclude_targets',
        });
  }
  const { group: _group, ...spec } = input;
  details.push(
    ...validatePolicyVersion(spec, {
      now,
      targets: await targetLookup(deps, tenantId, input),
      prompts: prompts.lookup,
      detectorNames: DETECTOR_NAMES,
    }),
    ...(await unknownDetectorFields(deps.db, tenantId, input['condition'])),
  );
  return details;
}

/** The engine's write-time check with the tenant's objects; 422 naming each field (document 1). */
async function validateFor(deps: PolicyDeps, tenantId: string, input: Record<string, unknown>, now: Date) {
  const details = await versionProblems(deps, tenantId, input, now);
  if (details.length > 0)
    throw new AppError('request.invalid', 'the policy version has invalid fields', details);
  const { group: _group, ...spec } = input;
  // `warn` is accepted as the historical name of `inform` and stored as inform (document 1).
  return informActions(spec).spec as unknown as PolicyVersionInput;
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
  if (!created) throw new AppError('internal', 'policy not created');
  return versionView(created.policy, created.version);
}

export function newVersionRow(
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
  // The version awaiting approval is the latest (document 1, States): no newer version is
  // written until it is approved or rejected.
  if (versions.some((v) => v.status === 'pending_approval'))
    throw new AppError(
      'policy.pending_exists',
      'a version of this policy is awaiting approval; approve or reject it first',
    );
  const row = newVersionRow(actor, policyId, (versions.at(-1)?.version ?? 0) + 1, spec, now);
  await insertVersion(deps.db, row);
  return versionView(policy, row);
}

export async function getVersions(deps: PolicyDeps, tenantId: string, policyId: string) {
  const policy = await mustFindPolicy(deps, tenantId, policyId);
  const rows = await listVersions(deps.db, tenantId, policyId);
  return rows.map((r) => versionView(policy, r));
}

/** Every published version of an enabled policy, in list order: what the next bundle ships. */
export async function releasedPolicies(db: Kysely<Database>, tenantId: string): Promise<ReleasedPolicy[]> {
  const policies = await listPolicies(db, tenantId);
  const versions = await listTenantVersions(db, tenantId);
  const out: ReleasedPolicy[] = [];
  for (const p of policies) {
    if (p.disabled) continue;
    const v = versions.find((r) => r.policy_id === p.id && r.status === 'published');
    if (v) out.push({ version: toPolicyVersion(p, v), position: p.position });
  }
  return out;
}

/**
 * One compile at a time per tenant (the "compiling lock" of document 1, States), across every
 * instance on the database (db/locks.ts).
 */
export async function withCompileLock<T>(
  db: Kysely<Database>,
  tenantId: string,
  work: () => Promise<T>,
): Promise<T> {
  return withDatabaseLock(db, 'compile', tenantId, work);
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

/**
 * Compiles the tenant's next bundle inside the compiling lock. `onStart` runs when the lock is
 * taken, before anything is read: a caller coalescing requests stops adding joiners there.
 */
export async function compileTenant(
  deps: PolicyDeps,
  actor: Actor,
  reason: string,
  extra: { onStart?: () => void; metadata?: () => Record<string, unknown> } = {},
) {
  return withCompileLock(deps.db, actor.tenantId, async () => {
    extra.onStart?.();
    const released = await releasedPolicies(deps.db, actor.tenantId);
    const bundle = await compileAndStoreBundle(
      deps.db,
      actor.tenantId,
      deps.masterKey,
      await bundleRelease(deps.db, actor.tenantId, released),
      reason,
      deps.now(),
    );
    await deps.audit.write(actor.audit, {
      action: 'policy_bundle.compiled',
      subject: { type: 'policy_bundle', id: String(bundle.version) },
      metadata: { cause: reason, policy_count: released.length, ...extra.metadata?.() },
    });
    return bundle;
  });
}
