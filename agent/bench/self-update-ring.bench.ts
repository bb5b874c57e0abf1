/**
 * Issue 22: time from a rollout change to a whole ring running the new version. A real
 * `dlp-server` and ten real `dlp-agent run` processes in one endpoint group, each checking in every
 * 10 s (the spec's figure, also the smallest interval the agent accepts), each "executable" a
 * launcher file run by Node and restarted by a supervisor the way systemd's `Restart=on-failure`
 * does (agent/test/helpers/supervised-agent.ts). The clock starts when `POST
 * /agents/update-manifest` answers and stops when `GET /agents` shows all ten at the new version.
 * Prints figures, asserts none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { enrolAgent } from '../test/helpers/agent-process.js';
import type { ApiClient } from '../test/helpers/api-client.js';
import { enrolmentToken } from '../test/helpers/enrolment-token.js';
import { type RunningServer, startServer } from '../test/helpers/server-process.js';
import { SupervisedAgent } from '../test/helpers/supervised-agent.js';
import { fixtureHostEnv } from '../test/helpers/sysfs-fixture.js';
import { launcher, releaseAdd } from '../test/helpers/update-fixtures.js';

const AGENTS = Number(process.env.DLP_BENCH_RING_AGENTS ?? 10);
const CHECKIN_SECS = 10;
const work = mkdtempSync(join(tmpdir(), 'dlp-bench-ring-'));
const sups: SupervisedAgent[] = [];
let server: RunningServer | undefined;

afterAll(async () => {
  for (const s of sups) await s.stop();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

type Row = { id: string; agent_version: string; last_seen_at: string | null };
async function rows(owner: ApiClient): Promise<Row[]> {
  return (await owner.ok(owner.get<{ items: Row[] }>('/agents?limit=200'))).items;
}

async function until(cond: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

test(`rollout to a ring of ${AGENTS} agents checking in every ${CHECKIN_SECS} s`, async () => {
  const serverData = join(work, 'server');
  server = await startServer(serverData);
  const owner = await server.signIn();
  const env = { DLP_AGENT_POLICY_FILE: join(work, 'none.json'), ...fixtureHostEnv(work, {}) };
  await owner.ok(owner.post('/agent-groups', { name: 'ring-1' }));
  for (let i = 0; i < AGENTS; i += 1) {
    const state = join(work, `state-${i}`);
    const exe = join(work, `bin-${i}`, 'dlp-agent.mjs');
    mkdirSync(state, { recursive: true, mode: 0o700 });
    mkdirSync(join(work, `bin-${i}`));
    writeFileSync(exe, launcher('0.1.0'), { mode: 0o755 });
    writeFileSync(join(state, 'config.json'), JSON.stringify({ CheckinIntervalSecs: CHECKIN_SECS }));
    const token = await enrolmentToken(owner, 'ring-1');
    const r = await enrolAgent({ server: server.url, token, caFile: server.caPath, stateDir: state }, env);
    expect(r.code, r.stderr).toBe(0);
    sups.push(new SupervisedAgent(exe, state, env));
  }
  // Every agent has checked in once (its check-in phase is wherever its start put it).
  await until(async () => (await rows(owner)).every((r) => r.last_seen_at !== null), 120_000);
  await releaseAdd(serverData, work, '0.2.0', launcher('0.2.0'));

  await owner.ok(
    owner.post('/agents/update-manifest', { rollout: [{ agent_group: 'ring-1', version: '0.2.0' }] }),
  );
  const t0 = Date.now();
  const reached = new Map<string, number>();
  await until(
    async () => {
      for (const r of await rows(owner))
        if (r.agent_version === '0.2.0' && !reached.has(r.id)) reached.set(r.id, Date.now() - t0);
      return reached.size === AGENTS;
    },
    10 * CHECKIN_SECS * 1000,
  );
  const times = [...reached.values()].sort((a, b) => a - b);
  const whole = times.at(-1)!;
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    [
      `self-update ring bench: ${AGENTS} agents, check-in every ${CHECKIN_SECS} s`,
      `  whole ring on 0.2.0: ${(whole / 1000).toFixed(1)} s = ${(whole / (CHECKIN_SECS * 1000)).toFixed(2)} check-in intervals`,
      `  median agent: ${(median / 1000).toFixed(1)} s; first: ${(times[0]! / 1000).toFixed(1)} s`,
      `  restarts: ${sups.map((s) => s.exits.length).join(' ')}`,
    ].join('\n'),
  );
  expect(reached.size).toBe(AGENTS);
});
