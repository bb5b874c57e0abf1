import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { VALID_CARDS } from './helpers/card-bundle.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import type { LoadBalancer } from './helpers/haproxy.js';
import { listIncidents } from './helpers/incidents-api.js';
import type { RunningServer } from './helpers/server-process.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';
import { TlsRelay } from './helpers/tls-proxy.js';
import { startTwoInstances, type TwoInstanceDeployment } from './helpers/two-instances.js';

/**
 * Issue 23, "A real front": two real `dlp-server` processes on one real PostgreSQL database behind
 * Debian's HAProxy in TLS pass-through, and real `dlp-agent` processes. Agents enrol through the
 * balancer and reach both instances; a publish on one instance reaches an agent served by the
 * other; `kill -9` of the instance that just stored a batch, before its answer reached the agent,
 * loses no event and stores none twice (the agent sends the batch again, the other instance
 * recognises it).
 */
const GROUP = 'lb-endpoints';
const EVENTS = '/api/v1/agent/events';
const FILES = 600; // two batches: 500 (document 2's most) and 100

let work: string;
let deployment: TwoInstanceDeployment;
let databaseUrl: string;
let a: RunningServer;
let b: RunningServer;
let lb: LoadBalancer;
let ownerA: ApiClient;
let ownerB: ApiClient;
let env: NodeJS.ProcessEnv = {};

function opsUrl(s: RunningServer): string {
  return /Operations:\s+(\S+)/.exec(s.output())![1]!;
}

/** Agent requests an instance answered, from its own `/metrics` (each instance counts its own). */
async function agentCalls(s: RunningServer, route: string): Promise<number> {
  const res = await request(`${opsUrl(s)}/metrics`);
  const text = await res.body.text();
  let n = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('http_requests_total{') && line.includes(`route="${route}"`))
      n += Number(line.split(' ').at(-1));
  return n;
}

async function once(state: string): Promise<Record<string, unknown>> {
  const r = await runAgent(['run', '--once', '--state-dir', state], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

async function storedEvents(deviceId: string): Promise<{ rows: number; distinct: number }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query(
      'select count(*)::int as rows, count(distinct id)::int as distinct from agent_events where device_id = $1',
      [deviceId],
    );
    return r.rows[0] as { rows: number; distinct: number };
  } finally {
    await c.end();
  }
}

async function deviceOf(state: string): Promise<string> {
  const r = await runAgent(['status', '--json', '--state-dir', state], env);
  return (JSON.parse(r.stdout) as { device_id: string }).device_id;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-lb-'));
  deployment = await startTwoInstances(work);
  ({ a, b, lb, databaseUrl } = deployment);
  ownerA = await a.signIn();
  ownerB = await b.signIn();
  env = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'), ...fixtureHostEnv(work, {}) };
}, 240_000);

afterAll(async () => {
  await deployment?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('two instances behind HAProxy on one PostgreSQL', { timeout: 240_000 }, () => {
  it('an agent enrolled through the balancer is served by both; a publish on one reaches it', async () => {
    const state = join(work, 'agent-1');
    const watched = join(work, 'share-1');
    for (const p of [state, watched]) mkdirSync(p, { recursive: true, mode: 0o700 });
    writeFileSync(join(watched, 'cards.csv'), `name,card\nAda,${VALID_CARDS[0]}\n`);
    // Through the balancer, pinning the one server certificate both instances present.
    await ownerB.ok(ownerB.post('/agent-groups', { name: GROUP }));
    const token = await enrolmentToken(ownerA, GROUP);
    const enrolled = await enrolAgent(
      { server: lb.spreadUrl, token, caFile: a.caPath, stateDir: state },
      env,
    );
    expect(enrolled.code, enrolled.stderr).toBe(0);
    // Published on instance B only.
    const approver = await b.secondPerson(ownerB, 'approver-lb@example.com');
    const draft = paymentCardDraft({ agentGroup: GROUP, sources: [watched] });
    const created = await ownerB.ok(ownerB.post<{ policy_id: string }>('/policies', draft));
    await release(ownerB, approver, created.policy_id, 1);
    const checkin = '/api/v1/agent/checkin';
    const before = { a: await agentCalls(a, checkin), b: await agentCalls(b, checkin) };
    for (let i = 0; i < 4; i += 1)
      expect(await once(state)).toMatchObject({ checkin: 'ok', bundle_version: 1 });
    // Each run is a new connection; round robin sends them to both instances.
    expect(await agentCalls(a, checkin)).toBeGreaterThan(before.a);
    expect(await agentCalls(b, checkin)).toBeGreaterThan(before.b);
    // The incident raised through whichever instance is read through the other.
    const seenOnA = await listIncidents(ownerA);
    expect(seenOnA.map((i) => i.channel)).toEqual(['discovery']);
    expect((await listIncidents(ownerB)).map((i) => i.id)).toEqual(seenOnA.map((i) => i.id));
  });

  it('kill -9 of the instance that stored a batch before answering loses no event and stores none twice', async () => {
    const state = join(work, 'agent-2');
    const watched = join(work, 'share-2');
    for (const p of [state, watched]) mkdirSync(p, { recursive: true, mode: 0o700 });
    for (let i = 0; i < FILES; i += 1)
      writeFileSync(join(watched, `c${i}.txt`), `card ${VALID_CARDS[i % VALID_CARDS.length]} row ${i}\n`);
    await ownerA.ok(ownerA.post('/agent-groups', { name: `${GROUP}-2` }));
    const draft = paymentCardDraft({ agentGroup: `${GROUP}-2`, sources: [watched] });
    const created = await ownerA.ok(ownerA.post<{ policy_id: string }>('/policies', draft));
    await release(ownerA, await b.secondPerson(ownerB, 'approver-lb2@example.com'), created.policy_id, 1);
    // A relay before the `first` frontend lets the test hold one answer; behind it every
    // connection goes to instance A while A is up, to B once it is not.
    const relay = new TlsRelay(lb.firstUrl, a.caPem);
    await relay.start();
    try {
      const caFile = join(work, 'relay-ca.pem');
      writeFileSync(caFile, relay.caPem);
      const token = await enrolmentToken(ownerA, `${GROUP}-2`);
      const enrolled = await enrolAgent({ server: relay.url, token, caFile, stateDir: state }, env);
      expect(enrolled.code, enrolled.stderr).toBe(0);
      const deviceId = await deviceOf(state);
      let batches = 0;
      let heldFirst!: () => void;
      const held = new Promise<void>((r) => {
        heldFirst = r;
      });
      relay.hold = (path) => {
        if (path !== EVENTS) return false;
        batches += 1;
        if (batches !== 1) return false;
        heldFirst();
        return true;
      };
      const run = runAgent(['run', '--once', '--state-dir', state], env);
      await held;
      // Instance A stored the first batch and answered; the answer waits in the relay.
      expect(await storedEvents(deviceId)).toEqual({ rows: 500, distinct: 500 });
      a.process.child.kill('SIGKILL');
      await new Promise((r) => a.process.child.once('exit', r));
      // The answer never arrives: the agent keeps the batch with its id for the next attempt.
      relay.hold = null;
      await relay.down();
      const first = await run;
      expect(first.code, first.stderr).toBe(0);
      await relay.up();
      const second = await once(state);
      expect(second).toMatchObject({ checkin: 'ok', queue_depth: 0 });
      expect(await storedEvents(deviceId)).toEqual({ rows: FILES, distinct: FILES });
      // The unanswered batch went again with its id, to instance B, which knew it from the database.
      const sent = relay.requests
        .filter((r) => r.path === EVENTS)
        .map((r) => JSON.parse(r.body.toString('utf8')) as { batch_id: string });
      expect(sent.length).toBeGreaterThanOrEqual(3);
      expect(sent[1]!.batch_id).toBe(sent[0]!.batch_id);
      const acks = relay
        .answered<{ acks: { status: string }[] }>(EVENTS)
        .flatMap((x) => x.acks.map((k) => k.status));
      // Instance B answered the repeated batch with the outcome A stored for it (batch idempotency
      // is shared through the database), so every event reads Accepted exactly once in the table.
      expect(new Set(acks)).toEqual(new Set(['Accepted']));
    } finally {
      await relay.stop();
    }
  });
});
