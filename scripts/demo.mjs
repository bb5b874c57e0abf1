#!/usr/bin/env node
/**
 * `npm run demo` (after `tsc -b`): the product end to end on this machine, in under a minute.
 *
 * 1. starts the server (its compiled code: migrations, first start creating tenant `default`, local
 *    TLS CA, the agent interface, ingest and incidents) on loopback with a temporary data directory,
 * 2. creates a one-time enrolment token and enrols a real `dlp-agent` process with it,
 * 3. publishes a signed payment-card bundle for the tenant, monitoring a sample folder,
 * 4. drops sample files: some with valid card numbers, some with Luhn-invalid look-alikes,
 * 5. runs the agent once (check-in, verified bundle, discovery, upload),
 * 6. prints the incidents the server raised, then stops everything and removes the temporary files.
 *
 * Nothing is mocked: real agent process, real TLS, real signatures, the server's own routes and
 * database. The policies and sign-in modules are not in this tree yet, so the demo publishes the
 * bundle through the server's policy port (the same signatures as modules/bundles/public.ts) with a
 * tenant signing key it generates, and reads incidents from the server's database. When those modules
 * land, these two steps become `POST /policies/{id}/versions/{v}/publish` and `GET /incidents`.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = (ws, file) => import(join(ROOT, ws, 'dist', file));
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
    children.push(child);
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

/** Published policy data as the policies module would hand it to the agent interface. */
class DemoPolicies {
  bundle = undefined;
  keys = [];
  policies = new Map();
  async getLatestBundle() {
    return this.bundle;
  }
  async getPolicySigningKeys() {
    return this.keys;
  }
  async getPolicyForIncident(_db, _tenant, id) {
    return this.policies.get(id);
  }
  async policiesNamingAgentGroup() {
    return [];
  }
}

const POLICY_ID = '00000000-0000-4000-8000-0000000000c1';

function paymentCardBundle(tenantId, keyId) {
  const now = Date.now();
  return {
    schema_version: { major: 1, minor: 0 },
    bundle_version: 1,
    tenant_id: tenantId,
    key_id: keyId,
    issued_at: new Date(now - 60_000).toISOString(),
    expires_at: new Date(now + 7 * 86_400_000).toISOString(),
    device_scope: null,
    group_scope: null,
    help_address: null,
    required_capabilities: [],
    policies: [
      {
        policy_id: POLICY_ID,
        policy_number: 1,
        version: 1,
        name: 'Payment cards at rest',
        status: 'published',
        mode: null,
        severity: 'high',
        priority: 1,
        group: 'discovery',
        scope: {},
        condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
        exceptions: [],
        response: 'block',
        offline_response: null,
        evidence: { metadata: true },
        schedule: null,
        conflict_strategy: 'most_restrictive',
        notifications: { user_message: null },
        risk_thresholds: null,
        apply_label: null,
        raise_every_match: false,
        connection: null,
        effective_from: null,
        effective_until: null,
        classification_bindings: [],
      },
    ],
    classifications: [],
    detectors: [{ detector_id: 'payment_card', detector_version: 1, category: 'financial', builtin: true }],
    monitored_paths: [monitored],
  };
}

let app;
let db;

async function main() {
  step('Starting the server on a temporary data directory');
  const { loadConfig } = await dist('server', 'config.js');
  const { connectDatabase } = await dist('server', 'db/connect.js');
  const { migrateToLatest } = await dist('server', 'db/migrate.js');
  const { ensureFirstTenant } = await dist('server', 'bootstrap.js');
  const { resolveServerTls } = await dist('server', 'tls/server-tls.js');
  const { buildApp } = await dist('server', 'app.js');
  const { apiModules } = await dist('server', 'modules/index.js');
  const { createToken } = await dist('server', 'modules/enrolment/service.js');
  const { signBundle } = await dist('engine', 'index.js');
  const clock = { now: () => new Date() };
  const config = loadConfig(
    {
      DLP_DATA_DIR: dataDir,
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      DLP_LOG_LEVEL: 'warn',
    },
    dataDir,
  );
  ({ db } = connectDatabase(config));
  await migrateToLatest(db);
  const first = await ensureFirstTenant(db, clock, config);
  const tls = await resolveServerTls(config, new Date());
  const policies = new DemoPolicies();
  app = await buildApp(
    { config, db, clock },
    {
      modules: apiModules(policies),
      https: { key: tls.key, cert: tls.cert },
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `https://127.0.0.1:${app.server.address().port}`;
  const tenant = await db.selectFrom('tenants').selectAll().executeTakeFirstOrThrow();
  process.stdout.write(
    `  API ${base}/api/v1, tenant "${first?.tenantSlug ?? tenant.slug}", TLS CA ${tls.caPath}\n`,
  );

  // The tenant's policy signing key, handed to the agent at enrolment (document 2: policy_signing_keys).
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const keyId = 'demo-signing-key';
  policies.keys.push({
    key_id: keyId,
    public_key_b64: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64'),
    algorithm: 'ed25519',
    not_after: null,
  });

  step('Creating a one-time enrolment token and enrolling the agent');
  const { token } = await createToken(
    app.deps,
    { tenantId: tenant.id, actor: { type: 'system', id: null }, requestId: null },
    { max_uses: 1, ttl_minutes: 30 },
  );
  const agentEnv = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json') };
  const enrol = await run(
    AGENT_BIN,
    [
      'enroll',
      '--server',
      base,
      '--token',
      token,
      '--ca-file',
      tls.caPath,
      '--state-dir',
      stateDir,
      '--key',
      'software',
      '--json',
    ],
    agentEnv,
  );
  if (enrol.code !== 0) throw new Error(`dlp-agent enroll failed (${enrol.code}): ${enrol.stderr}`);
  const { device_id: deviceId } = JSON.parse(enrol.stdout);
  process.stdout.write(`  enrolled device ${deviceId} (software Ed25519 key, signed requests from now on)\n`);

  step('Publishing a signed payment-card policy bundle (block requested; Linux clamps it to audit)');
  policies.policies.set(POLICY_ID, {
    id: POLICY_ID,
    number: 1,
    name: 'Payment cards at rest',
    severity: 'high',
    raise_every_match: false,
    published_version: 1,
    is_test: false,
  });
  const envelope = signBundle(paymentCardBundle(tenant.id, keyId), privateKey, keyId);
  policies.bundle = { version: 1, envelope, required_capabilities: [], created_at: new Date().toISOString() };

  step('Dropping sample files into the monitored folder');
  writeFileSync(join(monitored, 'customer-cards.csv'), `name,card\nAda,${VALID[0]}\nGrace,${VALID[1]}\n`);
  writeFileSync(join(monitored, 'amex-refund.txt'), `Refund to card ${VALID[2]} approved.\n`);
  writeFileSync(join(monitored, 'order-numbers.txt'), `Orders:\n${LOOKALIKES.join('\n')}\n`);
  writeFileSync(join(monitored, 'meeting-notes.txt'), 'Quarterly review: budget, hiring, roadmap.\n');
  process.stdout.write('  2 files with valid card numbers, 1 with Luhn-invalid look-alikes, 1 plain\n');

  step('Running the agent once (check-in, verify bundle, discovery, upload)');
  const once = await run(AGENT_BIN, ['run', '--once', '--state-dir', stateDir], agentEnv);
  if (once.code !== 0) throw new Error(`dlp-agent run --once failed (${once.code}): ${once.stderr}`);
  const summary = JSON.parse(once.stdout.trim().split('\n').at(-1));
  process.stdout.write(
    `  bundle ${summary.bundle_version} in force; ${summary.discovery?.files_inspected ?? 0} files inspected, ` +
      `${summary.uploaded} events uploaded\n`,
  );

  step('Incidents raised by the server');
  const rows = await db
    .selectFrom('incidents')
    .select(['reference', 'severity', 'status', 'title', 'file_name', 'action', 'requested_action'])
    .orderBy('number')
    .execute();
  for (const i of rows) {
    process.stdout.write(
      `  ${i.reference}  ${i.severity.padEnd(6)} ${i.status.padEnd(6)} ${i.file_name ?? ''}  ` +
        `(${i.requested_action} requested, ${i.action} applied)  ${i.title}\n`,
    );
  }
  process.stdout.write(`  ${rows.length} incident(s); the Luhn-invalid look-alikes raised none.\n`);
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
  await app?.close();
  await db?.destroy();
  rmSync(work, { recursive: true, force: true });
  step(`Cleaned up ${work}`);
}
process.exitCode = failed ? 1 : 0;
