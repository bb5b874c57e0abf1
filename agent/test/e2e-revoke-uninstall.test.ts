import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent, startAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { VALID_CARDS } from './helpers/card-bundle.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';
import { TlsRelay } from './helpers/tls-proxy.js';
import { pollUntil } from './helpers/wait.js';

/**
 * Issue 22, clean removal, with a real `dlp-server` and real `dlp-agent` processes: a device revoked
 * from the console stops uploading, says so once and still stops when asked; `dlp-agent uninstall`
 * tells the server first (the device is revoked as uninstalled, audited with the reason) and leaves
 * nothing in the state directory.
 */
const GROUP = 'revocation-ring';
const CHECKIN = '/api/v1/agent/checkin';
const EVENTS = '/api/v1/agent/events';

let server: RunningServer;
let relay: TlsRelay;
let owner: ApiClient;
let work: string;
let env: NodeJS.ProcessEnv = {};
let relayCa = '';
let watched = '';

async function enrolled(name: string): Promise<{ state: string; id: string }> {
  const state = join(work, name);
  mkdirSync(state, { recursive: true, mode: 0o700 });
  const token = await enrolmentToken(owner, GROUP);
  const r = await enrolAgent({ server: relay.url, token, caFile: relayCa, stateDir: state }, env);
  expect(r.code, r.stderr).toBe(0);
  return { state, id: /enrolled: device ([0-9a-f-]{36})/.exec(r.stdout)?.[1] as string };
}

/** Whether the agent's own queue holds an event naming `file` (read-only, beside the running agent). */
function queued(state: string, file: string): boolean {
  const db = new Database(join(state, 'queue.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT count(*) AS n FROM events WHERE body LIKE ?').get(`%${file}%`) as {
      n: number;
    };
    return row.n > 0;
  } finally {
    db.close();
  }
}

async function agentRow(id: string): Promise<{ status: string; revoked_at: string | null }> {
  return owner.ok(owner.get<{ status: string; revoked_at: string | null }>(`/agents/${id}`));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-revoke-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  relay = new TlsRelay(server.url, server.caPem);
  await relay.start();
  relayCa = join(work, 'relay-ca.pem');
  writeFileSync(relayCa, relay.caPem);
  watched = join(work, 'share');
  mkdirSync(watched, { recursive: true, mode: 0o700 });
  env = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'), ...fixtureHostEnv(work, {}) };
  await owner.ok(owner.post('/agent-groups', { name: GROUP }));
  const created = await owner.ok(
    owner.post<{ policy_id: string }>(
      '/policies',
      paymentCardDraft({ agentGroup: GROUP, sources: [watched] }),
    ),
  );
  const { published } = await release(owner, null, created.policy_id, 1);
  expect(published.status).toBe('published');
}, 180_000);

afterAll(async () => {
  await relay?.stop();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('revocation from the console reaches a running agent', { timeout: 180_000 }, () => {
  it('stops uploading, reports once, keeps checking in, and stops on SIGTERM', async () => {
    const a = await enrolled('running');
    writeFileSync(
      join(a.state, 'config.json'),
      JSON.stringify({ UploadIntervalSecs: 1, CheckinIntervalSecs: 10 }),
    );
    const agent = startAgent(['run', '--state-dir', a.state], env);
    let log = '';
    agent.child.stderr?.on('data', (x) => {
      log += x;
    });
    let revokedAt = -1;
    try {
      await pollUntil(() => log.includes('"msg":"watching"'), 'agent up');
      // Uploads work before the revocation.
      writeFileSync(join(watched, 'before.txt'), `${VALID_CARDS.join('\n')}\n`);
      await pollUntil(() => relay.requests.some((q) => q.path === EVENTS), 'first upload');

      await owner.ok(owner.post(`/agents/${a.id}/revoke`, { reason: 'laptop reported stolen' }));
      // SIGHUP asks for a check-in at once instead of waiting out the 10 s interval (docs/agent.md).
      const checkins = () => relay.requests.filter((q) => q.path === CHECKIN).length;
      const checkInNow = async (what: string) => {
        const before = checkins();
        agent.child.kill('SIGHUP');
        await pollUntil(() => checkins() > before, what);
      };
      await checkInNow('check-in on SIGHUP');
      await pollUntil(() => log.includes('reports this device as revoked'), 'revocation learnt at check-in');
      revokedAt = relay.requests.length;
      // Events still happen on the machine; none leaves it, through upload passes (every second) and
      // two more check-ins: the check-in loop goes on after the revocation.
      writeFileSync(join(watched, 'after.txt'), `${VALID_CARDS.join('\n')}\n`);
      await pollUntil(() => queued(a.state, 'after.txt'), 'the new file queued on the machine');
      const seenAt = Date.now();
      await checkInNow('a check-in after the revocation');
      await checkInNow('a second check-in after the revocation');
      // Two upload intervals pass before the uploads are counted.
      await pollUntil(() => Date.now() - seenAt >= 2_000, 'two upload intervals');
    } finally {
      agent.child.kill('SIGTERM');
    }
    const done = await agent.done;
    expect(done.code).toBe(0);
    expect(relay.requests.slice(revokedAt).filter((q) => q.path === EVENTS)).toEqual([]);
    // Once in the log and once as service event 3006, not at every check-in that followed.
    expect(log.split('no further uploads').length - 1).toBe(1);
    expect(log.split('3006').length - 1).toBe(1);
    expect((await agentRow(a.id)).status).toBe('revoked');
  });
});

describe('dlp-agent uninstall', { timeout: 120_000 }, () => {
  it('tells the server first, which revokes the device as uninstalled, and leaves the state directory empty', async () => {
    const a = await enrolled('uninstalling');
    const once = await runAgent(['run', '--once', '--state-dir', a.state], env);
    expect(once.code, once.stderr).toBe(0);
    // Files that other parts leave there (exceptions, network indicators, evidence spool, logs).
    writeFileSync(join(a.state, 'exceptions.json'), '{}');
    mkdirSync(join(a.state, 'evidence'), { recursive: true });
    expect(readdirSync(a.state).length).toBeGreaterThan(3);

    const u = await runAgent(['uninstall', '--state-dir', a.state], env);
    expect(u.code, u.stderr).toBe(0);
    expect(readdirSync(a.state)).toEqual([]);
    const row = await agentRow(a.id);
    expect(row.status).toBe('uninstalled');
    expect(row.revoked_at).not.toBeNull();
    const audit = await owner.ok(
      owner.get<{ items: { action: string; metadata: Record<string, unknown> }[] }>(
        `/audit-events?action=agent.uninstalled&subject_id=${a.id}`,
      ),
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]?.metadata).toMatchObject({ reason: 'uninstalled by dlp-agent uninstall' });
  });
});
