import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { maskHost } from '../../src/modules/ingest/normalise-event.js';
import { type AgentHarness, enrolDevice, signed, startHarness } from './agent-harness.js';
import { agentEvent } from './event-factory.js';

let h: AgentHarness;
afterEach(async () => h?.close());

const post = (d: Parameters<typeof signed>[1], events: unknown[], batch_id: string = randomUUID()) =>
  signed(h, d, 'POST', '/api/v1/agent/events', { batch_id, events });

describe('POST /agent/events', () => {
  it('acks each event; one bad event never fails the batch', async () => {
    h = await startHarness();
    const d = await enrolDevice(h);
    const policy = h.port.addPolicy().id;
    const good = agentEvent({ policy });
    const cases: [Record<string, unknown>, string][] = [
      [{ event_id: 'nope' }, 'event_id_invalid'],
      [{ occurred_at: 'yesterday' }, 'occurred_at_invalid'],
      [{ channel: 'Bad Channel' }, 'channel_invalid'],
      [{ action: 'explode' }, 'action_invalid'],
      [{ severity: 'urgent' }, 'severity_invalid'],
      [{ decided_by_policy_id: 'not-a-policy' }, 'policy_id_invalid'],
      [{ detectors: 'lots' }, 'detectors_invalid'],
      [
        {
          detectors: Array.from({ length: 200 }, (_, i) => ({
            detector_id: `${i}`.padEnd(200, 'd'),
            category: 'c'.repeat(100),
            match_count: 1,
          })),
        },
        'event_too_large',
      ],
    ];
    const bad = cases.map(([over]) => agentEvent({ policy, ...over }));
    const r = await post(d, [good, ...bad, 'not an object']);
    expect(r.statusCode).toBe(200);
    const acks = r.json().acks;
    expect(acks[0]).toEqual({ event_id: good.event_id, status: 'Accepted', reason: null });
    cases.forEach(([, reason], i) => {
      expect(acks[i + 1]).toMatchObject({ status: 'Rejected', reason });
    });
    expect(acks.at(-1)).toMatchObject({ status: 'Rejected', reason: 'event_not_an_object' });
    const stored = await h.ctx.db.selectFrom('agent_events').selectAll().execute();
    expect(stored.map((e) => e.id)).toEqual([good.event_id]);
    // Only the allow-listed fields are kept: a preview or unknown bulk never reaches storage.
    const chatty = agentEvent({ policy, padding: 'x'.repeat(70_000), preview: '4111 1111 1111 1111' });
    (chatty.detectors[0] as Record<string, unknown>).preview = '4111 1111 1111 1111';
    expect((await post(d, [chatty])).json().acks[0].status).toBe('Accepted');
    const row = await h.ctx.db
      .selectFrom('agent_events')
      .selectAll()
      .where('id', '=', chatty.event_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4111');
    expect(row.payload.length).toBeLessThan(2_000);
  });

  it('rejects a bad file size, an over-long path or hostname and an impossible date, never storing null', async () => {
    h = await startHarness();
    const d = await enrolDevice(h);
    const policy = h.port.addPolicy().id;
    const withFile = (over: Record<string, unknown>) => {
      const e = agentEvent({ policy });
      Object.assign(e.file as Record<string, unknown>, over);
      return e;
    };
    // The harness clock is 2026-03-01: these dates are recent, so only the calendar can refuse them.
    const cases: [Record<string, unknown>, string][] = [
      [withFile({ size_bytes: -1 }), 'file_size_invalid'],
      [withFile({ size_bytes: 12.5 }), 'file_size_invalid'],
      [withFile({ size_bytes: '120' }), 'file_size_invalid'],
      [withFile({ path: 'p'.repeat(70_000) }), 'event_too_large'],
      [withFile({ path: `/${'p'.repeat(5_000)}` }), 'file_path_invalid'],
      [withFile({ path: 42 }), 'file_path_invalid'],
      [withFile({ from_path: 'p'.repeat(70_000) }), 'event_too_large'],
      [withFile({ blake3: 'not-a-hash' }), 'file_hash_invalid'],
      [agentEvent({ policy, hostname: 'h'.repeat(70_000) }), 'event_too_large'],
      [agentEvent({ policy, hostname: 'h'.repeat(300) }), 'hostname_invalid'],
      [agentEvent({ policy, user: { name: 'u'.repeat(70_000), id: null } }), 'event_too_large'],
      [agentEvent({ policy, user: 'alice' }), 'user_invalid'],
      [agentEvent({ policy, policy_version: -3 }), 'policy_version_invalid'],
      [agentEvent({ policy, at: '2026-02-30T09:00:00Z' }), 'occurred_at_invalid'],
      [agentEvent({ policy, at: '2025-02-29T09:00:00Z' }), 'occurred_at_invalid'],
      [agentEvent({ policy, at: '2026-04-31T09:00:00Z' }), 'occurred_at_invalid'],
    ];
    const good = agentEvent({ policy, at: '2024-02-29T09:00:00Z' });
    const leap = agentEvent({ policy, at: '2026-02-28T23:59:59Z' });
    const batch = randomUUID();
    const r = await post(d, [leap, ...cases.map(([e]) => e), good], batch);
    expect(r.statusCode).toBe(200);
    const acks = r.json().acks;
    expect(acks[0]).toEqual({ event_id: leap.event_id, status: 'Accepted', reason: null });
    cases.forEach(([e, reason], i) => {
      expect(acks[i + 1]).toEqual({ event_id: e.event_id, status: 'Rejected', reason });
    });
    // 2024-02-29 exists (a leap year) and is older than 90 days: refused for its age, not its form.
    expect(acks.at(-1)).toMatchObject({ status: 'Rejected', reason: 'occurred_at_older_than_retention' });
    const stored = await h.ctx.db.selectFrom('agent_events').selectAll().execute();
    expect(stored.map((e) => e.id)).toEqual([leap.event_id]);
    // The retried batch answers the same acks and still stores nothing more.
    expect((await post(d, [leap, ...cases.map(([e]) => e), good], batch)).json().acks).toEqual(acks);
    expect(await h.ctx.db.selectFrom('agent_events').selectAll().execute()).toHaveLength(1);
  });

  it('refuses more than DLP_MAX_BATCH_EVENTS with 400 before quotas are looked at', async () => {
    h = await startHarness({
      DLP_MAX_BATCH_EVENTS: '3',
      DLP_QUOTA_EVENT_BURST: '1',
      DLP_QUOTA_EVENTS_PER_HOUR: '1',
    });
    const d = await enrolDevice(h);
    const r = await post(d, [agentEvent(), agentEvent(), agentEvent(), agentEvent()]);
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('agent.batch_too_large');
    const q = await post(d, [agentEvent(), agentEvent()]);
    expect(q.statusCode).toBe(429);
  });

  it('answers Duplicate for a repeat; ids are per device', async () => {
    h = await startHarness();
    const a = await enrolDevice(h);
    const b = await enrolDevice(h);
    const e = agentEvent();
    expect((await post(a, [e])).json().acks[0].status).toBe('Accepted');
    expect((await post(a, [e, e])).json().acks.map((x: { status: string }) => x.status)).toEqual([
      'Duplicate',
      'Duplicate',
    ]);
    // Another device's event with the same id is its own event, never taken for a repeat.
    expect((await post(b, [e])).json().acks[0].status).toBe('Accepted');
    const rows = await h.ctx.db
      .selectFrom('agent_events')
      .select('device_id')
      .where('id', '=', e.event_id)
      .execute();
    expect(rows.map((r) => r.device_id).sort()).toEqual([a.deviceId, b.deviceId].sort());
    const fresh = agentEvent();
    expect((await post(a, [fresh, fresh])).json().acks.map((x: { status: string }) => x.status)).toEqual([
      'Accepted',
      'Duplicate',
    ]);
  });

  it('answers a retried batch id from its idempotency record', async () => {
    h = await startHarness();
    const d = await enrolDevice(h);
    const batch = randomUUID();
    const events = [agentEvent(), agentEvent({ event_id: 'bad' })];
    const first = await post(d, events, batch);
    const again = await post(d, events, batch);
    expect(again.json().acks).toEqual(first.json().acks);
    expect(again.json().acks[0].status).toBe('Accepted');
    const n = await h.ctx.db
      .selectFrom('agent_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('keeps an event more than a day ahead at arrival time and rejects one older than 90 days', async () => {
    h = await startHarness();
    const d = await enrolDevice(h);
    const now = h.ctx.clock.now().getTime();
    const ahead = agentEvent({ at: new Date(now + 25 * 3_600_000).toISOString() });
    const withinDay = agentEvent({ at: new Date(now + 23 * 3_600_000).toISOString() });
    const old = agentEvent({ at: new Date(now - 91 * 86_400_000).toISOString() });
    const acks = (await post(d, [ahead, withinDay, old])).json().acks;
    expect(acks[2]).toMatchObject({ status: 'Rejected', reason: 'occurred_at_older_than_retention' });
    const rows = await h.ctx.db.selectFrom('agent_events').selectAll().execute();
    const a = rows.find((r) => r.id === ahead.event_id)!;
    expect(a.occurred_at).toBe(new Date(now).toISOString());
    expect(a.occurred_at_reported).toBe(ahead.occurred_at);
    const w = rows.find((r) => r.id === withinDay.event_id)!;
    expect(w.occurred_at).toBe(new Date(now + 23 * 3_600_000).toISOString());
    expect(w.occurred_at_reported).toBeNull();
  });

  it('stores mark of the web masked and the incident events list returns the file_mark fields', async () => {
    h = await startHarness();
    const d = await enrolDevice(h);
    const policy = h.port.addPolicy().id;
    const e = agentEvent({ policy });
    (e.file as Record<string, unknown>).mark_of_the_web = {
      zone_id: 3,
      host: 'downloads.files.example.com',
      referrer_host: '203.0.113.9',
    };
    await post(d, [e]);
    const row = await h.ctx.db.selectFrom('agent_events').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('downloads.files');
    const list = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/incidents',
      headers: h.owner.headers,
    });
    const id = list.json().items[0].id;
    const ev = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/incidents/${id}/events`,
      headers: h.owner.headers,
    });
    expect(ev.json().items[0]).toMatchObject({
      file_mark_zone: 3,
      file_mark_host: '*.*.example.com',
      file_mark_referrer_host: '203.*.*.*',
    });
    expect(maskHost('example.com')).toBe('*.com');
    expect(maskHost('fe80::1')).toBe('fe80:*');
  });

  it('sends throttle_ms once the bucket is below a quarter of its burst', async () => {
    h = await startHarness({ DLP_AGENT_RATE_PER_MINUTE: '60', DLP_AGENT_RATE_BURST: '8' });
    const d = await enrolDevice(h);
    const seen: (number | null)[] = [];
    for (let i = 0; i < 7; i += 1) seen.push((await post(d, [agentEvent()])).json().throttle_ms);
    // 8 tokens: after 6 requests 2 are left (= a quarter) with no throttle; after 7, one left.
    expect(seen.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(seen[6]).toBe(1_000);
  });
});

describe('quotas', () => {
  async function quotaAudits() {
    return h.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'agent.quota_exceeded')
      .execute();
  }

  it('event_volume: 429 with the reason, audited once per episode', async () => {
    h = await startHarness({ DLP_QUOTA_EVENTS_PER_HOUR: '3600', DLP_QUOTA_EVENT_BURST: '5' });
    const d = await enrolDevice(h);
    expect(
      (
        await post(
          d,
          [1, 2, 3, 4].map(() => agentEvent()),
        )
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const r = await post(d, [agentEvent(), agentEvent()]);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toMatchObject({
        code: 'agent.quota_exceeded',
        details: [{ field: 'reason', message: 'event_volume' }],
      });
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(await quotaAudits()).toHaveLength(1);
    h.ctx.clock.advance(10_000);
    expect((await post(d, [agentEvent()])).statusCode).toBe(200);
    for (let i = 0; i < 12; i += 1) await post(d, [agentEvent()]);
    expect(await quotaAudits()).toHaveLength(2);
  });

  it('byte_volume counts bytes on the wire', async () => {
    h = await startHarness({ DLP_QUOTA_BYTES_PER_HOUR: '1024', DLP_QUOTA_BYTE_BURST: '2048' });
    const d = await enrolDevice(h);
    const r = await post(d, [agentEvent(), agentEvent(), agentEvent()]);
    expect(r.statusCode).toBe(429);
    expect(r.json().details[0].message).toBe('byte_volume');
  });

  it('storage_footprint: stored events per device', async () => {
    h = await startHarness({ DLP_QUOTA_STORED_EVENTS: '3' });
    const d = await enrolDevice(h);
    expect((await post(d, [agentEvent(), agentEvent()])).statusCode).toBe(200);
    const r = await post(d, [agentEvent(), agentEvent()]);
    expect(r.statusCode).toBe(429);
    expect(r.json().details[0].message).toBe('storage_footprint');
    expect((await quotaAudits())[0]!.metadata).toContain('storage_footprint');
  });
});
