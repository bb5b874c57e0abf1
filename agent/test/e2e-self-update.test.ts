import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { SupervisedAgent } from './helpers/supervised-agent.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';
import { launcher, releaseAdd as releaseAdd0 } from './helpers/update-fixtures.js';
import { pollUntil } from './helpers/wait.js';

/**
 * Issue 22, self-update by ring, with a real `dlp-server` and real `dlp-agent` processes. Building
 * the single executable twice is too slow for a test, so each "executable" is a launcher file run
 * by Node: it declares itself the replaceable executable and the version it stands for, then runs
 * the compiled agent. The update replaces that file, so what this proves is the whole path —
 * release registered by `dlp-server release add` and signed per tenant, rollout to one ring, offer
 * at check-in, signed streamed download, size/SHA-256/signature checks, atomic swap with the
 * previous kept, restart by the service manager (a supervisor doing what `Restart=on-failure`
 * does), the new version reported, refusals, rollback — with the agent's code the same in both
 * versions (only the launcher differs).
 */
const V1 = launcher('0.1.0');
const V2 = launcher('0.2.0');
// A build whose network is broken: it starts, but no check-in ever reaches the server.
const BROKEN = launcher(
  '0.3.0',
  "import tls from 'node:tls';\ntls.connect = () => { throw new Error('this build cannot connect'); };",
);

let server: RunningServer;
let owner: ApiClient;
let work: string;
let serverData: string;
const agents: Record<'a' | 'b', { state: string; exe: string; id: string; sup: SupervisedAgent | null }> = {
  a: { state: '', exe: '', id: '', sup: null },
  b: { state: '', exe: '', id: '', sup: null },
};
let env: NodeJS.ProcessEnv = {};

function releaseAdd(version: string, text: string): Promise<{ id: string; sha256: string }[]> {
  return releaseAdd0(serverData, work, version, text);
}

async function rollout(rules: { agent_group: string; version?: string }[]): Promise<void> {
  await owner.ok(owner.post('/agents/update-manifest', { rollout: rules }));
}

async function agentRow(id: string): Promise<{ agent_version: string; last_seen_at: string | null }> {
  const list = await owner.ok(
    owner.get<{ items: { id: string; agent_version: string; last_seen_at: string | null }[] }>('/agents'),
  );
  return list.items.find((a) => a.id === id)!;
}

async function versionOf(id: string): Promise<string> {
  return (await agentRow(id)).agent_version;
}

/** Polls the server (the agents are separate processes) until `cond` holds, within `ms`. */
function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(serverData, 'custos.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-self-update-'));
  serverData = join(work, 'server');
  server = await startServer(serverData);
  owner = await server.signIn();
  env = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'), ...fixtureHostEnv(work, {}) };
  for (const ring of ['ring-1', 'ring-2']) await owner.ok(owner.post('/agent-groups', { name: ring }));
  // The two endpoints enrol side by side (two processes at once: a process start costs seconds).
  const enrolOne = async ([name, ring]: readonly ['a' | 'b', string]) => {
    const a = agents[name];
    a.state = join(work, `state-${name}`);
    a.exe = join(work, `bin-${name}`, 'dlp-agent.mjs');
    mkdirSync(a.state, { recursive: true, mode: 0o700 });
    mkdirSync(join(work, `bin-${name}`));
    writeFileSync(a.exe, V1, { mode: 0o755 });
    // Check-in every 10 s (the smallest the agent accepts; the tests ask for one at once with SIGHUP);
    // a trial of 6 s before a rollback.
    writeFileSync(
      join(a.state, 'config.json'),
      JSON.stringify({ CheckinIntervalSecs: 10, UpdateConfirmSecs: 6, DiscoveryIntervalSecs: 3600 }),
    );
    const token = await enrolmentToken(owner, ring);
    const r = await enrolAgent({ server: server.url, token, caFile: server.caPath, stateDir: a.state }, env);
    expect(r.code, r.stderr).toBe(0);
  };
  await Promise.all(
    (
      [
        ['a', 'ring-1'],
        ['b', 'ring-2'],
      ] as const
    ).map(enrolOne),
  );
  const list = await owner.ok(owner.get<{ items: { id: string; agent_group: string | null }[] }>('/agents'));
  agents.a.id = list.items.find((x) => x.agent_group === 'ring-1')!.id;
  agents.b.id = list.items.find((x) => x.agent_group === 'ring-2')!.id;
}, 120_000);

afterAll(async () => {
  await agents.a.sup?.stop();
  await agents.b.sup?.stop();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('agent self-update by rollout ring (issue 22)', { timeout: 120_000 }, () => {
  it('a release rolled out to ring 1 only: its agent verifies, swaps, restarts into it; ring 2 stays', async () => {
    await releaseAdd('0.2.0', V2);
    await rollout([{ agent_group: 'ring-1', version: '0.2.0' }, { agent_group: 'ring-2' }]);
    const a = new SupervisedAgent(agents.a.exe, agents.a.state, env);
    const b = new SupervisedAgent(agents.b.exe, agents.b.state, env);
    agents.a.sup = a;
    agents.b.sup = b;
    await a.waitFor('agent update confirmed by a check-in', 60_000);
    // Ring 2 checked in since the rollout (its last-seen moves) and was offered nothing.
    const seen = await agentRow(agents.b.id);
    await b.checkInNow();
    await pollUntil(
      async () => (await agentRow(agents.b.id)).last_seen_at !== seen.last_seen_at,
      'a check-in of agent b',
    );
    expect(a.exits).toEqual([75]);
    expect(readFileSync(agents.a.exe, 'utf8')).toBe(V2);
    expect(readFileSync(`${agents.a.exe}.previous`, 'utf8')).toBe(V1);
    expect(await versionOf(agents.a.id)).toBe('0.2.0');
    // Ring 2 is pinned: same file, same process, same version.
    expect(b.exits).toEqual([]);
    expect(readFileSync(agents.b.exe, 'utf8')).toBe(V1);
    expect(await versionOf(agents.b.id)).toBe('0.1.0');
    expect(b.log).not.toContain('agent update');
    // The endpoint keeps its group.
    const list = await owner.ok(
      owner.get<{ items: { id: string; agent_group: string | null }[] }>('/agents'),
    );
    expect(list.items.find((x) => x.id === agents.a.id)?.agent_group).toBe('ring-1');
  });

  it('a package signed by a foreign key and a tampered package are refused; the running version stays', async () => {
    const a = agents.a.sup!;
    // 0.2.1: the right bytes, but the signature of a key the endpoint never enrolled with.
    const [r1] = await releaseAdd('0.2.1', launcher('0.2.1'));
    const foreign = generateKeyPairSync('ed25519').privateKey;
    const forged = sign(null, Buffer.from(launcher('0.2.1')), foreign).toString('base64');
    withDb((db) =>
      db.prepare('UPDATE agent_releases SET signature_b64 = ? WHERE version = ?').run(forged, '0.2.1'),
    );
    expect(r1?.id).toBeDefined();
    let from = a.log.length;
    await rollout([{ agent_group: 'ring-1', version: '0.2.1' }, { agent_group: 'ring-2' }]);
    await a.checkInNow();
    await a.waitFor('no enrolled policy signing key verifies the package signature', 30_000, from);

    // 0.2.2: the stored file changed after signing, its announced SHA-256 made to match, so only
    // the signature can tell.
    await releaseAdd('0.2.2', launcher('0.2.2'));
    const tampered = launcher('0.2.2').replace('test build', 'test b0ild');
    const sha = createHash('sha256').update(tampered).digest('hex');
    withDb((db) => db.prepare('UPDATE agent_releases SET sha256 = ? WHERE version = ?').run(sha, '0.2.2'));
    // The route serves the file the row names.
    writeFileSync(join(serverData, 'releases', sha), tampered);
    from = a.log.length;
    await rollout([{ agent_group: 'ring-1', version: '0.2.2' }, { agent_group: 'ring-2' }]);
    await a.checkInNow();
    await a.waitFor('no enrolled policy signing key verifies the package signature', 30_000, from);

    expect(a.exits).toEqual([75]);
    expect(readFileSync(agents.a.exe, 'utf8')).toBe(V2);
    expect(await versionOf(agents.a.id)).toBe('0.2.0');
    const backoff = JSON.parse(readFileSync(join(agents.a.state, 'update', 'backoff.json'), 'utf8'));
    expect(backoff).toMatchObject({ version: '0.2.2', failures: 1 });
  });

  it('a new version that never checks in is rolled back to the previous executable', async () => {
    const a = agents.a.sup!;
    await releaseAdd('0.3.0', BROKEN);
    const from = a.log.length;
    await rollout([{ agent_group: 'ring-1', version: '0.3.0' }, { agent_group: 'ring-2' }]);
    await a.checkInNow();
    await a.waitFor('previous version restored', 60_000, from);
    // The previous version runs again, checks in, and holds the failed release back.
    await a.waitFor(
      'agent update held back after earlier failures',
      30_000,
      a.log.indexOf('previous version restored', from),
    );
    // Swapped in (75), trial expired and rolled back (75), and the previous version runs again.
    expect(a.exits).toEqual([75, 75, 75]);
    expect(readFileSync(agents.a.exe, 'utf8')).toBe(V2);
    const backoff = JSON.parse(readFileSync(join(agents.a.state, 'update', 'backoff.json'), 'utf8'));
    expect(backoff).toMatchObject({ version: '0.3.0', failures: 1 });
    expect(await versionOf(agents.a.id)).toBe('0.2.0');
    expect(agents.b.sup!.exits).toEqual([]);
  });
});
