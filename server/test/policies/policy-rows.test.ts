import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentHarness, TestDevice } from '../agents/agent-harness.js';
import { enrolDevice, signed, startIngestApp } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { consoleCalls, type SignedIn, signInAs, stepUp, type TestContext } from '../helpers/index.js';
import { cardsToUsb } from './policy-app.js';

/**
 * `GET /policies` rows (document 1, Endpoints): enforcement_7d, record, pending, pending_disable,
 * with events sent through the real agent ingest route and incidents raised by correlation.
 */
let ctx: TestContext;
let owner: SignedIn;
let admin: SignedIn;
let h: AgentHarness;
let device: TestDevice;

const DAY = 86_400_000;

beforeEach(async () => {
  h = await startIngestApp();
  ({ ctx, owner } = h);
  device = await enrolDevice(h);
  // Events are dated up to ten days back from the clock, within the 90-day retention.
  ctx.clock.advance(20 * DAY);
  // Sessions idle out while the clock moves: sign in again at the new time.
  owner = await signInAs(ctx, { role: 'owner', tenant: owner.tenantSlug });
  admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug });
});
afterEach(async () => ctx.close());

const asOwner = consoleCalls(
  () => ctx,
  () => owner.headers,
);
const asAdmin = consoleCalls(
  () => ctx,
  () => admin.headers,
);

const draft = (over: Record<string, unknown> = {}) =>
  cardsToUsb('first release of the card rule', {
    scope: { channels: ['removable_storage'], operating_systems: ['linux'] },
    ...over,
  });

async function send(events: unknown[]) {
  const r = await signed(h, device, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  for (const a of r.json().acks) expect(a.status).toBe('Accepted');
}

async function rowOf(id: string) {
  const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/policies', headers: owner.headers });
  expect(r.statusCode).toBe(200);
  return (r.json() as { id: string }[]).find((p) => p.id === id) as Record<string, unknown>;
}

const ago = (ms: number) => new Date(ctx.clock.now().getTime() - ms).toISOString();

describe('GET /policies rows', () => {
  it('counts the last seven days of events, the reduced ones and their incidents per deciding policy', async () => {
    const id = (await asOwner.post('/policies', draft())).json().policy_id as string;
    const other = (await asOwner.post('/policies', draft({ name: 'Other' }))).json().policy_id as string;
    await send([
      // Reduced: block asked, audit applied (the endpoint cannot block).
      agentEvent({ policy: id, at: ago(DAY), content: 'a' }),
      agentEvent({ policy: id, at: ago(DAY - 60_000), content: 'a' }),
      // Applied as asked: not reduced.
      agentEvent({ policy: id, at: ago(2 * DAY), content: 'b', action: 'block', requested_action: 'block' }),
      // `warn` on the wire is inform: inform → audit is reduced too.
      agentEvent({ policy: id, at: ago(3 * DAY), content: 'c', action: 'audit', requested_action: 'warn' }),
      // Outside the window.
      agentEvent({ policy: id, at: ago(8 * DAY), content: 'd' }),
      agentEvent({ policy: other, at: ago(DAY), content: 'e' }),
    ]);
    const row = await rowOf(id);
    // The two sightings of content "a" fold into one incident (document 1, rule 8).
    expect(row['enforcement_7d']).toEqual({ events: 4, reduced: 3, incidents: 3 });
    expect((await rowOf(other))['enforcement_7d']).toEqual({ events: 1, reduced: 1, incidents: 1 });
    const fresh = (await asOwner.post('/policies', draft({ name: 'Quiet' }))).json().policy_id as string;
    expect((await rowOf(fresh))['enforcement_7d']).toEqual({ events: 0, reduced: 0, incidents: 0 });
  });

  it('keeps false_positive_rate null until ten incidents are closed, then flags a poor record', async () => {
    const id = (await asOwner.post('/policies', draft({ raise_every_match: true }))).json()
      .policy_id as string;
    await send(
      Array.from({ length: 12 }, (_, i) => agentEvent({ policy: id, at: ago(DAY + i), content: `x${i}` })),
    );
    const incidents = await ctx.db
      .selectFrom('incidents')
      .select('id')
      .where('policy_id', '=', id)
      .orderBy('number')
      .execute();
    expect(incidents).toHaveLength(12);
    const close = async (ids: string[], disposition: string) =>
      ctx.db
        .updateTable('incidents')
        .set({ status: 'closed', disposition, closed_at: ctx.clock.now().toISOString() })
        .where('id', 'in', ids)
        .execute();
    await close(
      incidents.slice(0, 2).map((i) => i.id),
      'false_positive',
    );
    await close(
      incidents.slice(2, 9).map((i) => i.id),
      'confirmed_violation',
    );
    expect((await rowOf(id))['record']).toEqual({
      closed: 9,
      false_positives: 2,
      false_positive_rate: null,
      needs_review: false,
    });
    await close([incidents[9]!.id], 'detector_error');
    expect((await rowOf(id))['record']).toEqual({
      closed: 10,
      false_positives: 3,
      false_positive_rate: 0.3,
      needs_review: true,
    });
    // An incident marked as a test judges a rehearsal, not the rule.
    await ctx.db.updateTable('incidents').set({ synthetic: 1 }).where('id', '=', incidents[0]!.id).execute();
    expect((await rowOf(id))['record']).toMatchObject({ closed: 9, false_positive_rate: null });
  });

  it('shows the pending version and the pending disable request with who asked and why', async () => {
    const id = (await asOwner.post('/policies', draft({ response: 'block' }))).json().policy_id as string;
    expect((await asOwner.post(`/policies/${id}/versions/1/publish`)).json().status).toBe('pending_approval');
    const pending = await rowOf(id);
    expect(pending['pending']).toMatchObject({ author: owner.userId, submitter: owner.userId });
    expect(pending['pending_disable']).toBeNull();
    await stepUp(ctx, admin, 'policy_release');
    expect((await asAdmin.post(`/policies/${id}/versions/1/approve`)).json().status).toBe('published');
    const r = await asOwner.post(`/policies/${id}/enabled`, {
      enabled: false,
      reason: 'too many false alarms',
    });
    expect(r.statusCode).toBe(202);
    const row = await rowOf(id);
    expect(row['pending']).toBeNull();
    expect(row['pending_disable']).toEqual({
      id: r.json().request_id,
      version: 1,
      requested_by_id: owner.userId,
      requested_by: owner.email,
      requested_at: ctx.clock.now().toISOString(),
      reason: 'too many false alarms',
    });
    await asOwner.post(`/policies/${id}/disable/${r.json().request_id}/withdraw`, {
      reason: 'changed my mind',
    });
    expect((await rowOf(id))['pending_disable']).toBeNull();
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/policies/${id}`,
      headers: owner.headers,
    });
    expect(one.json()).toMatchObject({ id, record: { closed: 0 }, enforcement_7d: { events: 0 } });
  });
});
