import { randomUUID } from 'node:crypto';
import {
  isWholeCompanyScope,
  POLICY_GROUPS,
  type PolicyVersionInput,
  usesGovernedAction,
} from '@custos/engine';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { compileAndStoreBundle } from '../bundles/public.js';
import { bundleRelease } from './bundle-release.js';
import {
  decideDisableRequest,
  findDisableRequest,
  insertDisableRequest,
  supersedePendingDisable,
} from './disable-request-store.js';
import {
  type Actor,
  mustFindPolicy,
  type PolicyDeps,
  refuse,
  releasedPolicies,
  withCompileLock,
} from './service.js';
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

async function recompile(deps: PolicyDeps, actor: Actor, cause: string, extra: Record<string, unknown> = {}) {
  const released = await releasedPolicies(deps.db, actor.tenantId);
  const bundle = await compileAndStoreBundle(
    deps.db,
    actor.tenantId,
    deps.masterKey,
    await bundleRelease(deps.db, actor.tenantId, released),
    cause,
    deps.now(),
  );
  await deps.audit.write(actor.audit, {
    action: 'policy_bundle.compiled',
    subject: { type: 'policy_bundle', id: String(bundle.version) },
    metadata: { cause, ...extra },
  });
  return bundle.version;
}

async function liveVersion(deps: PolicyDeps, tenantId: string, policyId: string) {
  const rows = await listVersions(deps.db, tenantId, policyId);
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
  deps: PolicyDeps,
  actor: Actor,
  policyId: string,
  enabled: boolean,
  reason: string,
): Promise<{ code: 200 | 202; body: SwitchAnswer }> {
  const policy = await mustFindPolicy(deps, actor.tenantId, policyId);
  const live = await liveVersion(deps, actor.tenantId, policyId);
  if (enabled === (policy.disabled === 0))
    return refuse(
      deps,
      actor,
      enabled ? 'enable' : 'disable',
      policyId,
      new AppError('resource.conflict', `the policy is already ${enabled ? 'enabled' : 'disabled'}`),
    );
  if (!enabled && live) {
    const spec = JSON.parse(live.spec) as PolicyVersionInput;
    // Any policy is governed while the tenant-wide second-person rule is on (document 1, States).
    const rule = (await readPolicySettings(deps.db, actor.tenantId)).second_person_rule;
    if (rule || usesGovernedAction(spec) || isWholeCompanyScope(spec.scope)) {
      const id = randomUUID();
      // A newer request supersedes a pending one (document 1, States: a superseded request is 409).
      await supersedePendingDisable(deps.db, actor.tenantId, policyId, deps.now());
      await insertDisableRequest(deps.db, {
        id,
        tenant_id: actor.tenantId,
        policy_id: policyId,
        version: live.version,
        status: 'pending',
        requested_by: actor.userId,
        reason,
        decided_by: null,
        created_at: deps.now().toISOString(),
        decided_at: null,
      });
      await deps.audit.write(actor.audit, {
        action: 'policy.disable_requested',
        subject: { type: 'policy', id: policyId },
        metadata: { request_id: id, version: live.version },
      });
      return { code: 202, body: { status: 'pending_approval', request_id: id, bundle_version: null } };
    }
  }
  return { code: 200, body: await applySwitch(deps, actor, policyId, enabled, live?.version ?? null) };
}

async function applySwitch(
  deps: PolicyDeps,
  actor: Actor,
  policyId: string,
  enabled: boolean,
  liveAt: number | null,
) {
  return withCompileLock(deps.db, actor.tenantId, async () => {
    let bundleVersion: number | null = null;
    await deps.db.transaction().execute(async (trx) => {
      // The state is re-read inside the lock: a change since the caller looked is 409 (document 1).
      const now = await findPolicy(trx, actor.tenantId, policyId);
      const live = (await listVersions(trx, actor.tenantId, policyId)).find((r) => r.status === 'published');
      if (!now || now.disabled === (enabled ? 0 : 1) || (live?.version ?? null) !== liveAt)
        throw new AppError('resource.conflict', 'the policy status or published version changed meanwhile');
      await setPolicyDisabled(trx, actor.tenantId, policyId, !enabled);
      await deps.audit.write(
        actor.audit,
        { action: enabled ? 'policy.enabled' : 'policy.disabled', subject: { type: 'policy', id: policyId } },
        trx,
      );
    });
    if (liveAt !== null)
      bundleVersion = await recompile(deps, actor, enabled ? 'enable' : 'disable', { policy_id: policyId });
    return {
      policy_id: policyId,
      enabled,
      status: enabled ? 'published' : 'disabled',
      bundle_version: bundleVersion,
    };
  });
}

async function findRequest(deps: PolicyDeps, actor: Actor, policyId: string, requestId: string) {
  await mustFindPolicy(deps, actor.tenantId, policyId);
  const req = await findDisableRequest(deps.db, actor.tenantId, policyId, requestId);
  if (!req) throw notFound('disable request');
  return req;
}

async function decide(deps: PolicyDeps, actor: Actor, id: string, status: string) {
  await decideDisableRequest(deps.db, actor.tenantId, id, {
    status,
    decidedBy: actor.userId,
    at: deps.now(),
  });
}

/** Approves a pending disable request: not by its requester (403), 409 when stale. */
export async function approveDisable(deps: PolicyDeps, actor: Actor, policyId: string, requestId: string) {
  const req = await findRequest(deps, actor, policyId, requestId);
  if (req.requested_by === actor.userId)
    return refuse(
      deps,
      actor,
      'approve_disable',
      policyId,
      new AppError('policy.self_approval', 'the requester cannot approve their own disable request'),
    );
  const live = await liveVersion(deps, actor.tenantId, policyId);
  if (req.status !== 'pending' || live?.version !== req.version)
    return refuse(
      deps,
      actor,
      'approve_disable',
      policyId,
      new AppError('resource.conflict', 'the request is no longer pending or the live version changed'),
    );
  const answer = await applySwitch(deps, actor, policyId, false, req.version);
  await decide(deps, actor, requestId, 'approved');
  await deps.audit.write(actor.audit, {
    action: 'policy.disable_approved',
    subject: { type: 'policy', id: policyId },
    metadata: { request_id: requestId },
  });
  return answer;
}

/** Rejects (policies:approve) or withdraws (the requester only) a pending disable request. */
export async function closeDisable(
  deps: PolicyDeps,
  actor: Actor,
  policyId: string,
  requestId: string,
  how: 'rejected' | 'withdrawn',
): Promise<void> {
  const req = await findRequest(deps, actor, policyId, requestId);
  if (how === 'withdrawn' && req.requested_by !== actor.userId)
    return refuse(
      deps,
      actor,
      'withdraw_disable',
      policyId,
      new AppError('auth.forbidden', 'only the requester can withdraw a request'),
    );
  if (req.status !== 'pending')
    return refuse(
      deps,
      actor,
      `${how}_disable`,
      policyId,
      new AppError('resource.conflict', 'the request is no longer pending'),
    );
  await decide(deps, actor, requestId, how);
  await deps.audit.write(actor.audit, {
    action: how === 'rejected' ? 'policy.disable_rejected' : 'policy.disable_withdrawn',
    subject: { type: 'policy', id: policyId },
    metadata: { request_id: requestId },
  });
}

/** `POST /policies/reorder`: `order` lists every policy of the tenant exactly once. */
export async function reorderPolicies(deps: PolicyDeps, actor: Actor, order: string[], reason: string) {
  return withCompileLock(deps.db, actor.tenantId, async () => {
    const policies = await listPolicies(deps.db, actor.tenantId);
    const known = new Set(policies.map((p) => p.id));
    if (
      order.length !== known.size ||
      new Set(order).size !== order.length ||
      order.some((id) => !known.has(id))
    ) {
      return refuse(
        deps,
        actor,
        'reorder',
        'all',
        fieldError('order', 'must list every policy exactly once'),
      );
    }
    const before = policies.map((p) => p.id);
    await deps.db.transaction().execute(async (trx) => {
      for (const [i, id] of order.entries()) await setPolicyPosition(trx, actor.tenantId, id, i + 1);
    });
    await deps.audit.write(actor.audit, {
      action: 'policy.reordered',
      // Order before and after, and the reason (document 1, Events: policy.reordered).
      metadata: { order_before: before, order_after: order, reason },
    });
    return { bundle_version: await recompile(deps, actor, 'reorder') };
  });
}

/** `POST /policies/{id}/group`: no version, no bundle; audited. */
export async function setGroup(deps: PolicyDeps, actor: Actor, policyId: string, group: string | null) {
  const policy = await mustFindPolicy(deps, actor.tenantId, policyId);
  if (group !== null && !(POLICY_GROUPS as readonly string[]).includes(group))
    throw fieldError('group', `must be one of ${POLICY_GROUPS.join(', ')} or null`);
  await setPolicyGroup(deps.db, actor.tenantId, policyId, group);
  await deps.audit.write(actor.audit, {
    action: 'policy.group_changed',
    subject: { type: 'policy', id: policyId },
    metadata: { group_before: policy.group_name, group_after: group },
  });
  return { policy_id: policyId, group };
}
