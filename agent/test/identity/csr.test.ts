import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsr, buildCsrDer } from '../../src/identity/csr.js';
import type { DeviceKey } from '../../src/identity/device-key.js';
import { loadOrCreateSoftwareKey } from '../../src/identity/software-key.js';
import { nodeP256Key } from './p256-test-key.js';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

let stateDir: string;
beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'custos-csr-'));
});
afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

async function parseAndCheck(key: DeviceKey, cn: string) {
  const pem = await buildCsr(key, cn);
  expect(pem).toMatch(
    /^-----BEGIN CERTIFICATE REQUEST-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE REQUEST-----\n$/,
  );
  const csr = new x509.Pkcs10CertificateRequest(pem);
  expect(await csr.verify()).toBe(true);
  expect(csr.subject).toBe(`CN=${cn}`);
  return csr;
}

describe('PKCS#10 request signed through DeviceKey.sign', () => {
  it('Ed25519: the request verifies and carries the 32-byte device public key', async () => {
    const key = await loadOrCreateSoftwareKey(stateDir, true);
    const csr = await parseAndCheck(key, 'host-01.example');
    expect(csr.signatureAlgorithm).toHaveProperty('name', 'Ed25519');
    const spki = new Uint8Array(csr.publicKey.rawData);
    expect(Buffer.from(spki.subarray(spki.length - 32))).toEqual(Buffer.from(key.publicKey()));
  });

  it('P-256: the r||s signature is re-encoded as DER and the request verifies', async () => {
    const key = nodeP256Key();
    const csr = await parseAndCheck(key, 'laptop-ü-42');
    expect(csr.signatureAlgorithm).toMatchObject({ name: 'ECDSA', hash: { name: 'SHA-256' } });
    const spki = new Uint8Array(csr.publicKey.rawData);
    expect(Buffer.from(spki.subarray(spki.length - 65))).toEqual(Buffer.from(key.publicKey()));
  });

  it('a request whose signature is wrong does not verify (the check above can fail)', async () => {
    const key = nodeP256Key();
    const der = await buildCsrDer(key, 'tamper');
    const tampered = Buffer.from(der);
    tampered[tampered.length - 5]! ^= 0x01;
    const csr = new x509.Pkcs10CertificateRequest(tampered);
    expect(await csr.verify()).toBe(false);
  });

  it('refuses an empty, over-long or control-character subject name', async () => {
    const key = nodeP256Key();
    await expect(buildCsr(key, '')).rejects.toThrow(RangeError);
    await expect(buildCsr(key, 'a'.repeat(65))).rejects.toThrow(RangeError);
    await expect(buildCsr(key, 'a\nb')).rejects.toThrow(RangeError);
  });
});
