import { randomUUID } from 'node:crypto';
import {
  isWholeCompanyScope,
  POLICY_GROUPS,
  type PolicyVersionInput,
  usesGovernedAction,
} from '@custos/engine';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { compileAndStoreBundle } from '../bundles/public.js';
import { bundleRelease } from './bundle-release.js';
import {
  decideDisableRequest,
  findDisableRequest,
  insertDisableRequest,
  supersedePendingDisable,
} from './disable-request-store.js';
import { mustFindPolicy, type PolicyParts, refuse, releasedPolicies, withCompileLock } from './service.js';
import { readPolicySettings } from './settings.js';
import {
  findPolicy,
  listPolicies,
  listVersions,
  setPolicyDisabled,
  setPolicyGroup,
  setPolicyPosition,
} from './store.js';

/**
 * Switching policies off and on, governed disable requests, reorder and group changes
 * (document 1, States and Endpoints). Each change that alters what ships compiles a new bundle.
 */

async function recompile(
  ctx: ServiceContext,
  parts: PolicyParts,
  cause: string,
  extra: Record<string, unknown> = {},
) {
  const released = await releasedPolicies(ctx.db, actorOf(ctx).tenantId);
  const bundle = await compileAndStoreBundle(
    ctx.db,
    actorOf(ctx).tenantId,
    parts.masterKey,
    await bundleRelease(ctx.db, actorOf(ctx).tenantId, released),
    cause,
    ctx.clock.now(),
  );
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'policy_bundle.compiled',
    subject: { type: 'policy_bundle', id: String(bundle.version) },
    metadata: { cause, ...extra },
  });
  return bundle.version;
}

async function liveVersion(ctx: ServiceContext, tenantId: string, policyId: string) {
  const rows = await listVersions(ctx.db, tenantId, policyId);
  return rows.find((r) => r.status === 'published');
}

export type SwitchAnswer =
  | { policy_id: string; enabled: boolean; status: string; bundle_version: number | null }
  | { status: 'pending_approval'; request_id: string; bundle_version: null };

/**
 * `POST /policies/{id}/enabled`. A governed disable (Block, Quarantine or ApprovalRequired, or
 * whole-company scope) answers 202 with a request and changes nothing live; a targeted low-risk
 * policy switches off directly. Enabling is direct. 409 when the state changed mid-call.
 */
export async function setEnabled(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyId: string,
  enabled: boolean,
  reason: string,
): Promise<{ code: 200 | 202; body: SwitchAnswer }> {
  const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const live = await liveVersion(ctx, actorOf(ctx).tenantId, policyId);
  if (enabled === (policy.disabled === 0))
    return refuse(
      ctx,
      enabled ? 'enable' : 'disable',
      policyId,
      new AppError('resource.conflict', `the policy is already ${enabled ? 'enabled' : 'disabled'}`),
    );
  if (!enabled && live) {
    const spec = JSON.parse(live.spec) as PolicyVersionInput;
    // Any policy is governed while the tenant-wide second-person rule is on (document 1, States).
    const rule = (await readPolicySettings(ctx.db, actorOf(ctx).tenantId)).second_person_rule;
    if (rule || usesGovernedAction(spec) || isWholeCompanyScope(spec.scope)) {
      const id = randomUUID();
      // A newer request supersedes a pending one (document 1, States: a superseded request is 409).
      await supersedePendingDisable(ctx.db, actorOf(ctx).tenantId, policyId, ctx.clock.now());
      await insertDisableRequest(ctx.db, {
        id,
        tenant_id: actorOf(ctx).tenantId,
        policy_id: policyId,
        version: live.version,
        status: 'pending',
        requested_by: userIdOf(ctx),
        reason,
        decided_by: null,
        created_at: ctx.clock.now().toISOString(),
        decided_at: null,
      });
      await ctx.audit.write(auditContextFor(ctx), {
        action: 'policy.disable_requested',
        subject: { type: 'policy', id: policyId },
        metadata: { request_id: id, version: live.version },
      });
      return { code: 202, body: { status: 'pending_approval', request_id: id, bundle_version: null } };
    }
  }
  return { code: 200, body: await applySwitch(ctx, parts, policyId, enabled, live?.version ?? null) };
}

async function applySwitch(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyId: string,
  enabled: boolean,
  liveAt: number | null,
) {
  return withCompileLock(ctx.db, actorOf(ctx).tenantId, async () => {
    let bundleVersion: number | null = null;
    await ctx.db.transaction().execute(async (trx) => {
      // The state is re-read inside the lock: a change since the caller looked is 409 (document 1).
      const now = await findPolicy(trx, actorOf(ctx).tenantId, policyId);
      const live = (await listVersions(trx, actorOf(ctx).tenantId, policyId)).find(
        (r) => r.status === 'published',
      );
      if (!now || now.disabled === (enabled ? 0 : 1) || (live?.version ?? null) !== liveAt)
        throw new AppError('resource.conflict', 'the policy status or published version changed meanwhile');
      await setPolicyDisabled(trx, actorOf(ctx).tenantId, policyId, !enabled);
      await ctx.audit.write(
        auditContextFor(ctx),
        { action: enabled ? 'policy.enabled' : 'policy.disabled', subject: { type: 'policy', id: policyId } },
        trx,
      );
    });
    if (liveAt !== null)
      bundleVersion = await recompile(ctx, parts, enabled ? 'enable' : 'disable', { policy_id: policyId });
    return {
      policy_id: policyId,
      enabled,
      status: enabled ? 'published' : 'disabled',
      bundle_version: bundleVersion,
    };
  });
}

async function findRequest(ctx: ServiceContext, policyId: string, requestId: string) {
  await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  const req = await findDisableRequest(ctx.db, actorOf(ctx).tenantId, policyId, requestId);
  if (!req) throw notFound('disable request');
  return req;
}

async function decide(ctx: ServiceContext, id: string, status: string) {
  await decideDisableRequest(ctx.db, actorOf(ctx).tenantId, id, {
    status,
    decidedBy: userIdOf(ctx),
    at: ctx.clock.now(),
  });
}

/** Approves a pending disable request: not by its requester (403), 409 when stale. */
export async function approveDisable(
  ctx: ServiceContext,
  parts: PolicyParts,
  policyId: string,
  requestId: string,
) {
  const req = await findRequest(ctx, policyId, requestId);
  if (req.requested_by === userIdOf(ctx))
    return refuse(
      ctx,
      'approve_disable',
      policyId,
      new AppError('policy.self_approval', 'the requester cannot approve their own disable request'),
    );
  const live = await liveVersion(ctx, actorOf(ctx).tenantId, policyId);
  if (req.status !== 'pending' || live?.version !== req.version)
    return refuse(
      ctx,
      'approve_disable',
      policyId,
      new AppError('resource.conflict', 'the request is no longer pending or the live version changed'),
    );
  const answer = await applySwitch(ctx, parts, policyId, false, req.version);
  await decide(ctx, requestId, 'approved');
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'policy.disable_approved',
    subject: { type: 'policy', id: policyId },
    metadata: { request_id: requestId },
  });
  return answer;
}

/** Rejects (policies:approve) or withdraws (the requester only) a pending disable request. */
export async function closeDisable(
  ctx: ServiceContext,
  policyId: string,
  requestId: string,
  how: 'rejected' | 'withdrawn',
): Promise<void> {
  const req = await findRequest(ctx, policyId, requestId);
  if (how === 'withdrawn' && req.requested_by !== userIdOf(ctx))
    return refuse(
      ctx,
      'withdraw_disable',
      policyId,
      new AppError('auth.forbidden', 'only the requester can withdraw a request'),
    );
  if (req.status !== 'pending')
    return refuse(
      ctx,
      `${how}_disable`,
      policyId,
      new AppError('resource.conflict', 'the request is no longer pending'),
    );
  await decide(ctx, requestId, how);
  await ctx.audit.write(auditContextFor(ctx), {
    action: how === 'rejected' ? 'policy.disable_rejected' : 'policy.disable_withdrawn',
    subject: { type: 'policy', id: policyId },
    metadata: { request_id: requestId },
  });
}

/** `POST /policies/reorder`: `order` lists every policy of the tenant exactly once. */
export async function reorderPolicies(
  ctx: ServiceContext,
  parts: PolicyParts,
  order: string[],
  reason: string,
) {
  return withCompileLock(ctx.db, actorOf(ctx).tenantId, async () => {
    const policies = await listPolicies(ctx.db, actorOf(ctx).tenantId);
    const known = new Set(policies.map((p) => p.id));
    if (
      order.length !== known.size ||
      new Set(order).size !== order.length ||
      order.some((id) => !known.has(id))
    ) {
      return refuse(ctx, 'reorder', 'all', fieldError('order', 'must list every policy exactly once'));
    }
    const before = policies.map((p) => p.id);
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, id] of order.entries()) await setPolicyPosition(trx, actorOf(ctx).tenantId, id, i + 1);
    });
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'policy.reordered',
      // Order before and after, and the reason (document 1, Events: policy.reordered).
      metadata: { order_before: before, order_after: order, reason },
    });
    return { bundle_version: await recompile(ctx, parts, 'reorder') };
  });
}

/** `POST /policies/{id}/group`: no version, no bundle; audited. */
export async function setGroup(ctx: ServiceContext, policyId: string, group: string | null) {
  const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, policyId);
  if (group !== null && !(POLICY_GROUPS as readonly string[]).includes(group))
    throw fieldError('group', `must be one of ${POLICY_GROUPS.join(', ')} or null`);
  await setPolicyGroup(ctx.db, actorOf(ctx).tenantId, policyId, group);
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'policy.group_changed',
    subject: { type: 'policy', id: policyId },
    metadata: { group_before: policy.group_name, group_after: group },
  });
  return { policy_id: policyId, group };
}
