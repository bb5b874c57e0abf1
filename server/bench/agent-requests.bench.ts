/**
 * Server CPU of the signed agent requests a fleet sends besides its uploads (docs/deploy.md,
 * Per-request cost): a check-in and a policy fetch, through the real routes on SQLite with
 * app.inject (no TLS or socket cost), every request signed beforehand so that only the
 * server's work is timed. Prints CPU microseconds per request (the process's own CPU time,
 * which moves less with the machine's load than wall time) and the load; asserts only that
 * the answers are right, never a timing.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signHeaders,
  startHarness,
  type TestDevice,
} from '../test/agents/agent-harness.js';

const DEVICES = 50;
const PER_ROUND = 2_000;
const ROUNDS = 5;

let h: AgentHarness;
let devices: TestDevice[];

beforeAll(async () => {
  h = await startHarness({ DLP_AGENT_RATE_PER_MINUTE: '100000', DLP_AGENT_RATE_BURST: '100000' });
  devices = [];
  for (let i = 0; i < DEVICES; i++) devices.push(await enrolDevice(h));
  // A bundle of a realistic size: the signed payload of a few policies, base64.
  const payload = randomBytes(6_000).toString('base64');
  h.port.bundle = {
    version: 3,
    envelope: {
      alg: 'ed25519',
      key_id: 'k1',
      payload_b64: payload,
      signature_b64: randomBytes(64).toString('base64'),
    },
    required_capabilities: [],
    created_at: new Date().toISOString(),
  };
}, 120_000);
afterAll(async () => h?.close());

type Prepared = { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: Buffer };

function prepare(n: number, method: 'GET' | 'POST', url: string, body?: unknown): Prepared[] {
  const now = h.ctx.clock.now().getTime();
  return Array.from({ length: n }, (_, i) => {
    const device = devices[i % devices.length]!;
    const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
    const headers = signHeaders(device, method, url, bytes, now);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return { method, url, headers, ...(body !== undefined ? { payload: bytes } : {}) };
  });
}

async function cpuPerRequest(name: string, make: () => Prepared[]): Promise<void> {
  const figures: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const requests = make();
    const cpu = process.cpuUsage();
    for (const r of requests) {
      const res = await h.ctx.app.inject(r);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    }
    const used = process.cpuUsage(cpu);
    // Round 0 warms the statement caches and the JIT.
    if (round > 0) figures.push((used.user + used.system) / requests.length);
  }
  figures.sort((a, b) => a - b);
  const median = figures[Math.floor(figures.length / 2)]!;
  console.log(
    `${name}: ${median.toFixed(0)} µs CPU per request (median of ${ROUNDS} rounds of ${PER_ROUND}; ` +
      `range ${figures[0]!.toFixed(0)}-${figures.at(-1)!.toFixed(0)}), load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}`,
  );
}

test('check-in', async () => {
  const body = checkinBody({ bundle_version: 3 });
  await cpuPerRequest('check-in', () => prepare(PER_ROUND, 'POST', '/api/v1/agent/checkin', body));
  const last = await h.ctx.app.inject(prepare(1, 'POST', '/api/v1/agent/checkin', body)[0]!);
  expect(last.json().policy_update_available).toBe(false);
});

test('policy fetch', async () => {
  await cpuPerRequest('policy fetch', () => prepare(PER_ROUND, 'GET', '/api/v1/agent/policy'));
  const last = await h.ctx.app.inject(prepare(1, 'GET', '/api/v1/agent/policy')[0]!);
  expect(last.json().bundle_version).toBe(3);
});
