import { spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_BIN, enrolAgent, type RunResult } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { VALID_CARDS } from './helpers/card-bundle.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { listIncidents } from './helpers/incidents-api.js';
import { type RunningServer, startServer } from './helpers/server-process.js';

/**
 * Issue 26 item 4: what the agent cannot see reaches the server and `doctor`. A real `dlp-server`
 * and real `dlp-agent` processes. The tests run as root, and root reads everything, so the agent
 * runs under `setpriv` with CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH removed from its bounding
 * set: it is still uid 0 (its root-owned state directory stays usable), but a 0600 file and a 0700
 * directory owned by another user are closed to it, exactly as they are to the service user.
 */
const NOBODY = 65534;
const GROUP = 'unseen-endpoints';

let server: RunningServer;
let owner: ApiClient;
let work: string;
let deviceId = '';
let policyId = '';
const d = { state: '', watched: '', missing: '', locked: '', ca: '' };
let env: NodeJS.ProcessEnv = {};

/** `dlp-agent` without the capabilities that let root read what it does not own. */
function startWithoutDacOverride(args: string[]) {
  const child = spawn(
    'setpriv',
    ['--bounding-set=-dac_override,-dac_read_search', process.execPath, AGENT_BIN, ...args],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b) => {
    stdout += b;
  });
  child.stderr.on('data', (b) => {
    stderr += b;
  });
  const done = new Promise<RunResult>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done, log: () => stderr };
}

const agentWithoutDacOverride = (args: string[]): Promise<RunResult> => startWithoutDacOverride(args).done;

async function until(cond: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-agent-unseen-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  d.state = join(work, 'agent-state');
  d.watched = join(work, 'share');
  d.missing = join(work, 'not-mounted');
  d.locked = join(d.watched, 'locked');
  for (const p of [d.state, d.watched]) mkdirSync(p, { recursive: true, mode: 0o700 });
  // The agent must be able to enter the work directory and the share without DAC override.
  for (const p of [work, d.watched]) chownSync(p, 0, 0);
  rmSync(d.missing, { force: true, recursive: true });
  d.ca = join(work, 'ca.pem');
  writeFileSync(d.ca, server.caPem);
  writeFileSync(join(d.state, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
  env = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json') };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('what the agent cannot see reaches the server and doctor', { timeout: 120_000 }, () => {
  it('enrols and publishes a card policy over a share and a path that is not there', async () => {
    await owner.ok(owner.post('/agent-groups', { name: GROUP }));
    const token = await enrolmentToken(owner, GROUP);
    const r = await enrolAgent(
      { server: server.url, token, caFile: d.ca, stateDir: d.state, extra: ['--json'] },
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    deviceId = JSON.parse(r.stdout).device_id;
    const created = await owner.ok(
      owner.post<{ policy_id: string }>(
        '/policies',
        paymentCardDraft({ agentGroup: GROUP, sources: [d.watched, d.missing] }),
      ),
    );
    policyId = created.policy_id;
    expect((await release(owner, null, policyId, 1)).published.status).toBe('published');
  });

  it('an unreadable file raises an event with not_read.cause unreadable; a readable one its incident', async () => {
    const cards = `name,card\nAda,${VALID_CARDS[0]}\n`;
    writeFileSync(join(d.watched, 'open.csv'), cards);
    const secret = join(d.watched, 'payroll.csv');
    writeFileSync(secret, cards, { mode: 0o600 });
    chownSync(secret, NOBODY, NOBODY);
    mkdirSync(d.locked, { mode: 0o700 });
    writeFileSync(join(d.locked, 'inside.csv'), cards);
    chownSync(d.locked, NOBODY, NOBODY);

    const first = await agentWithoutDacOverride(['run', '--once', '--state-dir', d.state]);
    expect(first.code, first.stderr).toBe(0);
    // One change, one log line: the missing root and the locked directory are named once each.
    expect(first.stderr.match(/monitored path not seen/g)).toHaveLength(2);
    const again = await agentWithoutDacOverride(['run', '--once', '--state-dir', d.state]);
    expect(again.code, again.stderr).toBe(0);

    const incidents = await listIncidents(owner);
    expect(incidents.map((i) => i.policy_id)).toEqual([policyId]);
    // The server's own database: the unreadable file arrived once, as an audit event naming why.
    const db = new Database(join(work, 'server', 'custos.db'), { readonly: true });
    try {
      const rows = db
        .prepare(
          'SELECT channel, action, file_name, incident_id, payload FROM agent_events WHERE device_id = ?',
        )
        .all(deviceId) as {
        channel: string;
        action: string;
        file_name: string;
        incident_id: string | null;
        payload: string;
      }[];
      const unseen = rows.filter((r) => r.file_name === 'payroll.csv');
      expect(unseen).toHaveLength(1);
      expect(unseen[0]).toMatchObject({ channel: 'discovery', action: 'audit', incident_id: null });
      const payload = JSON.parse(unseen[0]!.payload);
      expect(payload.not_read).toEqual({ cause: 'unreadable', reason: 'open failed: EACCES' });
      expect(payload.explanation[0].code).toBe('content.not_read.unreadable');
      expect(rows.map((r) => r.file_name).sort()).toEqual(['open.csv', 'payroll.csv']);
    } finally {
      db.close();
    }
  });

  it('the check-in health lists the unwatchable paths with their cause', async () => {
    const agent = await owner.ok(
      owner.get<{ health: { unwatchable_paths: { total: number; items: Record<string, unknown>[] } } }>(
        `/agents/${deviceId}`,
      ),
    );
    expect(agent.health.unwatchable_paths.total).toBe(2);
    expect(agent.health.unwatchable_paths.items).toEqual([
      expect.objectContaining({ path: d.missing, via: 'discovery', cause: 'absent', code: 'ENOENT' }),
      expect.objectContaining({
        path: d.locked,
        via: 'discovery',
        cause: 'permission_denied',
        code: 'EACCES',
      }),
    ]);
  });

  it('doctor fails its monitored-paths check naming each path and cause', async () => {
    const r = await agentWithoutDacOverride(['doctor', '--state-dir', d.state]);
    expect(r.code).not.toBe(0);
    const line = r.stdout.split('\n').find((l) => l.includes('monitored paths'));
    expect(line).toMatch(/^\[FAIL\]/);
    expect(line).toContain(`${d.missing}: absent (ENOENT) for the agent's discovery`);
    expect(line).toContain(`${d.locked}: permission_denied (EACCES)`);
  });

  it('the running service retries an unwatchable path, logs it once and reports it', async () => {
    writeFileSync(
      join(d.state, 'config.json'),
      JSON.stringify({ UploadIntervalSecs: 1, CheckinIntervalSecs: 60 }),
    );
    const agent = startWithoutDacOverride(['run', '--state-dir', d.state]);
    // The failed tries as the server last heard them (check-in health, `attempts`: docs/agent.md).
    const watchOf = () => {
      const db = new Database(join(work, 'server', 'custos.db'), { readonly: true });
      try {
        const row = db.prepare('SELECT health FROM devices WHERE id = ?').get(deviceId) as { health: string };
        const items = (JSON.parse(row.health).unwatchable_paths?.items ?? []) as {
          path: string;
          via: string;
          cause: string;
          attempts: number;
        }[];
        return items.find((p) => p.path === d.missing && p.via === 'watch');
      } finally {
        db.close();
      }
    };
    try {
      await until(async () => agent.log().includes('SIGHUP checks in at once'), 'the service loops');
      // Each SIGHUP check-in reports the tries so far, then the watch is tried again (service.ts):
      // three failed tries reported prove two retries, whatever the 10 s beat adds.
      await until(async () => {
        agent.child.kill('SIGHUP');
        return (watchOf()?.attempts ?? 0) >= 3;
      }, 'three failed tries of the watch in health');
      expect(watchOf()).toMatchObject({ cause: 'absent' });
      const api = await owner.ok(
        owner.get<{ health: { unwatchable_paths: { items: { path: string; via: string }[] } } }>(
          `/agents/${deviceId}`,
        ),
      );
      expect(api.health.unwatchable_paths.items).toContainEqual(
        expect.objectContaining({ path: d.missing, via: 'watch', cause: 'absent' }),
      );
    } finally {
      agent.child.kill('SIGTERM');
    }
    expect((await agent.done).code).toBe(0);
    const failures = agent
      .log()
      .split('\n')
      .filter((l) => l.includes('"msg":"cannot watch path"') && l.includes(d.missing));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('"cause":"absent"');
    writeFileSync(join(d.state, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
  });

  it('a path seen again clears from health and doctor, and is logged once', async () => {
    mkdirSync(d.missing);
    chownSync(d.locked, 0, 0);
    // Only the owner changes (size and modification time do not): the file is still read again.
    chownSync(join(d.watched, 'payroll.csv'), 0, 0);
    const r = await agentWithoutDacOverride(['run', '--once', '--state-dir', d.state]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/monitored path not seen/);
    expect(r.stderr.match(/monitored path seen again/g)).toHaveLength(2);
    const db = new Database(join(work, 'server', 'custos.db'), { readonly: true });
    try {
      const payroll = db
        .prepare(
          "SELECT incident_id FROM agent_events WHERE device_id = ? AND file_name = 'payroll.csv' ORDER BY received_at",
        )
        .all(deviceId) as { incident_id: string | null }[];
      expect(payroll.map((e) => e.incident_id !== null)).toEqual([false, true]);
    } finally {
      db.close();
    }
    const doctor = await agentWithoutDacOverride(['doctor', '--state-dir', d.state]);
    expect(doctor.stdout).toMatch(/\[OK {2}\] monitored paths/);
    // The next check-in carries the cleared state.
    await agentWithoutDacOverride(['run', '--once', '--state-dir', d.state]);
    const agent = await owner.ok(
      owner.get<{ health: { unwatchable_paths: { total: number } } }>(`/agents/${deviceId}`),
    );
    expect(agent.health.unwatchable_paths.total).toBe(0);
  });
});
