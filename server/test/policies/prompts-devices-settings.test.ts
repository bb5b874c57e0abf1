import { randomUUID } from 'node:crypto';
import type { BundlePayload } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { stepUp } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

const t = policyApp();

const req = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown, who = t.owner) =>
  t.ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload: payload as object });

async function latestPayload(): Promise<BundlePayload> {
  const env = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.envelope as { payload_b64: string };
  return JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()) as BundlePayload;
}

const usbRule = (over: Record<string, unknown> = {}) => ({
  name: 'USB allow-list',
  severity: 'medium',
  scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
  condition: {
    op: 'removable_device',
    serials: ['AAA1'],
    match_mode: 'none_of',
    include_approved_inventory: true,
  },
  response: 'inform',
  change_reason: 'allow only approved sticks',
  ...over,
});

describe('prompt messages', () => {
  it('versions a message, refuses a text naming a detector, and compiles the tenant notice language', async () => {
    const bad = await req('POST', '/prompt-messages', {
      name: 'Cards',
      action: 'warn',
      texts: { en: 'payment_card found' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].field).toBe('texts.en');
    const long = await req('POST', '/prompt-messages', {
      name: 'Long',
      action: 'warn',
      texts: { en: 'x'.repeat(513) },
    });
    expect(long.json().details[0].field).toBe('texts.en');
    const m = await req('POST', '/prompt-messages', {
      name: 'Careful',
      action: 'warn',
      texts: { en: 'Careful with customer data', tr: 'Müşteri verilerine dikkat' },
    });
    expect(m.statusCode).toBe(201);
    const v2 = await req('POST', `/prompt-messages/${m.json().id}`, {
      name: 'Careful',
      action: 'warn',
      texts: { en: 'Please be careful with customer data', tr: 'Lütfen müşteri verilerine dikkat edin' },
    });
    expect(v2.json().version).toBe(2);
    await stepUp(t.ctx, t.owner, 'policy_release');
    expect((await req('PUT', '/policy-settings', { notice_language: 'tr' })).statusCode).toBe(200);
    const id = (
      await req('POST', '/policies', usbRule({ notifications: { prompt_message_id: m.json().id } }))
    ).json().policy_id;
    const pub = await req('POST', `/policies/${id}/versions/1/publish`);
    expect(pub.json().status).toBe('published');
    expect((await latestPayload()).policies[0]?.notifications.user_message).toBe(
      'Lütfen müşteri verilerine dikkat edin',
    );
    // A block message cannot serve an inform policy.
    const block = await req('POST', '/prompt-messages', {
      name: 'Stop',
      action: 'block',
      texts: { en: 'Stopped' },
    });
    const wrong = await req(
      'POST',
      '/policies',
      usbRule({ notifications: { prompt_message_id: block.json().id } }),
    );
    expect(wrong.statusCode).toBe(422);
  });
});

describe('approved devices', () => {
  it('recompiles only when a published policy uses the inventory, and merges the serials', async () => {
    const first = await req('POST', '/approved-devices', {
      serial: 'usb-001',
      device_class: 'usb_mass_storage',
    });
    expect(first.json().bundle_version).toBeNull();
    const id = (await req('POST', '/policies', usbRule())).json().policy_id;
    await req('POST', `/policies/${id}/versions/1/publish`);
    const second = await req('POST', '/approved-devices', { serial: 'USB-002' });
    expect(second.json().bundle_version).toBe(2);
    const cond = (await latestPayload()).policies[0]?.condition as { serials: string[] };
    expect(cond.serials).toEqual(['AAA1', 'USB-002', 'usb-001']);
    // Re-approving a serial relabels it: 200, same id, nothing recompiled.
    const relabel = await req('POST', '/approved-devices', { serial: 'usb-002', label: 'Finance stick' });
    expect(relabel.statusCode).toBe(200);
    expect(relabel.json()).toEqual({ id: second.json().id, bundle_version: null });
    const listed = (await req('GET', '/approved-devices')).json().items;
    expect(listed.filter((d: { serial: string }) => d.serial.toLowerCase() === 'usb-002')).toEqual([
      expect.objectContaining({ serial: 'USB-002', label: 'Finance stick' }),
    ]);
    const removed = await req('DELETE', `/approved-devices/${first.json().id}`);
    expect(removed.json().bundle_version).toBe(3);
  });

  it('refuses the 5,001st device with 409', async () => {
    const now = t.ctx.clock.now().toISOString();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: randomUUID(),
      tenant_id: t.owner.tenantId,
      serial: `s${i}`,
      serial_key: `s${i}`,
      device_class: null,
      label: null,
      created_by: t.owner.userId,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.ctx.db
        .insertInto('approved_devices')
        .values(rows.slice(i, i + 500))
        .execute();
    const r = await req('POST', '/approved-devices', { serial: 'one-more' });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('approved_device.limit');
    // At the cap an approved serial can still be relabelled.
    expect((await req('POST', '/approved-devices', { serial: 'S7', label: 'relabelled' })).statusCode).toBe(
      200,
    );
  });
});

describe('tenant-wide second-person rule', () => {
  it('submits even a targeted low-risk draft from an approver, and governs its disable', async () => {
    const id = (await req('POST', '/policies', usbRule())).json().policy_id;
    await req('POST', `/policies/${id}/versions/1/publish`);
    await stepUp(t.ctx, t.owner, 'policy_release');
    await req('PUT', '/policy-settings', { second_person_rule: true });
    const off = await req('POST', `/policies/${id}/enabled`, { enabled: false, reason: 'rule is on now' });
    expect(off.statusCode).toBe(202);
    await req('POST', `/policies/${id}/versions`, usbRule({ severity: 'low' }));
    expect((await req('POST', `/policies/${id}/versions/2/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    expect((await req('PUT', '/policy-settings', { help_address: 'ftp://help' })).statusCode).toBe(422);
  });
});
