import 'reflect-metadata';
import { verify, webcrypto } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCsr } from '../../src/identity/csr.js';
import { readDeviceKeyPin } from '../../src/identity/key-pin.js';
import { deviceKeyVerdict, probeTpm } from '../../src/identity/key-status.js';
import { loadPinnedDeviceKey, selectDeviceKey } from '../../src/identity/select-key.js';
import { softwareKeyPath } from '../../src/identity/software-key.js';
import { createLinuxDeviceKeys } from '../../src/platform/linux/device-keys.js';
import { runInChild } from './child-process.js';
import { deviceKeyErrorOf } from './device-key-error-of.js';
import { p256PublicKeyObject } from './p256-test-key.js';
import { ensureSwtpm, Swtpm } from './swtpm.js';

/** The Linux backend's device keys (posix modes, tpm2-tss): these tests run on Linux. */
const keys = createLinuxDeviceKeys();

const skipReason = ensureSwtpm();
if (skipReason) console.warn(`SKIPPING TPM key-selection tests: ${skipReason}`);
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

function verifiesP256(point: Uint8Array, message: Uint8Array, rs: Uint8Array): boolean {
  return verify('sha256', message, { key: p256PublicKeyObject(point), dsaEncoding: 'ieee-p1363' }, rs);
}

const CHILD_SIGNER = `
import { loadPinnedDeviceKey } from '@identity/select-key.js';
import { createLinuxDeviceKeys } from '@platform/linux/device-keys.js';
const keys = createLinuxDeviceKeys();
const [stateDir, tcti, msgHex] = process.argv.slice(2);
const { key, reason } = await loadPinnedDeviceKey(stateDir, keys, { tcti });
const sig = await key.sign(Buffer.from(msgHex, 'hex'));
console.log(JSON.stringify({
  pub: Buffer.from(key.publicKey()).toString('hex'),
  sig: Buffer.from(sig).toString('hex'),
  protection: key.protection,
  reason,
}));
await key.close();
`;

describe.skipIf(skipReason !== undefined)('TPM key selection and pinning (real swtpm)', () => {
  let tpm: Swtpm;
  let stateDir: string;
  beforeAll(async () => {
    tpm = await Swtpm.start();
  });
  afterAll(async () => {
    await tpm?.destroy();
  });
  beforeEach(async (ctx) => {
    stateDir = await mkdtemp(join(tmpdir(), 'custos-tpmsel-'));
    ctx.onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
  });

  it('--key tpm pins a TPM-backed P-256 key with its TCTI', async () => {
    const { key, reason } = await selectDeviceKey({ stateDir, keys, mode: 'tpm', tcti: tpm.tcti });
    try {
      expect(key.protection).toBe('tpm_backed');
      expect(key.algorithm).toBe('ecdsa_p256_sha256');
      expect(reason).toContain(`TPM answered at ${tpm.tcti}`);
      const pin = await readDeviceKeyPin(stateDir, true);
      expect(pin).toMatchObject({ protection: 'tpm_backed', algorithm: 'ecdsa_p256_sha256', tcti: tpm.tcti });
      expect(pin!.public_key_b64).toBe(Buffer.from(key.publicKey()).toString('base64'));
    } finally {
      await key.close();
    }
  });

  it('--key auto uses the TPM when one answers', async () => {
    const { key, reason } = await selectDeviceKey({ stateDir, keys, mode: 'auto', tcti: tpm.tcti });
    await key.close();
    expect(key.protection).toBe('tpm_backed');
    expect(reason).toMatch(/^--key auto: tpm_backed ecdsa_p256_sha256/);
  });

  it('a new agent process reloads the pinned TPM key, also after swtpm restarts, and its signature verifies', async () => {
    const { key } = await selectDeviceKey({ stateDir, keys, mode: 'tpm', tcti: tpm.tcti });
    const point = key.publicKey();
    await key.close();
    for (const restartTpm of [false, true]) {
      if (restartTpm) await tpm.restart();
      const msg = Buffer.from(`child ${String(restartTpm)}`);
      const out = JSON.parse(await runInChild(CHILD_SIGNER, [stateDir, tpm.tcti, msg.toString('hex')])) as {
        pub: string;
        sig: string;
        protection: string;
        reason: string;
      };
      expect(out.protection).toBe('tpm_backed');
      expect(out.reason).toBe('pinned at enrolment: tpm_backed ecdsa_p256_sha256');
      expect(out.pub).toBe(Buffer.from(point).toString('hex'));
      expect(verifiesP256(point, msg, Buffer.from(out.sig, 'hex'))).toBe(true);
    }
  });

  it('a TPM-enrolled identity whose TPM is gone fails closed: no software key, clear doctor verdict', async () => {
    const other = await Swtpm.start();
    try {
      const { key } = await selectDeviceKey({ stateDir, keys, mode: 'tpm', tcti: other.tcti });
      await key.close();
      expect((await deviceKeyVerdict(stateDir, keys, { tcti: other.tcti })).ok).toBe(true);
      await other.stop();

      const err = await deviceKeyErrorOf(loadPinnedDeviceKey(stateDir, keys));
      expect(err.code).toBe('device_key.tpm_unavailable');
      expect(err.message).toMatch(/will not switch to another key/);
      expect((await deviceKeyErrorOf(selectDeviceKey({ stateDir, keys, mode: 'auto' }))).code).toBe(
        'device_key.tpm_unavailable',
      );
      await expect(stat(softwareKeyPath(stateDir))).rejects.toThrow();
      expect((await readDeviceKeyPin(stateDir, true))!.protection).toBe('tpm_backed');

      const verdict = await deviceKeyVerdict(stateDir, keys);
      expect(verdict).toMatchObject({
        ok: false,
        code: 'device_key.tpm_unavailable',
        protection: 'tpm_backed',
        algorithm: 'ecdsa_p256_sha256',
      });
      expect(verdict.detail).toMatch(/TPM-backed key, which cannot be used now/);
    } finally {
      await other.destroy();
    }
  });

  it('a different (or cleared) TPM refuses the stored key, and the identity fails closed', async () => {
    const { key } = await selectDeviceKey({ stateDir, keys, mode: 'tpm', tcti: tpm.tcti });
    await key.close();
    const fresh = await Swtpm.start();
    try {
      const err = await deviceKeyErrorOf(loadPinnedDeviceKey(stateDir, keys, { tcti: fresh.tcti }));
      expect(err.code).toBe('device_key.tpm_key_unusable');
      await expect(stat(softwareKeyPath(stateDir))).rejects.toThrow();
    } finally {
      await fresh.destroy();
    }
  });

  it('doctor verdict proves the pinned TPM key signs and verifies', async () => {
    const { key } = await selectDeviceKey({ stateDir, keys, mode: 'tpm', tcti: tpm.tcti });
    await key.close();
    expect(await deviceKeyVerdict(stateDir, keys, { tcti: tpm.tcti })).toMatchObject({
      ok: true,
      code: 'device_key.ok',
      protection: 'tpm_backed',
    });
  });

  it('capabilities probe: present when swtpm answers, absent (with the reason) when nothing listens', async () => {
    expect(await probeTpm(keys, { tcti: tpm.tcti })).toEqual({
      present: true,
      detail: `TPM 2.0 answered at ${tpm.tcti}`,
    });
    const gone = await Swtpm.start();
    const tcti = gone.tcti;
    await gone.destroy();
    const absent = await probeTpm(keys, { tcti });
    expect(absent.present).toBe(false);
    expect(absent.detail).toMatch(/no TPM answered/);
  });

  it('a CSR signed by the TPM key verifies and carries its 65-byte point', async () => {
    const { key } = await selectDeviceKey({ stateDir, keys, mode: 'tpm', tcti: tpm.tcti });
    try {
      const csr = new x509.Pkcs10CertificateRequest(await buildCsr(key, 'tpm-host'));
      expect(await csr.verify()).toBe(true);
      const spki = new Uint8Array(csr.publicKey.rawData);
      expect(Buffer.from(spki.subarray(spki.length - 65))).toEqual(Buffer.from(key.publicKey()));
    } finally {
      await key.close();
    }
  });
});

describe('doctor verdict without a TPM', () => {
  it('reports a software key in force, and "not enrolled" before enrolment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'custos-verdict-'));
    try {
      expect(await deviceKeyVerdict(dir, keys)).toMatchObject({ ok: false, code: 'device_key.not_enrolled' });
      const { key } = await selectDeviceKey({ stateDir: dir, keys, mode: 'software' });
      await key.close();
      expect(await deviceKeyVerdict(dir, keys)).toMatchObject({
        ok: true,
        protection: 'software',
        algorithm: 'ed25519',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
