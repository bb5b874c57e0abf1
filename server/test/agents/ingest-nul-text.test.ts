import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonMayHoldNul, withoutNul } from '../../src/modules/ingest/nul-text.js';
import { type AgentHarness, enrolDevice, signed, startHarness, type TestDevice } from './agent-harness.js';
import { agentEvent, justifiedPrompt } from './event-factory.js';

/**
 * A NUL (U+0000) in an agent's text is stored as U+FFFD on both databases (docs/architecture.md):
 * PostgreSQL text cannot hold one, and refusing the batch would make the agent resend it for ever.
 */
let h: AgentHarness;
let d: TestDevice;
let policy: string;
beforeAll(async () => {
  h = await startHarness();
  d = await enrolDevice(h);
  policy = h.port.addPolicy().id;
});
afterAll(async () => h?.close());

const NUL = '\u0000';
const FFFD = '\uFFFD';

it('accepts an event whose texts hold NUL and stores each as U+FFFD', async () => {
  const e = agentEvent({ policy, person: `ann${NUL}x`, path: `/srv/a${NUL}b.txt` });
  Object.assign(e, {
    hostname: `host${NUL}1`,
    explanation: [{ code: 'clamped', text: `reduced${NUL}here` }],
    destination: `share${NUL}01`,
    person_prompt: justifiedPrompt(`for the ${NUL}customer`),
    [`odd${NUL}key`]: 'dropped',
  });
  const r = await signed(h, d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events: [e] });
  expect(r.statusCode).toBe(200);
  expect(r.json().acks).toEqual([{ event_id: e.event_id, status: 'Accepted', reason: null }]);

  const row = await h.ctx.db
    .selectFrom('agent_events')
    .selectAll()
    .where('id', '=', e.event_id)
    .executeTakeFirstOrThrow();
  expect(row.user_name).toBe(`ann${FFFD}x`);
  expect(row.hostname).toBe(`host${FFFD}1`);
  expect(row.file_path).toBe(`/srv/a${FFFD}b.txt`);
  expect(row.file_name).toBe(`a${FFFD}b.txt`);
  expect(JSON.parse(row.payload).explanation[0].text).toBe(`reduced${FFFD}here`);
  const prompt = await h.ctx.db
    .selectFrom('event_person_prompts')
    .select('answer_text')
    .where('event_id', '=', e.event_id)
    .executeTakeFirstOrThrow();
  expect(prompt.answer_text).toBe(`for the ${FFFD}customer`);
  const incident = await h.ctx.db
    .selectFrom('incidents')
    .select(['id', 'username', 'file_path'])
    .executeTakeFirstOrThrow();
  expect(incident).toMatchObject({ username: `ann${FFFD}x`, file_path: `/srv/a${FFFD}b.txt` });
  const destinations = await h.ctx.db
    .selectFrom('incident_destinations')
    .select('destination')
    .where('incident_id', '=', incident.id)
    .execute();
  expect(destinations.map((x) => x.destination)).toEqual([`share${FFFD}01`]);
  const everything = JSON.stringify([row, prompt, incident, destinations]);
  expect(everything).not.toContain(NUL);
});

it('leaves text without NUL as the same objects and stops at a hostile depth', () => {
  const plain = { a: ['x', { b: 'y' }], c: 1, d: null };
  expect(withoutNul(plain)).toBe(plain);
  expect(withoutNul({ ['__proto__']: `p${NUL}` })).toEqual(JSON.parse(`{"__proto__":"p${FFFD}"}`));
  let deep: unknown = NUL;
  for (let i = 0; i < 10_000; i++) deep = [deep];
  expect(withoutNul(deep)).toBe(deep);
});

it('walks a batch for NUL only when its JSON text can hold one', () => {
  const parsedHasNul = (text: string) => JSON.stringify(JSON.parse(text)).includes('\\u0000');
  const bodies = [
    JSON.stringify({ a: `x${NUL}y` }),
    JSON.stringify({ [`k${NUL}`]: 1 }),
    '{"a":"\\u0000"}',
    '{"a":"\\\\u0000"}',
    '{"a":"\\u00000"}',
    '{"a":"\\u0041\\u0030"}',
    JSON.stringify({ a: 'plain', b: ['\\', 'u0000'] }),
  ];
  for (const text of bodies) {
    // Never a false "no": a body that parses to a NUL is always walked.
    if (parsedHasNul(text)) expect(jsonMayHoldNul(Buffer.from(text))).toBe(true);
  }
  expect(jsonMayHoldNul(Buffer.from(JSON.stringify({ a: `x${NUL}y` })))).toBe(true);
  expect(jsonMayHoldNul(Buffer.from(JSON.stringify({ a: 'no nul here', b: [1, 'u0000'] })))).toBe(false);
});
