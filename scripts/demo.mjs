#!/usr/bin/env node
/**
 * `npm run demo` (after `tsc -b`): the product end to end on this machine, in under a minute,
 * driven the way an operator drives it.
 *
 * 1. starts `dlp-server start` as a process on loopback with a temporary data directory (first
 *    start: migrations, tenant `default` with one Owner, local TLS CA) and reads its banner,
 * 2. creates tenant `demo` with its own Owner (`dlp-server tenant create`, the operator CLI) and
 *    signs in as that Owner (`POST /auth/login`),
 * 3. creates an endpoint group and publishes a payment-card policy for it through the API
 *    (`POST /policies`, then publish: a targeted audit policy released by an Owner publishes
 *    directly); its `scope.sources` is the sample folder, which the bundle ships as a monitored path,
 * 4. creates a one-time enrolment token for that group (`POST /enrollment-tokens`) and enrols a
 *    real `dlp-agent` process with it,
 * 5. drops sample files: some with valid card numbers, some with Luhn-invalid look-alikes,
 * 6. runs the agent once (check-in, verified bundle, discovery, upload),
 * 7. prints the incidents from `GET /incidents`, then stops everything and removes the temporary
 *    files, and prints the elapsed time.
 *
 * Nothing is mocked: real server and agent processes, real TLS, real signatures.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BIN = join(ROOT, 'server', 'bin', 'dlp-server.js');
const AGENT_BIN = join(ROOT, 'agent', 'bin', 'dlp-agent.js');
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

const step = (text) => process.stdout.write(`\n[${seconds()} s] ${text}\n`);
const say = (text) => process.stdout.write(`  ${text}\n`);

/** Published test numbers that pass the Luhn check, and look-alikes that do not. */
const VALID = ['4111 1111 1111 1111', '5500 0000 0000 0004', '3400 000000 00009'];
const LOOKALIKES = ['4111 1111 1111 1112', '5500 0000 0000 0005', '1234 5678 9012 3456'];
const GROUP = 'demo-endpoints';
const TENANT = { slug: 'demo', name: 'Demo Ltd', owner: 'security@demo.example' };

const work = mkdtempSync(join(tmpdir(), 'custos-demo-'));
const dataDir = join(work, 'server-data');
const stateDir = join(work, 'agent-state');
const monitored = join(work, 'shared-folder');
mkdirSync(dataDir, { recursive: true });
mkdirSync(stateDir, { recursive: true, mode: 0o700 });
mkdirSync(monitored, { recursive: true });

const children = [];

/**
 * Starts a Node.js entry point as a child process and collects what it writes. The caller's own
 * DLP_* settings are not passed on: a DLP_DATABASE_URL in the shell must not put demo data into a
 * real database.
 */
function start(script, args, env = {}) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('DLP_')),
  );
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => {
    out.stdout += d;
  });
  child.stderr.on('data', (d) => {
    out.stderr += d;
  });
  const done = new Promise((resolve) => child.on('exit', (code) => resolve({ code, ...out })));
  return { child, out, done };
}

/** `dlp-server start` until its banner (API address, CA, first-start Owner) is printed. */
async function startServer() {
  const server = start(SERVER_BIN, ['start'], {
    DLP_DATA_DIR: dataDir,
    DLP_LISTEN: '127.0.0.1:0',
    DLP_OPS_LISTEN: '127.0.0.1:0',
    DLP_LOG_LEVEL: 'warn',
  });
  const field = (label) => new RegExp(`${label}\\s+(\\S+)`).exec(server.out.stdout)?.[1];
  const deadline = Date.now() + 30_000;
  while (!(field('API:') && field('password:'))) {
    if (server.child.exitCode !== null)
      throw new Error(`dlp-server exited ${server.child.exitCode}: ${server.out.stderr}`);
    if (Date.now() > deadline) throw new Error('dlp-server did not print its start banner in 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    api: field('API:'),
    caPath: field('TLS CA:'),
    tenant: field('tenant:'),
    email: field('e-mail:'),
    password: field('password:'),
  };
}

/** A console API client over HTTPS trusting the server's CA; answers the JSON body of a 2xx. */
function apiClient(base, ca) {
  let token = null;
  const call = (method, path, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? null : JSON.stringify(body);
      const req = httpsRequest(
        `${base}${path}`,
        {
          method,
          ca,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => {
            const json = text ? JSON.parse(text) : null;
            if (res.statusCode >= 200 && res.statusCode < 300) resolve(json);
            else
              reject(
                new Error(`${method} ${path}: ${res.statusCode} ${json?.code ?? ''} ${json?.message ?? ''}`),
              );
          });
        },
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  return {
    get: (path) => call('GET', path),
    post: (path, body = {}) => call('POST', path, body),
    signedInWith(t) {
      token = t;
    },
  };
}

async function main() {
  step('Starting dlp-server on a temporary data directory');
  const server = await startServer();
  say(`API ${server.api}, first-start tenant "${server.tenant}", TLS CA ${server.caPath}`);
  const api = apiClient(server.api, readFileSync(server.caPath, 'utf8'));

  step(`Creating tenant "${TENANT.slug}" with its Owner (dlp-server tenant create)`);
  const ownerPassword = randomBytes(18).toString('base64url');
  const created = await start(
    SERVER_BIN,
    [
      'tenant',
      'create',
      '--slug',
      TENANT.slug,
      '--name',
      TENANT.name,
      '--owner-email',
      TENANT.owner,
      // One argument: a generated password may begin with '-', which a separate value cannot.
      `--owner-password=${ownerPassword}`,
      '--json',
    ],
    { DLP_DATA_DIR: dataDir, DLP_LOG_LEVEL: 'warn' },
  ).done;
  if (created.code !== 0)
    throw new Error(`dlp-server tenant create failed (${created.code}): ${created.stderr}`);
  say(`tenant ${JSON.parse(created.stdout).tenant_id} (${TENANT.slug}), Owner ${TENANT.owner}`);

  step(`Signing in to "${TENANT.slug}" as its Owner`);
  const session = await api.post('/auth/login', {
    tenant: TENANT.slug,
    email: TENANT.owner,
    password: ownerPassword,
  });
  api.signedInWith(session.token);
  say(`session open until ${session.expires_at}`);

  step('Publishing a payment-card policy for the endpoint group, monitoring the sample folder');
  await api.post('/agent-groups', { name: GROUP });
  const policy = await api.post('/policies', {
    name: 'Payment cards at rest',
    severity: 'high',
    scope: { agent_groups: [GROUP], sources: [monitored] },
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
    response: 'audit',
    change_reason: 'find card numbers left on the shared folder',
  });
  const published = await api.post(`/policies/${policy.policy_id}/versions/1/publish`);
  if (published.status !== 'published') throw new Error(`policy not published: ${published.status}`);
  say(`POL-${policy.number} version 1 published; signed bundle version ${published.bundle_version}`);

  step('Creating a one-time enrolment token and enrolling the agent');
  const { token } = await api.post('/enrollment-tokens', {
    max_uses: 1,
    ttl_minutes: 30,
    agent_group: GROUP,
  });
  const agentEnv = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json') };
  const enrol = await start(
    AGENT_BIN,
    [
      'enroll',
      '--server',
      server.api.replace(/\/api\/v1$/, ''),
      '--token',
      token,
      '--ca-file',
      server.caPath,
      '--state-dir',
      stateDir,
      '--key',
      'software',
      '--json',
    ],
    agentEnv,
  ).done;
  if (enrol.code !== 0) throw new Error(`dlp-agent enroll failed (${enrol.code}): ${enrol.stderr}`);
  const { device_id: deviceId } = JSON.parse(enrol.stdout);
  say(`enrolled device ${deviceId} in group "${GROUP}" (software Ed25519 key, signed requests from now on)`);

  step('Dropping sample files into the monitored folder');
  writeFileSync(join(monitored, 'customer-cards.csv'), `name,card\nAda,${VALID[0]}\nGrace,${VALID[1]}\n`);
  writeFileSync(join(monitored, 'amex-refund.txt'), `Refund to card ${VALID[2]} approved.\n`);
  writeFileSync(join(monitored, 'order-numbers.txt'), `Orders:\n${LOOKALIKES.join('\n')}\n`);
  writeFileSync(join(monitored, 'meeting-notes.txt'), 'Quarterly review: budget, hiring, roadmap.\n');
  say('2 files with valid card numbers, 1 with Luhn-invalid look-alikes, 1 plain');

  step('Running the agent once (check-in, verify bundle, discovery, upload)');
  const once = await start(AGENT_BIN, ['run', '--once', '--state-dir', stateDir], agentEnv).done;
  if (once.code !== 0) throw new Error(`dlp-agent run --once failed (${once.code}): ${once.stderr}`);
  const summary = JSON.parse(once.stdout.trim().split('\n').at(-1));
  say(
    `bundle ${summary.bundle_version} in force; ${summary.discovery?.files_inspected ?? 0} files inspected, ` +
      `${summary.uploaded} events uploaded`,
  );

  step('Incidents (GET /incidents)');
  const { items, total } = await api.get('/incidents?limit=200');
  const byNumber = (i) => Number(i.reference.replace(/\D/g, ''));
  for (const i of items.sort((a, b) => byNumber(a) - byNumber(b))) {
    const detail = await api.get(`/incidents/${i.id}`);
    say(
      `${i.reference}  ${i.severity.padEnd(6)} ${i.status.padEnd(6)} ${(detail.file_name ?? '').padEnd(20)} ` +
        `${i.channel}, ${i.action} on ${i.hostname ?? 'unknown host'}  ${i.title}`,
    );
  }
  say(`${total} incident(s); the Luhn-invalid look-alikes and the plain file raised none.`);
  return total;
}

let failed = false;
try {
  const total = await main();
  if (total !== 2) throw new Error(`expected 2 incidents, the server holds ${total}`);
} catch (err) {
  failed = true;
  process.stderr.write(`\ndemo failed: ${err instanceof Error ? err.message : String(err)}\n`);
} finally {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.on('exit', r)) : null,
    ),
  );
  rmSync(work, { recursive: true, force: true });
  step(`Stopped the server and removed ${work}`);
  process.stdout.write(`\nDemo ${failed ? 'FAILED' : 'finished'} in ${seconds()} s.\n`);
}
process.exitCode = failed ? 1 : 0;
