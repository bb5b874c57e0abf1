import { randomUUID } from 'node:crypto';
import type { ConditionNode } from '@custos/engine';
import type { AuditContext } from '../../http/audit.js';
import { AppError, notFound } from '../../http/errors.js';
import { type SeenDevice, seenRemovableDevices } from '../incidents/policy-record.js';
import { compileTenant, type PolicyDeps, releasedPolicies } from '../policies/service.js';
import {
  approvedIdsBySerialKey,
  countApprovedDevices,
  deleteApprovedDevice,
  findApprovedBySerialKey,
  insertApprovedDevice,
  relabelApprovedDevice,
} from './store.js';

/** Approved devices per tenant (document 1, Limits). */
export const APPROVED_DEVICE_CAP = 5000;
/** A page of seen devices holds at most 200 (document 2, Limits: seen devices 200). */
export const SEEN_PAGE_CAP = 200;

/** Who changes the inventory. */
export interface InventoryActor {
  tenantId: string;
  userId: string;
  audit: AuditContext;
}

/** A change's answer: `bundle_version` is null when nothing was recompiled. */
export interface InventoryChange {
  id: string;
  bundle_version: number | null;
}

function usesInventory(node: ConditionNode): boolean {
  if (node.op === 'removable_device') return node.include_approved_inventory === true;
  if (node.op === 'and' || node.op === 'or' || node.op === 'at_least') return node.nodes.some(usesInventory);
  if (node.op === 'not') return usesInventory(node.node);
  return false;
}

/**
 * An approval or removal recompiles the bundle only when a published policy's condition sets
 * `include_approved_inventory` (document 1, Conditions rule 8).
 */
async function maybeRecompile(
  deps: PolicyDeps,
  actor: InventoryActor,
  cause: string,
): Promise<number | null> {
  const released = await releasedPolicies(deps.db, actor.tenantId);
  if (!released.some((r) => usesInventory(r.version.condition))) return null;
  const bundle = await compileTenant(
    deps,
    { tenantId: actor.tenantId, userId: actor.userId, canApprove: false, audit: actor.audit },
    cause,
  );
  return bundle.version;
}

/**
 * Approves a serial (409 `approved_device.limit` past the cap). Re-approving a known serial
 * relabels it: the serials a bundle carries do not change, so nothing is recompiled.
 */
export async function approveDevice(
  deps: PolicyDeps,
  actor: InventoryActor,
  input: { serial: string; device_class?: string; label?: string },
): Promise<InventoryChange & { created: boolean }> {
  const serialKey = input.serial.toLowerCase();
  const existing = await findApprovedBySerialKey(deps.db, actor.tenantId, serialKey);
  if (existing !== undefined) {
    await relabelApprovedDevice(deps.db, actor.tenantId, existing, {
      label: input.label ?? null,
      ...(input.device_class !== undefined ? { device_class: input.device_class } : {}),
    });
    await deps.audit.write(actor.audit, {
      action: 'approved_device.relabelled',
      subject: { type: 'approved_device', id: existing },
    });
    return { id: existing, bundle_version: null, created: false };
  }
  if ((await countApprovedDevices(deps.db, actor.tenantId)) >= APPROVED_DEVICE_CAP)
    throw new AppError(
      409,
      'approved_device.limit',
      `a tenant approves at most ${APPROVED_DEVICE_CAP} devices`,
    );
  const id = randomUUID();
  await insertApprovedDevice(deps.db, {
    id,
    tenant_id: actor.tenantId,
    serial: input.serial,
    serial_key: serialKey,
    device_class: input.device_class ?? null,
    label: input.label ?? null,
    created_by: actor.userId,
    created_at: deps.now().toISOString(),
  });
  await deps.audit.write(actor.audit, {
    action: 'approved_device.added',
    subject: { type: 'approved_device', id },
  });
  return { id, bundle_version: await maybeRecompile(deps, actor, 'device_approved'), created: true };
}

export async function removeDevice(
  deps: PolicyDeps,
  actor: InventoryActor,
  id: string,
): Promise<InventoryChange> {
  if (!(await deleteApprovedDevice(deps.db, actor.tenantId, id))) throw notFound('approved device');
  await deps.audit.write(actor.audit, {
    action: 'approved_device.removed',
    subject: { type: 'approved_device', id },
  });
  return { id, bundle_version: await maybeRecompile(deps, actor, 'device_removed') };
}

/** Removable devices endpoints have reported (newest sighting first), each marked if approved. */
export async function seenDevicesPage(
  deps: PolicyDeps,
  tenantId: string,
  limit: number,
  offset: number,
): Promise<{ items: (SeenDevice & { approved_device_id: string | null })[]; total: number }> {
  const seen = await seenRemovableDevices(deps.db, tenantId);
  const approved = await approvedIdsBySerialKey(deps.db, tenantId);
  const items = seen.slice(offset, offset + limit).map((d) => ({
    ...d,
    approved_device_id: approved.get(d.serial.toLowerCase()) ?? null,
  }));
  return { items, total: seen.length };
}
