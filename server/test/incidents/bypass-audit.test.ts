import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signed } from '../agents/agent-harness.js';
import { agentEvent, justifiedPrompt } from '../agents/event-factory.js';
import { type Exc, startExceptions } from '../exception-requests/exception-harness.js';

/**
 * Document 2's `agent.bypass_attempted` (docs/incidents.md, Priority and risk): each event whose
 * person answered with a bypass code gets one audit entry with the device as subject, written
 * with the event; justified passes and Continues count for the risk factor only.
 */
let e: Exc;
beforeAll(async () => {
  e = await startExceptions();
});
afterAll(async () => e?.close());

const prompt = (result: string) => ({
  kind: 'continue',
  held: true,
  asked: true,
  result,
  outcome: 'user_continued',
});
let n = 0;
const ev = (over: Record<string, unknown>) => {
  n += 1;
  return agentEvent({
    policy: e.policy,
    person: 'alice',
    at: '2026-03-01T09:00:00Z',
    content: `b-${n}`,
    path: `/srv/b${n}.txt`,
    ...over,
  });
};

async function bypassEntries() {
  const r = await e.call('GET', '/audit-events?action=agent.bypass_attempted');
  expect(r.statusCode).toBe(200);
  return r.json().items as {
    action: string;
    subject: { type: string; id: string };
    metadata: Record<string, unknown>;
  }[];
}

describe('agent.bypass_attempted', () => {
  it('records a refused bypass code once, naming the event and device, never the code', async () => {
    const refused = ev({ person_prompt: prompt('bypass_code_refused') });
    const batch = {
      batch_id: randomUUID(),
      events: [
        refused,
        ev({ person_prompt: prompt('continued') }),
        ev({ person_prompt: justifiedPrompt('The customer asked for this statement') }),
        ev({}),
      ],
    };
    const r = await signed(e.h, e.d, 'POST', '/api/v1/agent/events', batch);
    expect(r.statusCode).toBe(200);
    const entries = await bypassEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'agent.bypass_attempted',
      subject_type: 'agent',
      subject_id: e.d.deviceId,
      metadata: { event_id: refused.event_id, outcome: 'refused', policy_id: e.policy },
    });
    expect(entries[0]!.metadata.incident_id).toEqual(expect.any(String));
    // The same batch again is a replay: acknowledged from the record, nothing audited twice.
    expect((await signed(e.h, e.d, 'POST', '/api/v1/agent/events', batch)).statusCode).toBe(200);
    expect(await bypassEntries()).toHaveLength(1);
  });
});
