import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { spawnNode } from './helpers/node-process.js';
import { type RunningServer, SERVER_BIN, startServer } from './helpers/server-process.js';

/**
 * Issue 26, "Done when": `dlp-server backup` taken from a running `dlp-server start` process while
 * an enrolled `dlp-agent` checks in → `dlp-server restore` into a fresh data directory → the
 * server started from it: the Owner signs in with the password of the first start, and the agent
 * keeps working with the device key and CA it already has (no re-enrolment).
 */
let work: string;
let a: RunningServer | undefined;
let b: RunningServer | undefined;
const env = () => ({ DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json') });
const operator = (dataDir: string, args: string[]) =>
  spawnNode(SERVER_BIN, args, { DLP_DATA_DIR: dataDir, DLP_LOG_LEVEL: 'warn' }, /^DLP_/).done;

async function runOnce(stateDir: string): Promise<Record<string, unknown>> {
  const r = await runAgent(['run', '--once', '--state-dir', stateDir], env());
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'dlp-backup-e2e-'));
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('backup of a running server, restore, and the agent keeps working', { timeout: 180_000 }, () => {
  it('backs up online, restores into a fresh data directory, signs in and checks in with the old device key', async () => {
    const first = join(work, 'data-first');
    a = await startServer(first);
    const owner = await a.signIn();
    const token = await enrolmentToken(owner);
    const state = join(work, 'agent-state');
    mkdirSync(state, { mode: 0o700 });
    writeFileSync(join(state, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
    const enrolled = await enrolAgent(
      { server: a.url, token, caFile: a.caPath, stateDir: state, extra: ['--json'] },
      env(),
    );
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const deviceId = JSON.parse(enrolled.stdout).device_id as string;
    expect(await runOnce(state)).toMatchObject({ checkin: 'ok' });

    // Online: the backup runs while the server serves the agent's check-in.
    const backup = join(work, 'backups', 'nightly');
    const [taken, during] = await Promise.all([operator(first, ['backup', '--out', backup]), runOnce(state)]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stdout).toMatch(/^backup written to .*nightly: \d+ files, schema \d{4}_/);
    expect(during).toMatchObject({ checkin: 'ok' });
    const again = await operator(first, ['backup', '--out', backup]);
    expect([again.code, again.stderr]).toEqual([
      1,
      expect.stringMatching(/exists: a backup never overwrites/),
    ]);

    // The first server goes away with its whole data directory.
    const port = new URL(a.url).port;
    const { tenant, email, password } = a;
    await a.stop();
    a = undefined;
    renameSync(first, join(work, 'gone'));
    rmSync(join(work, 'gone'), { recursive: true, force: true });

    const second = join(work, 'data-restored');
    const restored = await operator(second, ['restore', '--from', backup]);
    expect(restored.code, restored.stderr).toBe(0);
    const twice = await operator(second, ['restore', '--from', backup]);
    expect([twice.code, twice.stderr]).toEqual([1, expect.stringMatching(/is not empty/)]);

    // Same address as before: the agent knows the server by its URL.
    b = await startServer(second, { DLP_LISTEN: `127.0.0.1:${port}` }, { tenant, email, password });
    expect(b.output()).not.toContain('First start');
    const back = await b.signIn();
    const agents = await back.ok(back.get<{ items: { id: string; status: string }[] }>('/agents'));
    expect(agents.items).toEqual([expect.objectContaining({ id: deviceId, status: 'active' })]);
    expect(await runOnce(state)).toMatchObject({ checkin: 'ok' });
    const doctor = await runAgent(['doctor', '--state-dir', state], env());
    expect(doctor.stdout).toMatch(/\[OK {2}\] server +reachable; signed probe accepted/);
  });
});
