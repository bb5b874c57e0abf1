import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BundleEnvelope, BundlePayload } from '@custos/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventQueue } from '../src/queue/event-queue.js';
import { enrolAgent, runAgent, startAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { LUHN_INVALID, VALID_CARDS } from './helpers/card-bundle.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { allIncidentEvents, incidentEvents, listIncidents } from './helpers/incidents-api.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { sign } from './helpers/signing-keys.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';
import { TlsRelay } from './helpers/tls-proxy.js';

/**
 * Issue 7, "Done when": a real `dlp-server` process (started as CI runs it, on a temporary data
 * directory with kernel-chosen ports) and real `dlp-agent` processes on loopback. Everything goes
 * through the console API as an operator would: sign in as the first-start Owner, publish the
 * payment-card policy (`POST /policies` + publish; governed versions approved by a second person),
 * create the enrolment token, read incidents from `GET /incidents` and `/incidents/{id}/events`.
 * A TLS relay sits between agent and server only to play the network (take the server away, hold
 * an answer, substitute a bundle); requests pass byte for byte, so the agent's signatures reach the
 * server intact.
 */
const GROUP = 'e2e-endpoints';
const CHECKIN = '/api/v1/agent/checkin';
const POLICY = '/api/v1/agent/policy';
/** Any of the sample card numbers, spaced or not. */
const CARD_NUMBER = new RegExp(VALID_CARDS.flatMap((c) => [c, c.replace(/ /g, '')]).join('|'));

let server: RunningServer;
let owner: ApiClient;
let approver: { api: ApiClient; password: string };
let relay: TlsRelay;
let work: string;
let policyId = '';
let deviceId = '';
/** Bundle version 1 as the server signed it, replayed later as an older bundle. */
let firstBundle: BundleEnvelope;
const d = { state: '', watched: '', stick: '', relayCa: '' };
let env: NodeJS.ProcessEnv = {};

async function runOnce(): Promise<Record<string, unknown>> {
  const r = await runAgent(['run', '--once', '--state-dir', d.state], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

async function bundleStatus(): Promise<{
  version_in_force: number;
  last_refusal: { code: string; at: string; offered_version: number | null } | null;
}> {
  const r = await runAgent(['status', '--json', '--state-dir', d.state], env);
  return JSON.parse(r.stdout).bundle;
}

async function until(cond: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The latest genuine bundle answer the server gave the agent (seen by the relay). */
function genuineBundle(): { bundle_version: number; bundle: BundleEnvelope } {
  const answers = relay.answered<{ bundle_version: number; bundle: BundleEnvelope }>(POLICY);
  return answers.filter((a) => a.bundle).at(-1)!;
}

const payloadOf = (e: BundleEnvelope): BundlePayload =>
  JSON.parse(Buffer.from(e.payload_b64, 'base64').toString('utf8')) as BundlePayload;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-agent-e2e-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  approver = await server.secondPerson(owner);
  relay = new TlsRelay(server.url, server.caPem);
  await relay.start();
  d.state = join(work, 'agent-state');
  d.watched = join(work, 'share');
  d.stick = join(work, 'usb-stick');
  for (const p of [d.state, d.watched, d.stick]) mkdirSync(p, { recursive: true, mode: 0o700 });
  d.relayCa = join(work, 'relay-ca.pem');
  writeFileSync(d.relayCa, relay.caPem);
  writeFileSync(join(d.state, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
  env = {
    DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'),
    ...fixtureHostEnv(work, { usb: d.stick }),
  };
}, 120_000);

afterAll(async () => {
  await relay?.stop();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

// Each step runs several agent processes; a loaded CI machine gets more than the 30 s default.
describe('end to end: dlp-server and dlp-agent processes on loopback, driven through the API', {
  timeout: 90_000,
}, () => {
  it('enrols with a one-time token created through the API; the spent token is refused', async () => {
    await owner.ok(owner.post('/agent-groups', { name: GROUP }));
    const token = await enrolmentToken(owner, GROUP);
    const enrolment = { server: relay.url, token, caFile: d.relayCa, extra: ['--json'] };
    const r = await enrolAgent({ ...enrolment, stateDir: d.state }, env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(token);
    deviceId = JSON.parse(r.stdout).device_id;
    // Document 2: a used-up token is the same 403 as any unusable one (exit 5 at the agent).
    const again = await enrolAgent({ ...enrolment, stateDir: mkdtempSync(join(work, 'other-')) }, env);
    expect(again.code).toBe(5);
    const agents = await owner.ok(owner.get<{ items: { id: string; status: string }[] }>('/agents'));
    expect(agents.items).toEqual([expect.objectContaining({ id: deviceId, status: 'active' })]);
    const doctor = await runAgent(['doctor', '--state-dir', d.state], env);
    expect(doctor.stdout).toMatch(/\[OK {2}\] server +reachable; signed probe accepted/);
  });

  it('publishes the payment-card policy through the API; discovery raises an incident for valid cards only', async () => {
    writeFileSync(
      join(d.watched, 'cards.csv'),
      `name,card\nAda,${VALID_CARDS[0]}\nGrace,${VALID_CARDS[1]}\n`,
    );
    writeFileSync(join(d.watched, 'orders.txt'), `Orders\n${LUHN_INVALID.join('\n')}\n`);
    const created = await owner.ok(
      owner.post<{ policy_id: string; version: number }>(
        '/policies',
        paymentCardDraft({ agentGroup: GROUP, sources: [d.watched] }),
      ),
    );
    policyId = created.policy_id;
    // A targeted audit policy released by an Owner publishes directly (document 1, Lifecycle).
    const { published } = await release(owner, null, policyId, 1);
    expect(published).toMatchObject({ status: 'published', bundle_version: 1 });

    expect(await runOnce()).toMatchObject({ checkin: 'ok', bundle_version: 1, queue_depth: 0 });
    // The bundle the server compiled monitors exactly the policy's source folder.
    firstBundle = genuineBundle().bundle;
    expect(payloadOf(firstBundle).monitored_paths).toEqual([d.watched]);
    const incidents = await listIncidents(owner);
    expect(incidents.map((i) => [i.channel, i.action, i.requested_action, i.policy_id])).toEqual([
      ['discovery', 'audit', 'audit', policyId],
    ]);
    const events = await incidentEvents(owner, incidents[0]!.id);
    expect(events.map((e) => e.file_name)).toEqual(['cards.csv']);
    // No matched value travels: not in what the agent uploaded, not in the console's answers.
    const uploaded = relay.requests.filter((q) => q.path === '/api/v1/agent/events');
    expect(uploaded.length).toBeGreaterThan(0);
    expect(Buffer.concat(uploaded.map((q) => q.body)).toString('utf8')).not.toMatch(CARD_NUMBER);
    expect(JSON.stringify([incidents, events])).not.toMatch(CARD_NUMBER);
  });

  it('a newer version (block, approved by a second person) reaches the agent; Linux clamps it to audit', async () => {
    await owner.ok(
      owner.post(
        `/policies/${policyId}/versions`,
        paymentCardDraft({
          agentGroup: GROUP,
          sources: [d.watched],
          response: 'block',
          changeReason: 'block card numbers at rest after the audit month',
        }),
      ),
    );
    // Document 1: a block action is governed: submitted, and the author may not approve it.
    const submitted = await owner.ok(owner.post(`/policies/${policyId}/versions/2/publish`));
    expect(submitted).toMatchObject({ status: 'pending_approval' });
    await owner.ok(owner.post('/auth/step-up', { purpose: 'policy_release', password: server.password }));
    const self = await owner.post<{ code: string }>(`/policies/${policyId}/versions/2/approve`);
    expect([self.status, self.body.code]).toEqual([403, 'policy.self_approval']);
    await approver.api.ok(
      approver.api.post('/auth/step-up', { purpose: 'policy_release', password: approver.password }),
    );
    const approved = await approver.api.ok(approver.api.post(`/policies/${policyId}/versions/2/approve`));
    expect(approved).toMatchObject({ status: 'published', bundle_version: 2 });

    relay.answers.length = 0;
    writeFileSync(join(d.watched, 'refunds.txt'), `Refund to card ${VALID_CARDS[2]}\n`);
    expect(await runOnce()).toMatchObject({ checkin: 'ok', bundle_version: 2 });
    expect(relay.answered(CHECKIN)[0]).toMatchObject({ policy_update_available: true });
    expect((await bundleStatus()).version_in_force).toBe(2);
    const refunds = (await allIncidentEvents(owner)).filter((e) => e.file_name === 'refunds.txt');
    expect(refunds.map((e) => [e.channel, e.requested_action, e.action, e.enforcement])).toEqual([
      ['discovery', 'block', 'audit', 'reduced_by_capability'],
    ]);
  });

  it('refuses a tampered, an older and a foreign-key bundle and keeps the last good one', async () => {
    const genuine = genuineBundle();
    expect(genuine.bundle_version).toBe(2);
    // The relay announces an update and answers the policy fetch with a substitute.
    const substitute = (bundle: BundleEnvelope) => {
      const version = payloadOf(bundle).bundle_version;
      relay.rewrite = (path, res) => {
        if (path === CHECKIN) {
          const b = JSON.parse(res.body.toString('utf8'));
          return { ...res, body: Buffer.from(JSON.stringify({ ...b, policy_update_available: true })) };
        }
        if (path === POLICY) {
          const b = JSON.parse(res.body.toString('utf8'));
          return { ...res, body: Buffer.from(JSON.stringify({ ...b, bundle_version: version, bundle })) };
        }
        return null;
      };
    };
    // Each substitute must be refused afresh (a new refusal, not the previous one still shown).
    let previous: string | undefined;
    const refusal = async () => {
      await runOnce();
      const status = await bundleStatus();
      expect(status.last_refusal?.at).not.toBe(previous);
      previous = status.last_refusal?.at;
      return status;
    };

    // Tampered: the server's own signature over a payload someone changed (watch the whole disk).
    const widened = { ...payloadOf(genuine.bundle), bundle_version: 3, monitored_paths: ['/'] };
    substitute({ ...genuine.bundle, payload_b64: Buffer.from(JSON.stringify(widened)).toString('base64') });
    expect(await refusal()).toMatchObject({
      version_in_force: 2,
      last_refusal: { code: 'bundle.signature_invalid' },
    });

    // Older: the genuine version 1 the server signed earlier, replayed.
    substitute(firstBundle);
    expect(await refusal()).toMatchObject({
      version_in_force: 2,
      last_refusal: { code: 'bundle.version_rollback' },
    });

    // Another tenant's genuine bundle: this same server signed it with that tenant's own key.
    const other = await server.createTenant('other', 'it@other.example');
    await other.ok(other.post('/agent-groups', { name: GROUP }));
    const otherFolder = mkdtempSync(join(work, 'other-share-'));
    const otherPolicy = await other.ok(
      other.post<{ policy_id: string }>(
        '/policies',
        paymentCardDraft({ agentGroup: GROUP, sources: [otherFolder] }),
      ),
    );
    await release(other, null, otherPolicy.policy_id, 1);
    const otherToken = await enrolmentToken(other, GROUP);
    const otherState = mkdtempSync(join(work, 'other-agent-'));
    const otherEnrol = {
      server: relay.url,
      token: otherToken,
      caFile: d.relayCa,
      stateDir: otherState,
    };
    expect((await enrolAgent(otherEnrol, env)).code).toBe(0);
    expect((await runAgent(['run', '--once', '--state-dir', otherState], env)).code).toBe(0);
    const otherTenants = genuineBundle().bundle;
    expect(payloadOf(otherTenants).tenant_id).not.toBe(payloadOf(genuine.bundle).tenant_id);
    substitute(otherTenants);
    expect(await refusal()).toMatchObject({
      version_in_force: 2,
      last_refusal: { code: 'bundle.key_unknown' },
    });

    // Foreign key: a newer payload signed by a key that is not the tenant's, under its key id.
    const foreign = generateKeyPairSync('ed25519').privateKey;
    const keyId = payloadOf(genuine.bundle).key_id;
    substitute(sign({ ...payloadOf(genuine.bundle), bundle_version: 3 }, { keyId, privateKey: foreign }));
    expect(await refusal()).toMatchObject({
      version_in_force: 2,
      last_refusal: { code: 'bundle.signature_invalid' },
    });

    // The last good bundle stayed in force and still decides: a new file is found under version 2.
    relay.rewrite = null;
    writeFileSync(join(d.watched, 'after-refusals.txt'), `card ${VALID_CARDS[1]}\n`);
    expect(await runOnce()).toMatchObject({ checkin: 'ok', bundle_version: 2 });
    const found = (await allIncidentEvents(owner)).filter((e) => e.file_name === 'after-refusals.txt');
    expect(found.map((e) => e.requested_action)).toEqual(['block']);
    // The agent told the server at check-in which offered bundle it refused.
    const agent = await owner.ok(owner.get<{ health: Record<string, unknown> }>(`/agents/${deviceId}`));
    expect(agent.health.bundle_refusal).toMatchObject({ code: 'bundle.signature_invalid' });
  });

  it('reports copies onto a removable volume (sysfs fixture) with device class and serial', async () => {
    // A second policy, only about the removable channel: it adds no monitored path.
    const usbPolicy = await owner.ok(
      owner.post<{ policy_id: string }>('/policies', {
        name: 'Payment cards to removable media',
        severity: 'critical',
        scope: { agent_groups: [GROUP], channels: ['removable_storage'] },
        condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
        response: 'block',
        change_reason: 'card numbers must not leave on sticks',
      }),
    );
    const { approved } = await release(owner, approver, usbPolicy.policy_id, 1);
    expect(approved).toMatchObject({ status: 'published', bundle_version: 3 });
    // Someone copies the card list from the share onto the stick.
    copyFileSync(join(d.watched, 'cards.csv'), join(d.stick, 'export.csv'));
    expect(await runOnce()).toMatchObject({ checkin: 'ok', bundle_version: 3 });
    expect(payloadOf(genuineBundle().bundle).monitored_paths).toEqual([d.watched]);

    const usb = await listIncidents(owner, '&channel=removable_storage');
    expect(usb.map((i) => [i.policy_id, i.severity, i.requested_action, i.action])).toEqual([
      [usbPolicy.policy_id, 'critical', 'block', 'audit'],
    ]);
    const [event] = await incidentEvents(owner, usb[0]!.id);
    expect(event).toMatchObject({
      channel: 'removable_storage',
      file_name: 'export.csv',
      removable_device: { device_class: 'usb_mass_storage', serial: 'AA0011223344' },
    });
    const detail = await owner.ok(owner.get<{ removable_devices: unknown[] }>(`/incidents/${usb[0]!.id}`));
    expect(JSON.stringify(detail.removable_devices)).toContain('AA0011223344');
  });

  it('queues while the server is unreachable and uploads later, marked evaluated offline', async () => {
    await relay.down();
    writeFileSync(join(d.watched, 'offline-cards.txt'), `card ${VALID_CARDS[0]}\n`);
    expect(await runOnce()).toMatchObject({ checkin: 'offline', offline: true, queue_depth: 1 });
    expect((await allIncidentEvents(owner)).some((e) => e.file_name === 'offline-cards.txt')).toBe(false);
    await relay.up();
    expect(await runOnce()).toMatchObject({ checkin: 'ok', queue_depth: 0 });
    const offline = (await allIncidentEvents(owner)).filter((e) => e.file_name === 'offline-cards.txt');
    expect(offline.map((e) => [e.channel, e.evaluated_offline, e.incident.evaluated_offline])).toEqual([
      ['discovery', true, true],
    ]);
  });

  it('the running service raises file-activity incidents (create, move, delete) and takes a newly published version', async () => {
    // The shortest check-in interval (10 s): a release reaches the running service at its next check-in.
    writeFileSync(
      join(d.state, 'config.json'),
      JSON.stringify({ UploadIntervalSecs: 1, CheckinIntervalSecs: 10 }),
    );
    const agent = startAgent(['run', '--state-dir', d.state], env);
    let log = '';
    agent.child.stderr!.on('data', (x) => {
      log += x;
    });
    const eventsOf = async (name: string) =>
      (await allIncidentEvents(owner)).filter((e) => e.file_name === name).map((e) => e.channel);
    try {
      await until(
        async () => log.includes('"msg":"discovery pass done"') && log.includes('"msg":"watching"'),
        'agent up',
      );
      writeFileSync(join(d.watched, 'new-cards.txt'), `${VALID_CARDS.join('\n')}\n`);
      await until(async () => (await eventsOf('new-cards.txt')).includes('file_create'), 'file_create');
      renameSync(join(d.watched, 'new-cards.txt'), join(d.watched, 'renamed-cards.txt'));
      await until(async () => (await eventsOf('renamed-cards.txt')).includes('file_rename'), 'file_rename');
      const moved = (await allIncidentEvents(owner)).find((e) => e.channel === 'file_rename')!;
      expect(moved.from_path).toBe(join(d.watched, 'new-cards.txt'));
      // Document 1, rule 8: creating and renaming the same content fold into one at-rest incident.
      const created = (await allIncidentEvents(owner)).find((e) => e.channel === 'file_create')!;
      expect(moved.incident.id).toBe(created.incident.id);
      rmSync(join(d.watched, 'renamed-cards.txt'));

      // A release while the service runs: version 3 of the card policy (critical) → bundle 4.
      await owner.ok(
        owner.post(`/policies/${policyId}/versions`, {
          ...paymentCardDraft({ agentGroup: GROUP, sources: [d.watched], response: 'block' }),
          severity: 'critical',
          change_reason: 'card numbers at rest are critical from now on',
        }),
      );
      const { approved } = await release(owner, approver, policyId, 3);
      expect(approved).toMatchObject({ status: 'published', bundle_version: 4 });
      // The next check-in brings it; SIGHUP asks for that check-in at once (docs/agent.md).
      agent.child.kill('SIGHUP');
      await until(
        async () => /"msg":"bundle verified and in force","bundle_version":4/.test(log),
        'bundle 4 in the running service',
      );
    } finally {
      agent.child.kill('SIGTERM');
    }
    // SIGTERM is the service's ordinary stop: a clean exit. The deletion is not lost to it: either the
    // stopping service settles it (still inside the 30-second move window of document 2) or the next
    // discovery pass finds the remembered file gone.
    expect((await agent.done).code).toBe(0);
    expect(await runOnce()).toMatchObject({ checkin: 'ok', queue_depth: 0 });
    // Issue 7: the agent remembered the file's findings, so its deletion is reported, and the
    // server puts it with the incident that has an event at that path (document 2, locations).
    const gone = (await allIncidentEvents(owner)).filter((e) => e.channel === 'file_delete');
    const created = (await allIncidentEvents(owner)).find((e) => e.channel === 'file_create')!;
    expect(gone.map((e) => [e.file_path, e.incident.id])).toEqual([
      [join(d.watched, 'renamed-cards.txt'), created.incident.id],
    ]);
    const locations = await owner.ok(
      owner.get<{ items: { path: string; state: string; departure: string | null }[] }>(
        `/incidents/${created.incident.id}/locations`,
      ),
    );
    expect(locations.items).toContainEqual(
      expect.objectContaining({ path: join(d.watched, 'renamed-cards.txt'), state: 'removed' }),
    );
  });

  it('loses nothing when killed with SIGKILL mid-upload', async () => {
    const q = new EventQueue(join(d.state, 'queue.db'), 100_000, 'refuse_new');
    const ids: string[] = [];
    const blake3 = 'ab'.repeat(32);
    for (let i = 0; i < 700; i++) {
      const id = `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
      q.enqueue(id, {
        event_id: id,
        occurred_at: new Date().toISOString(),
        channel: 'file_modify',
        action: 'audit',
        requested_action: 'audit',
        evaluated_offline: false,
        decided_by_policy_id: policyId,
        matched_policy_ids: [policyId],
        superseded_policy_ids: [],
        file: { path: join(d.watched, 'ledger.txt'), name: 'ledger.txt', blake3 },
      });
      ids.push(id);
    }
    q.close();
    let forwarded!: () => void;
    const sawUpload = new Promise<void>((r) => {
      forwarded = r;
    });
    // The server stores the first batch; its answer is held, and the agent dies waiting for it.
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
    const ledger = (await allIncidentEvents(owner)).filter((e) => e.file_name === 'ledger.txt');
    // Every queued event arrived exactly once (the re-sent batch is answered from the record).
    expect(ledger.map((e) => e.id).sort()).toEqual(ids);
    expect(new Set(ledger.map((e) => e.incident.id)).size).toBe(1);
    expect(ledger[0]!.incident.event_count).toBe(700);
  });
});
