import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { connectDatabase } from '../../server/src/db/connect.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { apiModules } from '../../server/src/modules/index.js';
import { resolveServerTls } from '../../server/src/tls/server-tls.js';
import { PublishedPolicies } from '../../server/test/agents/agent-harness.js';
import {
  type SignedIn,
  signInAs,
  type TestClock,
  type TestContext,
} from '../../server/test/helpers/index.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { runAgent, startAgent } from './helpers/agent-process.js';
import { cardBundle, LUHN_INVALID, VALID_CARDS } from './helpers/card-bundle.js';
import { policyKey, sign } from './helpers/signing-keys.js';
import { mountinfoFixture, sysfsFixture } from './helpers/sysfs-fixture.js';
import { TlsRelay } from './helpers/tls-proxy.js';

/**
 * Issue 7, "Done when": the real server code (agent interface, ingest, incidents, over its own HTTPS
 * listener and SQLite database) and real `dlp-agent` processes on loopback. Published policy data
 * comes from the server's policy-port harness, because the policies module is not in this tree yet;
 * everything the agent touches is the server's own. A TLS relay sits between the two only to play the
 * network (take the server away, hold an answer, substitute a bundle); requests pass byte for byte.
 */
const realClock: TestClock = { now: () => new Date(), set: () => undefined, advance: () => undefined };
const POLICY_ID = '00000000-0000-4000-8000-000000000001';
const key = policyKey('key-1');

let ctx: TestContext;
let owner: SignedIn;
let port: PublishedPolicies;
let relay: TlsRelay;
let work: string;
let tenantId = '';
const d = { state: '', watched: '', stick: '', relayCa: '' };
let env: NodeJS.ProcessEnv = {};

async function runOnce(): Promise<Record<string, unknown>> {
  const r = await runAgent(['run', '--once', '--state-dir', d.state], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim()) as Record<string, unknown>;
}

async function bundleStatus(): Promise<{ version_in_force: number; last_refusal: { code: string } | null }> {
  const r = await runAgent(['status', '--json', '--state-dir', d.state], env);
  return JSON.parse(r.stdout).bundle;
}

function publish(version: number): ReturnType<typeof sign> {
  const envelope = sign(cardBundle({ version, monitored: [d.watched], tenant: tenantId }), key);
  port.bundle = { version, envelope, required_capabilities: [], created_at: new Date().toISOString() };
  return envelope;
}

async function storedEvents() {
  return ctx.db.selectFrom('agent_events').selectAll().execute();
}

async function incidents(): Promise<{ channel: string; requested_action: string; action: string }[]> {
  const r = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/incidents?limit=200',
    headers: owner.headers,
  });
  return r.json().items;
}

async function until(cond: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-agent-e2e-'));
  const dataDir = join(work, 'server');
  const config = loadConfig(
    { DLP_DATA_DIR: dataDir, DLP_LISTEN: '127.0.0.1:0', DLP_OPS_LISTEN: '127.0.0.1:0' },
    dataDir,
  );
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  const tls = await resolveServerTls(config, new Date());
  port = new PublishedPolicies();
  port.keys.splice(0, port.keys.length, key.trusted as (typeof port.keys)[number]);
  port.policies.set(POLICY_ID, {
    id: POLICY_ID,
    number: 1,
    name: 'Payment cards',
    severity: 'high',
    raise_every_match: false,
    published_version: 1,
    is_test: false,
  });
  const app = await buildApp(
    { config, db, clock: realClock },
    {
      modules: apiModules(port),
      https: { key: tls.key, cert: tls.cert },
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const serverUrl = `https://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  ctx = {
    app,
    db,
    clock: realClock,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
  owner = await signInAs(ctx, { role: 'owner' });
  const { readFileSync, mkdirSync } = await import('node:fs');
  relay = new TlsRelay(serverUrl, readFileSync(tls.caPath as string, 'utf8'));
  await relay.start();
  d.state = join(work, 'agent-state');
  d.watched = join(work, 'share');
  d.stick = join(work, 'usb-stick');
  for (const p of [d.state, d.watched, d.stick]) mkdirSync(p, { recursive: true, mode: 0o700 });
  const sys = join(work, 'sys');
  mkdirSync(sys);
  sysfsFixture(sys);
  const mountinfo = join(work, 'mountinfo');
  mountinfoFixture(mountinfo, { usb: d.stick });
  d.relayCa = join(work, 'relay-ca.pem');
  writeFileSync(d.relayCa, relay.caPem);
  writeFileSync(join(d.state, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
  env = {
    DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'),
    DLP_AGENT_SYSFS_ROOT: sys,
    DLP_AGENT_MOUNTINFO: mountinfo,
  };
}, 120_000);

afterAll(async () => {
  await relay?.stop();
  await ctx?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('end to end: server and dlp-agent processes on loopback', () => {
  it('enrols with a one-time token; the spent token is refused', async () => {
    const token = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/enrollment-tokens',
        headers: owner.headers,
        payload: {},
      })
    ).json().token as string;
    const args = [
      'enroll',
      '--server',
      relay.url,
      '--token',
      token,
      '--ca-file',
      d.relayCa,
      '--key',
      'software',
      '--json',
    ];
    const r = await runAgent([...args, '--state-dir', d.state], env);
    expect(r.code, r.stderr).toBe(0);
    const other = mkdtempSync(join(work, 'other-'));
    const again = await runAgent([...args, '--state-dir', other], env);
    expect(again.code).toBe(5);
    const device = await ctx.db.selectFrom('devices').selectAll().executeTakeFirstOrThrow();
    expect(device.id).toBe(JSON.parse(r.stdout).device_id);
    tenantId = device.tenant_id;
    const doctor = await runAgent(['doctor', '--state-dir', d.state], env);
    expect(doctor.stdout).toMatch(/\[OK {2}\] server +reachable; signed probe accepted/);
  });

  it('verifies the bundle and raises a discovery incident for valid cards only', async () => {
    writeFileSync(
      join(d.watched, 'cards.csv'),
      `name,card\nAda,${VALID_CARDS[0]}\nGrace,${VALID_CARDS[1]}\n`,
    );
    writeFileSync(join(d.watched, 'orders.txt'), `Orders\n${LUHN_INVALID.join('\n')}\n`);
    publish(1);
    expect(await runOnce()).toMatchObject({ checkin: 'ok', bundle_version: 1, queue_depth: 0 });
    const rows = await storedEvents();
    expect(rows.map((e) => [e.channel, e.action, e.requested_action])).toEqual([
      ['discovery', 'audit', 'block'],
    ]);
    expect(await incidents()).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('4111');
  });

  it('refuses a tampered, an older and a foreign-key bundle and keeps the last good one', async () => {
    const v1 = port.bundle!.envelope;
    publish(2);
    await runOnce();
    expect((await bundleStatus()).version_in_force).toBe(2);
    // The relay announces an update and substitutes the bundle the server sends.
    const substitute = (bundle: unknown) => {
      relay.rewrite = (path, res) => {
        if (path === '/api/v1/agent/checkin') {
          const b = JSON.parse(res.body.toString('utf8'));
          return { ...res, body: Buffer.from(JSON.stringify({ ...b, policy_update_available: true })) };
        }
        if (path === '/api/v1/agent/policy') {
          return {
            ...res,
            body: Buffer.from(JSON.stringify({ bundle_version: 3, bundle, reason: null, refused: null })),
          };
        }
        return null;
      };
    };
    const genuine3 = sign(cardBundle({ version: 3, monitored: [d.watched], tenant: tenantId }), key);
    const payload = JSON.parse(Buffer.from(genuine3.payload_b64, 'base64').toString('utf8'));
    payload.monitored_paths = ['/'];
    substitute({ ...genuine3, payload_b64: Buffer.from(JSON.stringify(payload)).toString('base64') });
    await runOnce();
    expect(await bundleStatus()).toMatchObject({
      version_in_force: 2,
      last_refusal: { code: 'bundle.signature_invalid' },
    });
    substitute(v1);
    await runOnce();
    expect(await bundleStatus()).toMatchObject({
      version_in_force: 2,
      last_refusal: { code: 'bundle.version_rollback' },
    });
    const foreign = policyKey('key-1');
    substitute(sign(cardBundle({ version: 3, monitored: [d.watched], tenant: tenantId }), foreign));
    await runOnce();
    expect(await bundleStatus()).toMatchObject({
      version_in_force: 2,
      last_refusal: { code: 'bundle.signature_invalid' },
    });
    relay.rewrite = null;
    publish(3);
    await runOnce();
    expect((await bundleStatus()).version_in_force).toBe(3);
  });

  it('reports copies onto a removable volume (sysfs fixture) with device class and serial', async () => {
    writeFileSync(join(d.stick, 'export.csv'), `card,${VALID_CARDS[2]}\n`);
    await runOnce();
    const usb = (await storedEvents()).find((e) => e.channel === 'removable_storage');
    expect(usb).toBeDefined();
    expect(JSON.stringify(usb!.payload)).toContain('AA0011223344');
    expect(JSON.stringify(usb!.payload)).toContain('usb_mass_storage');
    expect((await incidents()).some((i) => i.channel === 'removable_storage')).toBe(true);
  });

  it('queues while the server is unreachable and uploads later, marked evaluated offline', async () => {
    await relay.down();
    writeFileSync(join(d.watched, 'offline-cards.txt'), `card ${VALID_CARDS[0]}\n`);
    expect(await runOnce()).toMatchObject({ checkin: 'offline', offline: true, queue_depth: 1 });
    await relay.up();
    expect(await runOnce()).toMatchObject({ checkin: 'ok', queue_depth: 0 });
    const rows = await storedEvents();
    const offline = rows.filter(
      (e) => e.evaluated_offline === 1 || e.evaluated_offline === (true as unknown),
    );
    expect(offline).toHaveLength(1);
  });

  it('raises file-activity incidents from the running service (create, then move)', async () => {
    const agent = startAgent(['run', '--state-dir', d.state], env);
    let log = '';
    agent.child.stderr!.on('data', (x) => {
      log += x;
    });
    try {
      await until(
        async () => log.includes('"msg":"discovery pass done"') && log.includes('"msg":"watching"'),
        'agent up',
      );
      writeFileSync(join(d.watched, 'new-cards.txt'), `${VALID_CARDS.join('\n')}\n`);
      await until(async () => (await storedEvents()).some((e) => e.channel === 'file_create'), 'file_create');
      const { renameSync } = await import('node:fs');
      renameSync(join(d.watched, 'new-cards.txt'), join(d.watched, 'renamed-cards.txt'));
      await until(async () => (await storedEvents()).some((e) => e.channel === 'file_rename'), 'file_rename');
      expect((await incidents()).length).toBeGreaterThan(2);
    } finally {
      agent.child.kill('SIGTERM');
      await agent.done;
    }
  });

  it('loses nothing when killed with SIGKILL mid-upload', async () => {
    const q = new EventQueue(join(d.state, 'queue.db'), 100_000, 'refuse_new');
    const ids: string[] = [];
    for (let i = 0; i < 700; i++) {
      const id = `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
      q.enqueue(id, {
        event_id: id,
        occurred_at: new Date().toISOString(),
        channel: 'file_modify',
        action: 'audit',
        requested_action: 'audit',
        evaluated_offline: false,
        matched_policy_ids: [],
        superseded_policy_ids: [],
        file: { path: `/srv/x/${i}.txt`, name: `${i}.txt` },
      });
      ids.push(id);
    }
    q.close();
    let forwarded!: () => void;
    const sawUpload = new Promise<void>((r) => {
      forwarded = r;
    });
    relay.hold = (path) => path === '/api/v1/agent/events';
    relay.onForward = (path) => {
      if (path === '/api/v1/agent/events') forwarded();
    };
    const first = startAgent(['run', '--once', '--state-dir', d.state], env);
    await sawUpload;
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    relay.hold = null;
    relay.onForward = null;
    relay.release();
    expect(await runOnce()).toMatchObject({ queue_depth: 0 });
    const stored = new Set((await storedEvents()).map((e) => e.id));
    for (const id of ids) expect(stored.has(id)).toBe(true);
  });
});
