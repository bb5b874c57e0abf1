import { verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceKeyError } from '../../src/identity/device-key-error.js';
import { openTpmKey, tpmKeyPath } from '../../src/platform/linux/tpm/tpm-key.js';
import { parseEccPublic, TPMA_OBJECT } from '../../src/platform/linux/tpm/tpm-wire.js';
import { p256PublicKeyObject } from './p256-test-key.js';
import { ensureSwtpm, Swtpm } from './swtpm.js';

const skipReason = ensureSwtpm();
if (skipReason) console.warn(`SKIPPING TPM device-key tests: ${skipReason}`);

function verifies(point: Uint8Array, message: Uint8Array, rs: Uint8Array): boolean {
  return verify('sha256', message, { key: p256PublicKeyObject(point), dsaEncoding: 'ieee-p1363' }, rs);
}

describe.skipIf(skipReason !== undefined)('TPM-backed P-256 device key (real swtpm)', () => {
  let tpm: Swtpm;
  let stateDir: string;
  beforeAll(async () => {
    tpm = await Swtpm.start();
    stateDir = await mkdtemp(join(tmpdir(), 'custos-tpmkey-'));
  });
  afterAll(async () => {
    await tpm?.destroy();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('creates a key whose 65-byte point verifies its 64-byte r||s signatures in node:crypto', async () => {
    const key = await openTpmKey({ stateDir, tcti: tpm.tcti, create: true });
    try {
      expect(key.algorithm).toBe('ecdsa_p256_sha256');
      expect(key.protection).toBe('tpm_backed');
      const point = key.publicKey();
      expect(point.length).toBe(65);
      expect(point[0]).toBe(4);
      for (let i = 0; i < 10; i++) {
        const msg = new TextEncoder().encode(`request ${i}`);
        const sig = await key.sign(msg);
        expect(sig.length).toBe(64);
        expect(verifies(point, msg, sig)).toBe(true);
        expect(verifies(point, new TextEncoder().encode(`other ${i}`), sig)).toBe(false);
      }
      expect((await stat(tpmKeyPath(stateDir))).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(await readFile(tpmKeyPath(stateDir), 'utf8')) as { public_b64: string };
      const { objectAttributes } = parseEccPublic(Buffer.from(stored.public_b64, 'base64'));
      const required = TPMA_OBJECT.fixedTPM | TPMA_OBJECT.fixedParent | TPMA_OBJECT.sensitiveDataOrigin;
      expect(objectAttributes & required).toBe(required);
      expect(objectAttributes & TPMA_OBJECT.noDA).toBe(TPMA_OBJECT.noDA);
    } finally {
      await key.close();
    }
  });

  it('reloads the same key in a new context, and after swtpm itself restarts', async () => {
    const first = await openTpmKey({ stateDir, tcti: tpm.tcti, create: true });
    const point = first.publicKey();
    await first.close();

    const again = await openTpmKey({ stateDir, tcti: tpm.tcti, create: false });
    expect(Buffer.from(again.publicKey())).toEqual(Buffer.from(point));
    await again.close();

    await tpm.restart();
    const afterRestart = await openTpmKey({ stateDir, tcti: tpm.tcti, create: false });
    try {
      expect(Buffer.from(afterRestart.publicKey())).toEqual(Buffer.from(point));
      const msg = Uint8Array.of(1, 2, 3);
      expect(verifies(point, msg, await afterRestart.sign(msg))).toBe(true);
    } finally {
      await afterRestart.close();
    }
  });

  it('an open key survives a swtpm restart by reconnecting and reloading the same key', async () => {
    const key = await openTpmKey({ stateDir, tcti: tpm.tcti, create: false });
    try {
      const point = key.publicKey();
      await tpm.restart({ samePort: true });
      const msg = Uint8Array.of(9);
      expect(verifies(point, msg, await key.sign(msg))).toBe(true);
      // Concurrent signers that all hit the lost handle share one reconnection. (Each kill of
      // swtpm is an unorderly shutdown that moves the TPM towards DA lockout; the key is noDA,
      // so it keeps signing: without noDA this failed with 0x921 TPM_RC_LOCKOUT.)
      await tpm.restart({ samePort: true });
      const msgs = Array.from({ length: 8 }, (_, i) => Uint8Array.of(i));
      const sigs = await Promise.all(msgs.map((m) => key.sign(m)));
      sigs.forEach((sig, i) => {
        expect(verifies(point, msgs[i]!, sig)).toBe(true);
      });
    } finally {
      await key.close();
    }
  });

  it('concurrent signatures on one key are serialised and all verify', async () => {
    const key = await openTpmKey({ stateDir, tcti: tpm.tcti, create: false });
    try {
      const msgs = Array.from({ length: 32 }, (_, i) => new TextEncoder().encode(`concurrent ${i}`));
      const sigs = await Promise.all(msgs.map((m) => key.sign(m)));
      sigs.forEach((sig, i) => {
        expect(verifies(key.publicKey(), msgs[i]!, sig)).toBe(true);
      });
    } finally {
      await key.close();
    }
  });

  it('a closed key refuses to sign', async () => {
    const key = await openTpmKey({ stateDir, tcti: tpm.tcti, create: false });
    await key.close();
    await key.close();
    await expect(key.sign(Uint8Array.of(1))).rejects.toThrow(/closed/);
  });

  it('reload without a stored key refuses instead of creating one', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'custos-tpmkey-empty-'));
    try {
      const err = await openTpmKey({ stateDir: empty, tcti: tpm.tcti, create: false }).catch(
        (e: unknown) => e,
      );
      expect((err as DeviceKeyError).code).toBe('device_key.tpm_key_unusable');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('a stopped TPM is reported as unavailable', async () => {
    const other = await Swtpm.start();
    const tcti = other.tcti;
    await other.destroy();
    const err = await openTpmKey({ stateDir, tcti, create: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceKeyError);
    expect((err as DeviceKeyError).code).toBe('device_key.tpm_unavailable');
  });
});
