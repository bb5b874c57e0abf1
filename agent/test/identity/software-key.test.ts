import { createPublicKey, verify } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceKeyError } from '../../src/identity/device-key-error.js';
import {
  loadOrCreateSoftwareKey,
  loadSoftwareKey,
  softwareKeyPath,
} from '../../src/identity/software-key.js';

let stateDir: string;
beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'custos-swkey-'));
});
afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

function ed25519PublicKey(raw: Uint8Array) {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
    format: 'jwk',
  });
}

describe('software Ed25519 device key', () => {
  it('has the spec key shapes: 32-byte public key, 64-byte signature that node:crypto verifies', async () => {
    const key = await loadOrCreateSoftwareKey(stateDir, true);
    expect(key.algorithm).toBe('ed25519');
    expect(key.protection).toBe('software');
    const pub = key.publicKey();
    expect(pub.length).toBe(32);
    const msg = new TextEncoder().encode('POST\u001f/api/v1/agent/checkin');
    const sig = await key.sign(msg);
    expect(sig.length).toBe(64);
    expect(verify(null, msg, ed25519PublicKey(pub), sig)).toBe(true);
    expect(verify(null, new TextEncoder().encode('other'), ed25519PublicKey(pub), sig)).toBe(false);
  });

  it('stores the private key owner-only (file 0600, directory 0700)', async () => {
    await loadOrCreateSoftwareKey(stateDir, true);
    const path = softwareKeyPath(stateDir);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(path))).mode & 0o777).toBe(0o700);
    expect(await readFile(path, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('reloads the same key after a restart instead of generating a new one', async () => {
    const first = await loadOrCreateSoftwareKey(stateDir, true);
    await first.close();
    const again = await loadOrCreateSoftwareKey(stateDir, true);
    const loaded = await loadSoftwareKey(stateDir, true);
    expect(Buffer.from(again.publicKey())).toEqual(Buffer.from(first.publicKey()));
    expect(Buffer.from(loaded!.publicKey())).toEqual(Buffer.from(first.publicKey()));
    const msg = Uint8Array.of(1, 2, 3);
    expect(verify(null, msg, ed25519PublicKey(first.publicKey()), await loaded!.sign(msg))).toBe(true);
  });

  it('reports no key when none was created', async () => {
    expect(await loadSoftwareKey(stateDir, true)).toBeUndefined();
  });

  it('refuses a key file that group or others can read', async () => {
    await loadOrCreateSoftwareKey(stateDir, true);
    await chmod(softwareKeyPath(stateDir), 0o644);
    const err = await loadSoftwareKey(stateDir, true).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceKeyError);
    expect((err as DeviceKeyError).code).toBe('device_key.file_permissions');
  });

  it('refuses a key file that holds something other than an Ed25519 key', async () => {
    await loadOrCreateSoftwareKey(stateDir, true);
    await writeFile(softwareKeyPath(stateDir), 'not a key', { mode: 0o600 });
    const err = await loadSoftwareKey(stateDir, true).catch((e: unknown) => e);
    expect((err as DeviceKeyError).code).toBe('device_key.corrupt');
  });

  it('refuses to sign after close', async () => {
    const key = await loadOrCreateSoftwareKey(stateDir, true);
    await key.close();
    await expect(key.sign(Uint8Array.of(1))).rejects.toThrow(/closed/);
  });
});
