import type { BundlePayload } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { waitingInventoryJoiners } from '../../src/modules/approved-devices/coalesced-recompile.js';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { withCompileLock } from '../../src/modules/policies/service.js';
import { policyApp } from './policy-app.js';

/**
 * Issue 14 item 14: approving many devices while an inventory policy is live makes one bundle
 * per request (a list in `items`), and rapid single approvals share the compile waiting for the
 * lock instead of compiling one bundle each.
 */
const t = policyApp();
const { post } = t;

async function bundleCount(): Promise<number> {
  const r = await t.ctx.db
    .selectFrom('policy_bundles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', t.owner.tenantId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
async function shippedSerials(): Promise<string[]> {
  const env = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.envelope as { payload_b64: string };
  const payload = JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()) as BundlePayload;
  return (payload.policies[0]?.condition as { serials?: string[] } | undefined)?.serials ?? [];
}

async function liveInventoryPolicy(): Promise<void> {
  const id = (
    await post('/policies', {
      name: 'USB allow-list',
      severity: 'medium',
      scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
      condition: {
        op: 'removable_device',
        serials: [],
        match_mode: 'none_of',
        include_approved_inventory: true,
      },
      response: 'inform',
      change_reason: 'allow only approved sticks',
    })
  ).json().policy_id;
  expect((await post(`/policies/${id}/versions/1/publish`)).json().status).toBe('published');
}

describe('POST /approved-devices with items', () => {
  it('approves 500 devices in one request and compiles exactly one bundle', async () => {
    await liveInventoryPolicy();
    const before = await bundleCount();
    const items = Array.from({ length: 500 }, (_, i) => ({ serial: `SN-${i}`, label: `stick ${i}` }));
    const r = await post('/approved-devices', { items });
    expect(r.statusCode).toBe(200);
    expect(r.json().items).toHaveLength(500);
    expect(r.json().items.every((d: { created: boolean }) => d.created)).toBe(true);
    expect(await bundleCount()).toBe(before + 1);
    expect(r.json().bundle_version).toBe(before + 1);
    expect(await shippedSerials()).toHaveLength(500);
    // A list of serials already approved only relabels: nothing recompiled.
    const again = await post('/approved-devices', { items: [{ serial: 'sn-1', label: 'renamed' }] });
    expect(again.json()).toMatchObject({ items: [{ created: false }], bundle_version: null });
    expect(await bundleCount()).toBe(before + 1);
    // The single form still works.
    expect((await post('/approved-devices', { serial: 'ONE-MORE' })).statusCode).toBe(201);
    expect(await bundleCount()).toBe(before + 2);
  });

  it('refuses a serial listed twice, both forms at once, and a list past the cap, storing nothing', async () => {
    const twice = await post('/approved-devices', { items: [{ serial: 'AB1' }, { serial: 'ab1' }] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().details).toEqual([{ field: 'items[1].serial', message: expect.any(String) }]);
    const both = await post('/approved-devices', { serial: 'X', items: [{ serial: 'Y' }] });
    expect(both.statusCode).toBe(422);
    expect(both.json().details[0].field).toBe('items');
    const neither = await post('/approved-devices', {});
    expect(neither.json().details[0].field).toBe('serial');
    const many = Array.from({ length: 4999 }, (_, i) => ({ serial: `S${i}` }));
    expect((await post('/approved-devices', { items: many })).statusCode).toBe(200);
    const over = await post('/approved-devices', {
      items: [{ serial: 'S1' }, { serial: 'N1' }, { serial: 'N2' }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('approved_device.limit');
    const rows = await t.ctx.db.selectFrom('approved_devices').select('serial').execute();
    expect(rows).toHaveLength(4999);
  });
});

describe('rapid single approvals', () => {
  it('share the compile waiting for the lock: ten approvals, one bundle', async () => {
    await liveInventoryPolicy();
    const before = await bundleCount();
    // Hold the compiling lock (as a long release would) while ten approvals arrive.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = withCompileLock(t.ctx.db, t.owner.tenantId, () => gate);
    const answers = Array.from({ length: 10 }, (_, i) => post('/approved-devices', { serial: `RAPID-${i}` }));
    while (waitingInventoryJoiners(t.owner.tenantId) < 10) await new Promise((r) => setImmediate(r));
    release();
    await held;
    const versions = (await Promise.all(answers)).map((r) => r.json().bundle_version);
    expect(new Set(versions)).toEqual(new Set([before + 1]));
    expect(await bundleCount()).toBe(before + 1);
    expect(await shippedSerials()).toHaveLength(10);
    expect(waitingInventoryJoiners(t.owner.tenantId)).toBe(0);
    const audits = await t.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'policy_bundle.compiled')
      .where('metadata', 'like', '%device_approved%')
      .execute();
    expect(audits.map((a) => JSON.parse(a.metadata))).toEqual([
      expect.objectContaining({ cause: 'device_approved', requests_coalesced: 10 }),
    ]);
  });
});
