import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { type SeenDevice, seenRemovableDevices } from '../agent-events/public.js';
import { type InventoryParts, recompileForInventory } from './coalesced-recompile.js';
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

/** A change's answer: `bundle_version` is null when nothing was recompiled. */
export interface InventoryChange {
  id: string;
  bundle_version: number | null;
}

/**
 * Approves a serial (409 `approved_device.limit` past the cap). Re-approving a known serial
 * relabels it: the serials a bundle carries do not change, so nothing is recompiled.
 */
export async function approveDevice(
  ctx: ServiceContext,
  parts: InventoryParts,
  input: { serial: string; device_class?: string; label?: string },
): Promise<InventoryChange & { created: boolean }> {
  const serialKey = input.serial.toLowerCase();
  const existing = await findApprovedBySerialKey(ctx.db, actorOf(ctx).tenantId, serialKey);
  if (existing !== undefined) {
    await relabelApprovedDevice(ctx.db, actorOf(ctx).tenantId, existing, {
      label: input.label ?? null,
      ...(input.device_class !== undefined ? { device_class: input.device_class } : {}),
    });
    await ctx.audit.write(auditContextFor(ctx), {
      action: 'approved_device.relabelled',
      subject: { type: 'approved_device', id: existing },
    });
    return { id: existing, bundle_version: null, created: false };
  }
  if ((await countApprovedDevices(ctx.db, actorOf(ctx).tenantId)) >= APPROVED_DEVICE_CAP) throw capError();
  const id = randomUUID();
  await insertApprovedDevice(ctx.db, {
    id,
    tenant_id: actorOf(ctx).tenantId,
    serial: input.serial,
    serial_key: serialKey,
    device_class: input.device_class ?? null,
    label: input.label ?? null,
    created_by: userIdOf(ctx),
    created_at: ctx.clock.now().toISOString(),
  });
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'approved_device.added',
    subject: { type: 'approved_device', id },
  });
  return { id, bundle_version: await recompileForInventory(ctx, parts, 'device_approved'), created: true };
}

/** One device of an approval request. */
export interface DeviceInput {
  serial: string;
  device_class?: string;
  label?: string;
}

function capError(): AppError {
  return new AppError('approved_device.limit', `a tenant approves at most ${APPROVED_DEVICE_CAP} devices`);
}

/**
 * Approves a list of devices in one request (issue 14 item 14): all or nothing, one transaction,
 * one bundle at most. A serial listed twice (compared without case) is 422 on the second
 * `items[i].serial`; serials already approved are relabelled; 409 `approved_device.limit` when the
 * new ones would pass the cap, and nothing is stored.
 */
export async function approveDevices(
  ctx: ServiceContext,
  parts: InventoryParts,
  items: readonly DeviceInput[],
): Promise<{ items: { id: string; serial: string; created: boolean }[]; bundle_version: number | null }> {
  const seen = new Set<string>();
  const details = items.flatMap((d, i) => {
    const key = d.serial.toLowerCase();
    if (seen.has(key))
      return [{ field: `items[${i}].serial`, message: 'is listed twice (serials compare without case)' }];
    seen.add(key);
    return [];
  });
  if (details.length > 0) throw new AppError('request.invalid', 'the request has invalid fields', details);
  const now = ctx.clock.now().toISOString();
  const out: { id: string; serial: string; created: boolean }[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    // At most 5,000 rows per tenant: the whole inventory is read once.
    const known = await approvedIdsBySerialKey(trx, actorOf(ctx).tenantId);
    const fresh = items.filter((d) => !known.has(d.serial.toLowerCase()));
    if ((await countApprovedDevices(trx, actorOf(ctx).tenantId)) + fresh.length > APPROVED_DEVICE_CAP)
      throw capError();
    for (const d of items) {
      const existing = known.get(d.serial.toLowerCase());
      if (existing !== undefined) {
        await relabelApprovedDevice(trx, actorOf(ctx).tenantId, existing, {
          label: d.label ?? null,
          ...(d.device_class !== undefined ? { device_class: d.device_class } : {}),
        });
        await ctx.audit.write(
          auditContextFor(ctx),
          { action: 'approved_device.relabelled', subject: { type: 'approved_device', id: existing } },
          trx,
        );
        out.push({ id: existing, serial: d.serial, created: false });
        continue;
      }
      const id = randomUUID();
      await insertApprovedDevice(trx, {
        id,
        tenant_id: actorOf(ctx).tenantId,
        serial: d.serial,
        serial_key: d.serial.toLowerCase(),
        device_class: d.device_class ?? null,
        label: d.label ?? null,
        created_by: userIdOf(ctx),
        created_at: now,
      });
      await ctx.audit.write(
        auditContextFor(ctx),
        { action: 'approved_device.added', subject: { type: 'approved_device', id } },
        trx,
      );
      out.push({ id, serial: d.serial, created: true });
    }
  });
  // Relabels change no shipped serial: only new serials recompile, once for the whole list.
  const bundle = out.some((d) => d.created)
    ? await recompileForInventory(ctx, parts, 'device_approved')
    : null;
  return { items: out, bundle_version: bundle };
}

export async function removeDevice(
  ctx: ServiceContext,
  parts: InventoryParts,
  id: string,
): Promise<InventoryChange> {
  if (!(await deleteApprovedDevice(ctx.db, actorOf(ctx).tenantId, id))) throw notFound('approved device');
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'approved_device.removed',
    subject: { type: 'approved_device', id },
  });
  return { id, bundle_version: await recompileForInventory(ctx, parts, 'device_removed') };
}

/** Removable devices endpoints have reported (newest sighting first), each marked if approved. */
export async function seenDevicesPage(
  ctx: ServiceContext,
  tenantId: string,
  limit: number,
  offset: number,
): Promise<{ items: (SeenDevice & { approved_device_id: string | null })[]; total: number }> {
  const seen = await seenRemovableDevices(ctx.db, tenantId);
  const approved = await approvedIdsBySerialKey(ctx.db, tenantId);
  const items = seen.slice(offset, offset + limit).map((d) => ({
    ...d,
    approved_device_id: approved.get(d.serial.toLowerCase()) ?? null,
  }));
  return { items, total: seen.length };
}
