import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signed } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

interface Factor {
  name: string;
  value: number;
  weight: number;
  contribution: number;
}
const detail = async (id: string) => (await t.call('GET', `/incidents/${id}`)).json();
const contribution = (factors: Factor[], name: string) => factors.find((f) => f.name === name)?.contribution;
const close = (id: string, body: Record<string, unknown>) =>
  t.call('POST', `/incidents/${id}/status`, undefined, { resolution: RESOLUTION, ...body });

/** A quiet event: one unvalidated match at low confidence. */
const quiet = {
  detectors: [
    {
      detector_id: 'keyword',
      detector_version: 1,
      category: 'general',
      match_count: 1,
      validated_count: 0,
      max_confidence: 40,
    },
  ],
};

describe('priority and risk on the detail and the queue (docs/incidents.md, Priority and risk)', () => {
  it('the detail lists every priority factor with its weight, the risk factors and the model version', async () => {
    // high severity, 2 validated card numbers at confidence 90, a file created at rest.
    const id = await t.one('alice');
    const d = await detail(id);
    expect(d.risk_model_version).toBe('custos-incident-risk-1');
    expect(d.risk_factors).toEqual([
      { name: 'severity', points: 22 },
      { name: 'content_volume', points: 6.4 },
      { name: 'content_validated', points: 10 },
      { name: 'content_high_confidence', points: 5 },
      { name: 'policies_matched', points: 0 },
      { name: 'destination_trust', points: 0 },
      { name: 'bypass_attempts', points: 0 },
      { name: 'departure_soon_after_detection', points: 0 },
      { name: 'approved_exception', points: 0 },
    ]);
    expect(d.risk_score).toBe(43);
    expect(d.priority_factors).toEqual([
      { name: 'risk_score', value: 0.43, weight: 40, contribution: 17.2 },
      { name: 'detector_confidence', value: 0.9, weight: 15, contribution: 13.5 },
      { name: 'validator_passed', value: 1, weight: 15, contribution: 15 },
      { name: 'destination_untrusted', value: 0, weight: 10, contribution: 0 },
      { name: 'prior_confirmed_incidents', value: 0, weight: 12, contribution: 0 },
      { name: 'events_folded', value: 0, weight: 8, contribution: 0 },
      { name: 'false_positive_record', value: 0, weight: -35, contribution: 0 },
    ]);
    expect(d.priority_score).toBe(46);
    // The list row carries the same score and factors.
    const row = (await t.call('GET', '/incidents')).json().items.find((i: { id: string }) => i.id === id);
    expect(row).toMatchObject({ priority_score: 46, risk_score: 43, priority_factors: d.priority_factors });
  });

  it('an egress incident counts its untrusted destination in both scores', async () => {
    const id = await t.one('eve', t.d, { channel: 'removable_storage' });
    const d = await detail(id);
    expect(d.risk_factors).toContainEqual({ name: 'destination_trust', points: 20 });
    expect(contribution(d.priority_factors, 'destination_untrusted')).toBe(10);
    expect(d.risk_score).toBe(63);
  });

  it('sorting by priority orders the queue by the computed score, both directions', async () => {
    const low = await t.one('lou', t.d, quiet);
    const high = await t.one('hal');
    const mid = await t.one('mia', t.d, {
      detectors: [{ ...quiet.detectors[0], validated_count: 1 }],
    });
    const order = async (sort: string) =>
      (
        (await t.call('GET', `/incidents?sort=${sort}`)).json().items as {
          id: string;
          priority_score: number;
        }[]
      )
        .filter((i) => [low, high, mid].includes(i.id))
        .map((i) => i.id);
    const scores = await Promise.all([low, mid, high].map(async (id) => (await detail(id)).priority_score));
    expect(scores[0]).toBeLessThan(scores[1]);
    expect(scores[1]).toBeLessThan(scores[2]);
    expect(await order('priority')).toEqual([high, mid, low]);
    expect(await order('priority:asc')).toEqual([low, mid, high]);
  });

  it("folded events raise the priority once the batch's events are stored", async () => {
    const same = { content: 'same-content', path: '/srv/share/same.txt', at: '2026-01-20T08:00:00Z' };
    const id = await t.one('fold', t.d, same);
    expect(contribution((await detail(id)).priority_factors, 'events_folded')).toBe(0);
    const events = Array.from({ length: 9 }, () => agentEvent({ policy: t.policy, person: 'fold', ...same }));
    const r = await signed(t.h, t.d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
    expect(r.statusCode).toBe(200);
    const d = await detail(id);
    expect(d.event_count).toBe(10);
    // log10(10) / log10(100) = 0.5 of the weight 8.
    expect(d.priority_factors).toContainEqual({
      name: 'events_folded',
      value: 0.5,
      weight: 8,
      contribution: 4,
    });
    // Twenty matches now: the risk score grew too; the score is the rounded sum of the contributions.
    expect(d.risk_score).toBeGreaterThan(43);
    const sum = (d.priority_factors as Factor[]).reduce((n, f) => n + f.contribution, 0);
    expect(d.priority_score).toBe(Math.round(sum));
  });

  it("a rule's false-positive record lowers its open incidents' priority once ten are closed", async () => {
    const open = await t.one('keep');
    const start = (await detail(open)).priority_score;
    const others = await t.raise(Array.from({ length: 10 }, (_, i) => `fp${i}`));
    for (const [i, id] of others.entries()) {
      expect((await close(id, { status: 'false_positive' })).statusCode).toBe(200);
      const now = await detail(open);
      // Nine closed: not counted yet; the tenth closes the record at 10/10.
      expect(contribution(now.priority_factors, 'false_positive_record')).toBe(i < 9 ? 0 : -35);
    }
    expect((await detail(open)).priority_score).toBe(Math.max(0, start - 35));
    // The stored risk score and its factors stay as they were.
    expect((await detail(open)).risk_score).toBe(43);
  });

  it("a person's confirmed violation raises the priority of their later incidents", async () => {
    const [first] = await t.raise(['bob']);
    const later = await t.one('bob');
    expect(contribution((await detail(later)).priority_factors, 'prior_confirmed_incidents')).toBe(0);
    t.h.ctx.clock.advance(60_000);
    expect((await close(first!, { status: 'closed', disposition: 'confirmed_violation' })).statusCode).toBe(
      200,
    );
    const d = await detail(later);
    expect(d.priority_factors).toContainEqual({
      name: 'prior_confirmed_incidents',
      value: 0.2,
      weight: 12,
      contribution: 2.4,
    });
    // The closed incident does not count itself.
    expect(contribution((await detail(first!)).priority_factors, 'prior_confirmed_incidents')).toBe(0);
  });
});
