import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentHarness, TestDevice } from '../agents/agent-harness.js';
import { enrolDevice, signed, startIngestApp } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { consoleCalls, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

/**
 * `GET /approved-devices/seen` (document 1, Endpoints: devices the fleet has met; `limit`,
 * `offset`, `paged`; document 2, Limits: seen devices 200), from removable_storage events sent
 * through the real agent ingest route.
 */
let ctx: TestContext;
let owner: SignedIn;
let h: AgentHarness;
let first: TestDevice;
let second: TestDevice;

beforeEach(async () => {
  h = await startIngestApp();
  ({ ctx, owner } = h);
  first = await enrolDevice(h);
  second = await enrolDevice(h);
});
afterEach(async () => ctx.close());

async function send(device: TestDevice, events: unknown[]) {
  const r = await signed(h, device, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  for (const a of r.json().acks) expect(a.status).toBe('Accepted');
}

const stick = (at: string, removable: Record<string, unknown> | null, channel = 'removable_storage') =>
  agentEvent({ at, channel, removable_device: removable, content: randomUUID() });

const { get } = consoleCalls(
  () => ctx,
  () => owner.headers,
);

describe('GET /approved-devices/seen', () => {
  it('groups sightings by serial without case, newest first, and marks approved serials', async () => {
    await send(first, [
      stick('2026-01-14T08:00:00Z', { serial: 'ABC123', device_class: 'usb_storage', vendor: 'Acme' }),
      stick('2026-01-14T10:00:00Z', { serial: 'XYZ-9', device_class: 'usb_storage' }),
      // A phone is identified by class only: never listed (it cannot be approved by serial).
      stick('2026-01-14T11:00:00Z', { device_class: 'phone' }),
      // Another channel with a device is not a removable-storage sighting.
      stick('2026-01-14T11:30:00Z', { serial: 'BT-1' }, 'bluetooth'),
    ]);
    await send(second, [
      stick('2026-01-14T12:00:00Z', { serial: 'abc123', device_class: 'usb_storage', model: 'Stick 2' }),
    ]);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/approved-devices',
      headers: owner.headers,
      payload: { serial: 'Abc123' },
    });
    expect(approved.statusCode).toBe(201);

    const r = await get('/approved-devices/seen');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      {
        serial: 'abc123',
        device_class: 'usb_storage',
        vendor: 'Acme',
        model: 'Stick 2',
        endpoints: 2,
        events: 2,
        first_seen_at: '2026-01-14T08:00:00.000Z',
        last_seen_at: '2026-01-14T12:00:00.000Z',
        approved_device_id: approved.json().id,
      },
      {
        serial: 'XYZ-9',
        device_class: 'usb_storage',
        vendor: null,
        model: null,
        endpoints: 1,
        events: 1,
        first_seen_at: '2026-01-14T10:00:00.000Z',
        last_seen_at: '2026-01-14T10:00:00.000Z',
        approved_device_id: null,
      },
    ]);
  });

  it('pages with limit and offset, answers the envelope with paged=true, and caps a page at 200', async () => {
    await send(
      first,
      ['S1', 'S2', 'S3'].map((serial, i) => stick(`2026-01-14T0${i + 1}:00:00Z`, { serial })),
    );
    const page = await get('/approved-devices/seen?paged=true&limit=2&offset=1');
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(page.json().items.map((d: { serial: string }) => d.serial)).toEqual(['S2', 'S1']);
    expect(
      (await get('/approved-devices/seen?limit=1')).json().map((d: { serial: string }) => d.serial),
    ).toEqual(['S3']);
    const over = await get('/approved-devices/seen?limit=201');
    expect(over.statusCode).toBe(422);
    expect(over.json().details[0].field).toContain('limit');
    expect((await get('/approved-devices/seen?sort=serial')).statusCode).toBe(422);
  });

  it('shows nothing of another tenant’s fleet', async () => {
    await send(first, [stick('2026-01-14T08:00:00Z', { serial: 'ABC123' })]);
    const other = await signInAs(ctx, { role: 'owner' });
    const r = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/approved-devices/seen',
      headers: other.headers,
    });
    expect(r.json()).toEqual([]);
  });
});
