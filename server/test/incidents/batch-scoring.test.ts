import { randomUUID } from 'node:crypto';
import { bypassPoints } from '@custos/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signed } from '../agents/agent-harness.js';
import { agentEvent, justifiedPrompt } from '../agents/event-factory.js';
import { type Exc, startExceptions } from '../exception-requests/exception-harness.js';

/**
 * Ingest scores a batch's incidents together, before writing them (docs/incidents.md, Priority
 * and risk): what the batch itself brings counts as if it were stored, and the detector facts
 * are a running summary of every event the incident has held.
 */
let e: Exc;
beforeAll(async () => {
  e = await startExceptions(); // clock 2026-03-02T09:00Z
});
afterAll(async () => e?.close());

async function send(events: Record<string, unknown>[]) {
  const r = await signed(e.h, e.d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  for (const a of r.json().acks) expect(a.status).toBe('Accepted');
}

async function detail(path: string) {
  const row = await e.h.ctx.db
    .selectFrom('incidents')
    .select(['id', 'risk_score', 'priority_score'])
    .where('file_path', '=', path)
    .executeTakeFirstOrThrow();
  const d = (await e.call('GET', `/incidents/${row.id}`)).json();
  expect(d.risk_score).toBe(row.risk_score);
  expect(d.priority_score).toBe(row.priority_score);
  const factor = (list: { name: string; points?: number; value?: number }[], name: string) =>
    list.find((f) => f.name === name);
  return {
    id: row.id as string,
    risk: (name: string) => factor(d.risk_factors, name)?.points,
    priority: (name: string) => factor(d.priority_factors, name)?.value,
  };
}

const CONTINUED = {
  kind: 'continue',
  held: false,
  asked: true,
  result: 'continued',
  outcome: 'user_continued',
};
const day = (d: number, h = 9) =>
  `2026-02-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`;

it("counts the person's answers that arrive in the same batch as the incident's last event", async () => {
  const ev = (at: string, path: string, over: Record<string, unknown> = {}) =>
    agentEvent({ policy: e.policy, person: 'carol', at, content: path, path, ...over });
  await send([
    ev(day(10), '/srv/s1.txt', { person_prompt: justifiedPrompt('The customer asked for this statement') }),
    ev(day(11), '/srv/s2.txt', { person_prompt: CONTINUED }),
    ev(day(12), '/srv/s3.txt', { person_prompt: CONTINUED }),
    ev(day(20), '/srv/same-batch.txt'),
  ]);
  expect((await detail('/srv/same-batch.txt')).risk('bypass_attempts')).toBeCloseTo(bypassPoints(3), 1);
});

it('keeps detector facts of every event the incident held, past its newest 1,000', async () => {
  const path = '/srv/facts.txt';
  const ev = (at: string, detectors: unknown[]) =>
    agentEvent({ policy: e.policy, person: 'dave', at, content: 'facts', path, detectors });
  const plain = [{ detector_id: 'card_number', category: 'financial', match_count: 1 }];
  // One validated match at confidence 90, then 1,000 events without either fact.
  await send([ev(day(1), [{ ...plain[0], validated_count: 1, max_confidence: 90 }])]);
  for (let b = 0; b < 2; b++)
    await send(
      Array.from({ length: 500 }, (_, i) =>
        ev(new Date(Date.parse(day(1)) + (b * 500 + i + 1) * 1_000).toISOString(), plain),
      ),
    );
  const d = await detail(path);
  expect(d.priority('validator_passed')).toBe(1);
  expect(d.priority('detector_confidence')).toBe(0.9);
  expect(d.risk('content_validated')).toBe(10);
  expect(d.risk('content_high_confidence')).toBe(5);
  const kept = await e.h.ctx.db
    .selectFrom('incident_scores')
    .select('detector_facts')
    .where('incident_id', '=', d.id)
    .executeTakeFirstOrThrow();
  expect(JSON.parse(kept.detector_facts as string)).toEqual({
    validated: true,
    high_confidence: true,
    max_confidence: 90,
  });
});

it('an incident scored before the facts were kept reads its stored events once', async () => {
  const path = '/srv/legacy.txt';
  const ev = (at: string, detectors: unknown[]) =>
    agentEvent({ policy: e.policy, person: 'erin', at, content: 'legacy', path, detectors });
  await send([
    ev(day(2), [{ detector_id: 'iban', category: 'financial', match_count: 1, validated_count: 1 }]),
  ]);
  const { id } = await detail(path);
  await e.h.ctx.db
    .updateTable('incident_scores')
    .set({ detector_facts: null })
    .where('incident_id', '=', id)
    .execute();
  await send([
    ev(day(3), [{ detector_id: 'iban', category: 'financial', match_count: 1, max_confidence: 40 }]),
  ]);
  const d = await detail(path);
  expect(d.priority('validator_passed')).toBe(1);
  expect(d.priority('detector_confidence')).toBe(0.4);
});
