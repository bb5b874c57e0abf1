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
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { withDatabaseLock } from '../../db/locks.js';
import { AppError, notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { findAgent, findAgentGroup } from '../agents/public.js';
import { compileAndStoreBundle, type ReleasedPolicy } from '../bundles/public.js';
import { unknownCorpusFields } from '../fingerprint-corpora/public.js';
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

/**
 * What a policies service needs besides the service context (docs/architecture.md, "Service
 * context"): the key that seals the tenant's bundle signing key, and whether the acting person
 * holds policies:approve (the second-person rule). Routes build it with `policyPartsOf(request)`.
 */
export interface PolicyParts {
  masterKey: Buffer;
  canApprove: boolean;
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
  ctx: ServiceContext,
  tenantId: string,
  input: Record<string, unknown>,
): Promise<TargetLookup> {
  const found = new Set<string>();
  const text = JSON.stringify(input['scope'] ?? {}) + JSON.stringify(input['exceptions'] ?? []);
  const ids = new Set(text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? []);
  for (const id of ids) {
    const agent = await findAgent(ctx.db, tenantId, id);
    if (agent && agent.status === 'active') found.add(`endpoint:${id}`);
    const group = await findAgentGroup(ctx.db, tenantId, id);
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
  ctx: ServiceContext,
  tenantId: string,
  input: Record<string, unknown>,
  now: Date,
): Promise<FieldError[]> {
  const prompts = await promptLibrary(ctx.db, tenantId);
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
      targets: await targetLookup(ctx, tenantId, input),
      prompts: prompts.lookup,
      detectorNames: DETECTOR_NAMES,
    }),
    ...(await unknownDetectorFields(ctx.db, tenantId, input['condition'])),
    ...(await unknownCorpusFields(ctx.db, tenantId, input['condition'])),
  );
  return details;
}

/** The engine's write-time check with the tenant's objects; 422 naming each field (document 1). */
async function validateFor(ctx: ServiceContext, tenantId: string, input: Record<string, unknown>, now: Date) {
  const details = await versionProblems(ctx, tenantId, input, now);
  if (details.length > 0)
    throw new AppError('request.invalid', 'the policy version has invalid fields', details);
  const { group: _group, ...spec } = input;
  // `warn` is accepted as the historical name of `inform` and stored as inform (document 1).
  return informActions(spec).spec as unknown as PolicyVersionInput;
}

export async function mustFindPolicy(
  ctx: ServiceContext,
  tenantId: string,
  id: string,
): Promise<PoliciesTable> {
  const p = await findPolicy(ctx.db, tenantId, id);
  if (!p) throw notFound('policy');
  return p;
}

/**
 * How a policy came to be when it was not written in the console: an import records its package
 * source on the `policy.created` entry and runs `onCreated` inside the creating transaction.
 */
export interface CreateOrigin {
  importedFrom: Record<string, string | number>;
  onCreated(trx: Transaction<Database>, policy: PoliciesTable): Promise<void>;
}

export async function createPolicy(
  ctx: ServiceContext,
  input: Record<string, unknown>,
  origin?: CreateOrigin,
) {
  const now = ctx.clock.now();
  const spec = await validateFor(ctx, actorOf(ctx).tenantId, input, now);
  const group = typeof input['group'] === 'string' ? (input['group'] as string) : null;
  const id = randomUUID();
  let created: { policy: PoliciesTable; version: PolicyVersionsTable } | undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const { number, position } = await nextNumberAndPosition(trx, actorOf(ctx).tenantId);
    const policy: PoliciesTable = {
      id,
      tenant_id: actorOf(ctx).tenantId,
      number,
      group_name: group,
      disabled: 0,
      position,
      created_by: userIdOf(ctx),
      created_at: now.toISOString(),
    };
    await insertPolicy(trx, policy);
    const version = newVersionRow(ctx, id, 1, spec, now);
    await insertVersion(trx, version);
    const imported = origin ? { imported_from: origin.importedFrom } : {};
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'policy.created',
        subject: { type: 'policy', id },
        metadata: { number, version: 1, ...imported },
      },
      trx,
    );
    await origin?.onCreated(trx, policy);
    created = { policy, version };
  });
  if (!created) throw new AppError('internal', 'policy not created');
  return versionView(created.policy, created.version);
}

export function newVersionRow(
  ctx: ServiceContext,
  policyId: string,
  version: number,
  spec: PolicyVersionInput,
  now: Date,
): PolicyVersionsTable {
  return {
    id: randomUUID(),
    tenant_id: actorOf(ctx).tenantId,
    policy_id: policyId,
    version,
    status: 'draft',
    spec: JSON.stringify(spec),
    change_reason: spec.change_reason,
    created_by: userIdOf(ctx),
    submitted_by: null,
    approved_by: null,
    published_by: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

export async function addVersion(ctx: ServiceContext, policyId: string, input: Record<string, unknown>) {
  const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const now = ctx.clock.now();
  const spec = await validateFor(ctx, actorOf(ctx).tenantId, input, now);
  const versions = await listVersions(ctx.db, actorOf(ctx).tenantId, policyId);
  // The version awaiting approval is the latest (document 1, States): no newer version is
  // written until it is approved or rejected.
  if (versions.some((v) => v.status === 'pending_approval'))
    throw new AppError(
      'policy.pending_exists',
      'a version of this policy is awaiting approval; approve or reject it first',
    );
  const row = newVersionRow(ctx, policyId, (versions.at(-1)?.version ?? 0) + 1, spec, now);
  await insertVersion(ctx.db, row);
  return versionView(policy, row);
}

export async function getVersions(ctx: ServiceContext, tenantId: string, policyId: string) {
  const policy = await mustFindPolicy(ctx, tenantId, policyId);
  const rows = await listVersions(ctx.db, tenantId, policyId);
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
  ctx: ServiceContext,
  action: string,
  policyId: string,
  error: AppError,
): Promise<never> {
  // Every refused lifecycle action is audited (document 1, Events).
  await ctx.audit.write(auditContextFor(ctx), {
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
  ctx: ServiceContext,
  parts: PolicyParts,
  reason: string,
  extra: { onStart?: () => void; metadata?: () => Record<string, unknown> } = {},
) {
  return withCompileLock(ctx.db, actorOf(ctx).tenantId, async () => {
    extra.onStart?.();
    const released = await releasedPolicies(ctx.db, actorOf(ctx).tenantId);
    const bundle = await compileAndStoreBundle(
      ctx.db,
      actorOf(ctx).tenantId,
      parts.masterKey,
      await bundleRelease(ctx.db, actorOf(ctx).tenantId, released),
      reason,
      ctx.clock.now(),
    );
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'policy_bundle.compiled',
      subject: { type: 'policy_bundle', id: String(bundle.version) },
      metadata: { cause: reason, policy_count: released.length, ...extra.metadata?.() },
    });
    return bundle;
  });
}
