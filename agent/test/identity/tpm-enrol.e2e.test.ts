/**
 * Issue 8 end to end: a real `dlp-agent` process enrols with a TPM-held P-256 key (real swtpm)
 * against the real server code (Fastify app with the enrolment and agent-API modules over HTTPS,
 * a real SQLite file, the server's own local CA), and its signed requests are accepted.
 *
 * The server runs in-process rather than as `dlp-server start`, because the shipped module
 * registry does not mount the agent modules yet and published policies come from a module not
 * built yet: the server's own test stand-in (PublishedPolicies) supplies them. Everything on the
 * wire (TLS, enrolment, CSR, certificate, signed headers) is the real thing.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpsServer } from '../../../server/test/agents/https-server.js';
import type { SignedIn } from '../../../server/test/helpers/sign-in.js';
import type { TestContext } from '../../../server/test/helpers/test-app.js';
import { readDeviceKeyPin } from '../../src/identity/key-pin.js';
import { softwareKeyPath } from '../../src/identity/software-key.js';
import { runAgent } from '../helpers/agent-process.js';
import { ensureSwtpm, Swtpm } from './swtpm.js';

const skipReason = ensureSwtpm();
if (skipReason) console.warn(`SKIPPING TPM enrolment end-to-end test: ${skipReason}`);

interface Doctor {
  checks: { check: string; verdict: string; detail: string }[];
  healthy: boolean;
}

describe.skipIf(skipReason !== undefined)(
  'TPM-backed agent enrolment against the server (real swtpm)',
  () => {
    let tpm: Swtpm;
    let ctx: TestContext;
    let owner: SignedIn;
    let serverUrl: string;
    let caFile: string;
    let work: string;

    beforeAll(async () => {
      tpm = await Swtpm.start();
      work = await mkdtemp(join(tmpdir(), 'custos-tpm-e2e-'));
      ({ ctx, owner, serverUrl, caFile } = await startHttpsServer(work));
    });

    afterAll(async () => {
      await ctx?.close();
      await tpm?.destroy();
      await rm(work, { recursive: true, force: true });
    });

    async function enrolmentToken(): Promise<string> {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/enrollment-tokens',
        headers: owner.headers,
        payload: { max_uses: 1, ttl_minutes: 30 },
      });
      expect(res.statusCode).toBe(201);
      return (res.json() as { token: string }).token;
    }

    it('enrols with --key tpm, the server pins ecdsa_p256_sha256/tpm_backed, and signed requests are accepted', async () => {
      const stateDir = join(work, 'agent-state');
      await mkdir(stateDir, { recursive: true, mode: 0o700 });
      await writeFile(join(stateDir, 'config.json'), JSON.stringify({ Tcti: tpm.tcti }));
      // No machine policy file: only the local config (with the swtpm TCTI) applies.
      const env = { DLP_AGENT_POLICY_FILE: join(stateDir, 'no-machine-policy.json') };
      const common = ['--state-dir', stateDir];

      const enrol = await runAgent(
        [
          'enroll',
          '--server',
          serverUrl,
          '--token',
          await enrolmentToken(),
          '--ca-file',
          caFile,
          '--key',
          'tpm',
          '--json',
          ...common,
        ],
        env,
      );
      expect(enrol.stderr).not.toMatch(/dlpe_/); // the token never appears in output
      expect(enrol.code, enrol.stderr).toBe(0);
      const { device_id } = JSON.parse(enrol.stdout.trim().split('\n').pop()!) as { device_id: string };

      // The agent pinned a TPM key; the server pinned the same key, algorithm and protection.
      const pin = await readDeviceKeyPin(stateDir, true);
      expect(pin).toMatchObject({ protection: 'tpm_backed', algorithm: 'ecdsa_p256_sha256', tcti: tpm.tcti });
      const row = await ctx.db
        .selectFrom('devices')
        .selectAll()
        .where('id', '=', device_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        signature_algorithm: 'ecdsa_p256_sha256',
        key_protection: 'tpm_backed',
        public_key_b64: pin!.public_key_b64,
      });
      expect(Buffer.from(row.public_key_b64, 'base64').length).toBe(65);
      await expect(stat(softwareKeyPath(stateDir))).rejects.toThrow();

      // Signed requests: doctor's probe and a full service cycle (check-in, policy, uploads).
      const doctor = await runAgent(['doctor', '--json', ...common], env);
      const report = JSON.parse(doctor.stdout) as Doctor;
      expect(report.checks.find((c) => c.check === 'identity')?.verdict, doctor.stdout).toBe('OK');
      // doctor names the key protection in force (issue 8).
      expect(report.checks.find((c) => c.check === 'device key')).toMatchObject({ verdict: 'OK' });
      expect(report.checks.find((c) => c.check === 'device key')?.detail).toMatch(
        /^tpm_backed ecdsa_p256_sha256/,
      );
      // capabilities --json says whether a TPM answers, through the configured TCTI.
      const caps = await runAgent(['capabilities', '--json', ...common], env);
      expect((JSON.parse(caps.stdout) as { tpm: { present: boolean } }).tpm.present, caps.stdout).toBe(true);
      expect(report.checks.find((c) => c.check === 'server')).toMatchObject({ verdict: 'OK' });
      expect(report.checks.find((c) => c.check === 'server')?.detail).toMatch(/signed probe accepted/);

      const once = await runAgent(['run', '--once', ...common], env);
      expect(once.code, once.stderr).toBe(0);
      const seen = await ctx.db
        .selectFrom('devices')
        .select('last_seen_at')
        .where('id', '=', device_id)
        .executeTakeFirstOrThrow();
      expect(seen.last_seen_at).not.toBeNull();

      // The TPM goes away: the agent fails closed (no software key appears) and doctor says why.
      await tpm.stop();
      const down = await runAgent(['doctor', '--json', ...common], env);
      const downReport = JSON.parse(down.stdout) as Doctor;
      expect(down.code).not.toBe(0);
      const identity = downReport.checks.find((c) => c.check === 'identity');
      expect(identity?.verdict).toBe('FAIL');
      expect(identity?.detail).toMatch(/TPM-backed key, which cannot be used now/);
      expect(downReport.checks.find((c) => c.check === 'device key')?.verdict).toBe('FAIL');
      const capsDown = await runAgent(['capabilities', '--json', ...common], env);
      expect((JSON.parse(capsDown.stdout) as { tpm: { present: boolean } }).tpm.present).toBe(false);
      const failedRun = await runAgent(['run', '--once', ...common], env);
      expect(failedRun.code).not.toBe(0);
      await expect(stat(softwareKeyPath(stateDir))).rejects.toThrow();
      expect((await readDeviceKeyPin(stateDir, true))!.protection).toBe('tpm_backed');

      // The TPM comes back (same state): the same identity signs again.
      await tpm.restart();
      await writeFile(join(stateDir, 'config.json'), JSON.stringify({ Tcti: tpm.tcti }));
      const back = await runAgent(['doctor', '--json', ...common], env);
      expect(
        (JSON.parse(back.stdout) as Doctor).checks.find((c) => c.check === 'server')?.verdict,
        back.stdout,
      ).toBe('OK');
    });
  },
);
