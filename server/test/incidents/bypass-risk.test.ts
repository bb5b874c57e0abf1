import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signed } from '../agents/agent-harness.js';
import { agentEvent, justifiedPrompt } from '../agents/event-factory.js';
import { type Exc, HASH, startExceptions } from '../exception-requests/exception-harness.js';

/**
 * Document 1 rule 10 in the incident writer (docs/incidents.md, Priority and risk): ingest
 * scores `bypass_attempts` from what people answered on their endpoints (justified passes and
 * Continue through a warning, 30 days, one adds nothing, saturating at five) and
 * `approved_exception` from an approval the server holds for that device and content.
 */
let e: Exc;
beforeEach(async () => {
  e = await startExceptions(); // clock 2026-03-02T09:00Z
});
afterEach(async () => e.close());

const day = (d: number, h = 9) =>
  `2026-02-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`;
const CONTINUED = {
  kind: 'continue',
  held: false,
  asked: true,
  result: 'continued',
  outcome: 'user_continued',
};
const CANCELLED = {
  kind: 'continue',
  held: false,
  asked: true,
  result: 'cancelled',
  outcome: 'user_cancelled',
};
let n = 0;

async function send(events: Record<string, unknown>[]) {
  const r = await signed(e.h, e.d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  for (const a of r.json().acks) expect(a.status).toBe('Accepted');
}

/** An event of its own content (its own incident) by `person` at `at`. */
function ev(person: string, at: string, over: Record<string, unknown> = {}) {
  n += 1;
  return agentEvent({ policy: e.policy, person, at, content: `c-${n}`, path: `/srv/f${n}.txt`, ...over });
}

async function riskFactors(path: string) {
  const row = await e.h.ctx.db
    .selectFrom('incidents')
    .select('id')
    .where('file_path', '=', path)
    .executeTakeFirstOrThrow();
  const d = (await e.call('GET', `/incidents/${row.id}`)).json();
  return Object.fromEntries(
    (d.risk_factors as { name: string; points: number }[]).map((f) => [f.name, f.points]),
  );
}

describe('bypass_attempts', () => {
  it("counts the person's earlier justified passes and Continues over 30 days", async () => {
    await send([
      ev('CORP\\alice', day(10), { person_prompt: justifiedPrompt('The customer asked for this statement') }),
      ev('alice@corp.local', day(11), { person_prompt: CONTINUED }),
      ev('alice', day(12), { person_prompt: CONTINUED }),
      // Not counted: a covered burst operation, a Cancel, another person, older than 30 days.
      ev('alice', day(12, 10), { person_prompt: { ...CONTINUED, covered_by_burst: true } }),
      ev('alice', day(13), { person_prompt: CANCELLED }),
      ev('bob', day(13), { person_prompt: CONTINUED }),
      ev('alice', '2026-01-20T09:00:00Z', { person_prompt: CONTINUED }),
    ]);
    await send([ev('alice', day(20), { path: '/srv/latest.txt' })]);
    const points = (await riskFactors('/srv/latest.txt')).bypass_attempts;
    // Three attempts on the log scale saturating at five (engine bypassPoints).
    const { bypassPoints } = await import('@custos/engine');
    expect(points).toBeCloseTo(bypassPoints(3), 1);
    expect(points).toBeGreaterThan(0);
    // Bob has one attempt: one adds nothing.
    await send([ev('bob', day(20), { path: '/srv/bob.txt' })]);
    expect((await riskFactors('/srv/bob.txt')).bypass_attempts).toBe(0);
  });
});

describe('approved_exception', () => {
  it('halves the risk of an event under an approval held for that device and content', async () => {
    const raised = await e.raise();
    expect(raised.statusCode).toBe(200);
    const list = (await e.call('GET', '/exception-requests')).json();
    const id = list.requests[0].id as string;
    const approved = await e.call('POST', `/exception-requests/${id}/decision`, undefined, {
      approve: true,
      minutes: 120,
    });
    expect(approved.statusCode).toBe(200);
    const file = {
      path: '/media/KINGSTON/payroll-march.xlsx',
      name: 'payroll-march.xlsx',
      extension: 'xlsx',
      size_bytes: 10,
      blake3: HASH,
    };
    await send([ev('alice', '2026-03-02T09:30:00Z', { file, channel: 'removable_media' })]);
    const f = await riskFactors(file.path);
    expect(f.approved_exception).toBeLessThan(0);
    // Other content on the same device is not covered.
    await send([ev('alice', '2026-03-02T09:31:00Z', { path: '/srv/other.txt' })]);
    expect((await riskFactors('/srv/other.txt')).approved_exception).toBe(0);
  });
});
