#!/usr/bin/env node
/**
 * `npm run demo` (after `tsc -b`): the product end to end on this machine, in under a minute.
 *
 * 1. starts `dlp-server` on loopback with a temporary data directory (first start creates tenant
 *    `default` with an Owner and prints the sign-in once; the demo reads it from the banner),
 * 2. signs in, creates an enrolment token, enrols a `dlp-agent` with it,
 * 3. publishes a payment-card policy for that endpoint, monitoring a sample folder,
 * 4. drops sample files: some with valid card numbers, some with Luhn-invalid look-alikes,
 * 5. runs the agent once (check-in, verified bundle, discovery, upload),
 * 6. prints the incidents the server raised, then stops everything and removes the temporary files.
 *
 * Nothing here is mocked: real processes, real TLS, real signatures.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_CLI = join(ROOT, 'server', 'dist', 'cli.js');
const AGENT_BIN = join(ROOT, 'agent', 'bin', 'dlp-agent.js');
const started = Date.now();

const step = (text) => process.stdout.write(`\n[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}\n`);

/** Published test numbers that pass the Luhn check, and look-alikes that do not. */
const VALID = ['4111 1111 1111 1111', '5500 0000 0000 0004', '3400 000000 00009'];
const LOOKALIKES = ['4111 1111 1111 1112', '5500 0000 0000 0005', '1234 5678 9012 3456'];

const work = mkdtempSync(join(tmpdir(), 'custos-demo-'));
const dataDir = join(work, 'server-data');
const stateDir = join(work, 'agent-state');
const monitored = join(work, 'shared-folder');
mkdirSync(dataDir, { recursive: true });
mkdirSync(stateDir, { recursive: true, mode: 0o700 });
mkdirSync(monitored, { recursive: true });

const children = [];

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cmd, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function startServer() {
  const child = spawn(process.execPath, [SERVER_CLI, 'start'], {
    env: {
      ...process.env,
      DLP_DATA_DIR: dataDir,
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      DLP_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const field = (label) => new RegExp(`${label}\\s+(\\S+)`).exec(out)?.[1];
  const deadline = Date.now() + 30_000;
  while (!(field('API:') && field('password:'))) {
    if (child.exitCode !== null) throw new Error(`dlp-server exited ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline) throw new Error(`dlp-server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    api: field('API:'),
    caPath: field('TLS CA:'),
    tenant: field('tenant:'),
    email: field('e-mail:'),
    password: field('password:'),
  };
}

function client(api, caPem) {
  const dispatcher = new Agent({ connect: { ca: caPem } });
  let bearer = null;
  const call = async (method, path, body) => {
    const res = await request(`${api}${path}`, {
      method,
      dispatcher,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.body.text();
    const json = text ? JSON.parse(text) : null;
    if (res.statusCode >= 300) {
      throw new Error(
        `${method} ${path} answered ${res.statusCode}: ${json?.code ?? ''} ${json?.message ?? text}`,
      );
    }
    return json;
  };
  return {
    call,
    setBearer: (t) => {
      bearer = t;
    },
    close: () => dispatcher.close(),
  };
}

function paymentCardPolicy(deviceId) {
  return {
    name: 'Payment cards at rest',
    description: 'Finds files holding payment card numbers that pass the Luhn check.',
    owner: 'security@example.com',
    severity: 'high',
    group: 'discovery',
    scope: {
      channels: [
        'discovery',
        'file_create',
        'file_modify',
        'file_rename',
        'archive_create',
        'removable_storage',
      ],
      sources: [monitored],
      include_targets: [{ kind: 'endpoint', source: { type: 'svc' }, object_id: deviceId }],
    },
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
    exceptions: [],
    response: 'audit',
    evidence: { metadata: true },
    change_reason: 'Demo: discover payment card numbers in the shared folder',
  };
}

async function main() {
  step('Starting dlp-server on a temporary data directory');
  const server = await startServer();
  const caPem = readFileSync(server.caPath, 'utf8');
  const base = server.api.replace(/\/api\/v1$/, '');
  process.stdout.write(`  API ${server.api}, tenant "${server.tenant}", owner ${server.email}\n`);
  const api = client(server.api, caPem);

  step('Signing in as the first-start Owner');
  const login = await api.call('POST', '/auth/login', {
    tenant: server.tenant,
    email: server.email,
    password: server.password,
  });
  if (!login?.token)
    throw new Error(`sign-in did not return a session token (${JSON.stringify(login?.next ?? null)})`);
  api.setBearer(login.token);

  step('Creating a one-time enrolment token and enrolling the agent');
  const token = await api.call('POST', '/enrollment-tokens', { max_uses: 1, ttl_minutes: 30 });
  const enrol = await run(
    AGENT_BIN,
    [
      'enroll',
      '--server',
      base,
      '--token',
      token.token,
      '--ca-file',
      server.caPath,
      '--state-dir',
      stateDir,
      '--key',
      'software',
      '--json',
    ],
    { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json') },
  );
  if (enrol.code !== 0) throw new Error(`dlp-agent enroll failed (${enrol.code}): ${enrol.stderr}`);
  const { device_id: deviceId } = JSON.parse(enrol.stdout);
  process.stdout.write(`  enrolled device ${deviceId}\n`);

  step('Publishing a payment-card policy for this endpoint');
  const policy = await api.call('POST', '/policies', paymentCardPolicy(deviceId));
  const policyId = policy.id ?? policy.policy_id;
  const version = policy.version ?? 1;
  const published = await api.call('POST', `/policies/${policyId}/versions/${version}/publish`);
  process.stdout.write(
    `  policy ${policyId} version ${version}: ${published.status}, bundle ${published.bundle_version}\n`,
  );

  step('Dropping sample files into the monitored folder');
  writeFileSync(join(monitored, 'customer-cards.csv'), `name,card\nAda,${VALID[0]}\nGrace,${VALID[1]}\n`);
  writeFileSync(join(monitored, 'amex-refund.txt'), `Refund to card ${VALID[2]} approved.\n`);
  writeFileSync(join(monitored, 'order-numbers.txt'), `Orders:\n${LOOKALIKES.join('\n')}\n`);
  writeFileSync(join(monitored, 'meeting-notes.txt'), 'Quarterly review: budget, hiring, roadmap.\n');
  process.stdout.write('  2 files with valid card numbers, 1 with Luhn-invalid look-alikes, 1 plain\n');

  step('Running the agent once (check-in, verify bundle, discovery, upload)');
  const once = await run(AGENT_BIN, ['run', '--once', '--state-dir', stateDir], {
    DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'),
  });
  if (once.code !== 0) throw new Error(`dlp-agent run --once failed (${once.code}): ${once.stderr}`);
  const summary = JSON.parse(once.stdout.trim().split('\n').at(-1));
  process.stdout.write(
    `  bundle ${summary.bundle_version} in force; ${summary.discovery?.files_inspected ?? 0} files inspected, ` +
      `${summary.uploaded} events uploaded\n`,
  );

  step('Incidents raised by the server');
  const incidents = await api.call('GET', '/incidents');
  const items = incidents.items ?? incidents;
  for (const i of items) {
    process.stdout.write(`  ${i.reference}  ${i.severity.padEnd(8)} ${i.status.padEnd(10)} ${i.title}\n`);
  }
  process.stdout.write(`  ${items.length} incident(s); the look-alike numbers raised none.\n`);
  await api.close();
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  process.stderr.write(`\ndemo failed: ${err instanceof Error ? err.message : String(err)}\n`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)));
  rmSync(work, { recursive: true, force: true });
  step(`Cleaned up ${work}`);
}
process.exitCode = failed ? 1 : 0;
