import 'reflect-metadata';
import { webcrypto, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, readOnly } from '../../src/crypto/der.js';
import {
  CsrError,
  issueDeviceCertificate,
  loadDeviceCa,
  readCsr,
} from '../../src/modules/enrollment/public.js';
import { type AgentHarness, enrolDevice, type KeyKind, makeKey, startHarness } from './agent-harness.js';

/**
 * The device CA's native path (docs/deploy.md, Sizing): a CSR is checked and a device certificate
 * signed with Node's crypto on the exact DER. The certificate's to-be-signed part must be, byte
 * for byte, what @peculiar/x509's generator makes from the same inputs (the path it replaced), and
 * a CSR that does not certify the enrolled key, or is not signed by it, is refused.
 */
let h: AgentHarness;
beforeAll(async () => {
  h = await startHarness({}, '2026-11-25T00:00:00.000Z');
});
afterAll(async () => h.close());

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const algorithmOf = (k: KeyKind) => (k === 'ed25519' ? ('ed25519' as const) : ('ecdsa_p256_sha256' as const));

function tbsOf(pem: string): Buffer {
  const der = Buffer.from(new x509.X509Certificate(pem).rawData);
  return children(readOnly(der, 0x30))[0]!.bytes;
}

describe('device certificates signed natively', () => {
  for (const kind of ['ed25519', 'p256'] as const) {
    it(`${kind}: the same certificate body as the library's generator, signed by the tenant's CA`, async () => {
      const device = await enrolDevice(h, kind);
      const now = h.ctx.clock.now();
      const ca = await loadDeviceCa(h.ctx.db, device.tenantId, h.ctx.app.deps.keys.master, now);
      const csr = readCsr(device.csrPem, algorithmOf(kind), device.publicRaw);
      const issued = issueDeviceCertificate(ca, csr, device.deviceId, 45, now);

      const caKey = await webcrypto.subtle.importKey(
        'pkcs8',
        ca.key.export({ format: 'der', type: 'pkcs8' }),
        ALG,
        false,
        ['sign'],
      );
      const library = await x509.X509CertificateGenerator.create({
        serialNumber: issued.serial,
        subject: `CN=${device.deviceId}`,
        issuer: ca.cert.subject,
        notBefore: new Date(now.getTime() - 5 * 60_000),
        notAfter: issued.expiresAt,
        signingKey: caKey,
        publicKey: new x509.Pkcs10CertificateRequest(device.csrPem).publicKey,
        signingAlgorithm: ALG,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
          await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
        ],
      });
      expect(tbsOf(issued.certificatePem).equals(tbsOf(library.toString('pem')))).toBe(true);

      const cert = new X509Certificate(issued.certificatePem);
      expect(cert.verify(new X509Certificate(ca.pem).publicKey)).toBe(true);
      expect(cert.subject).toBe(`CN=${device.deviceId}`);
      expect(cert.serialNumber.toLowerCase()).toBe(issued.serial);
      expect(cert.ca).toBe(false);
      expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
      expect(Date.parse(cert.validTo)).toBe(Math.floor(issued.expiresAt.getTime() / 1000) * 1000);
    });
  }

  it('refuses a CSR for another key, one not signed by the key, and one that is not a CSR', async () => {
    const ed = await makeKey('ed25519');
    const other = await makeKey('ed25519');
    const refusal = (pem: string, raw = ed.publicRaw) => {
      try {
        readCsr(pem, 'ed25519', raw);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(CsrError);
        return (error as Error).message;
      }
    };
    expect(refusal(ed.csrPem)).toBeNull();
    expect(refusal(other.csrPem)).toMatch(/does not certify/);
    // The same key claimed as P-256 does not match the CSR's Ed25519 key.
    expect(() => readCsr(ed.csrPem, 'ecdsa_p256_sha256', ed.publicRaw)).toThrow(/does not certify/);
    // One flipped bit in the signature.
    const der = Buffer.from(new x509.Pkcs10CertificateRequest(ed.csrPem).rawData);
    der[der.length - 1]! ^= 1;
    expect(refusal(x509.PemConverter.encode(der, 'CERTIFICATE REQUEST'))).toMatch(/not signed/);
    // Trailing bytes after the request, and text that is not PEM.
    const longer = Buffer.concat([
      Buffer.from(new x509.Pkcs10CertificateRequest(ed.csrPem).rawData),
      Buffer.of(0),
    ]);
    expect(refusal(x509.PemConverter.encode(longer, 'CERTIFICATE REQUEST'))).toMatch(/not a PKCS#10/);
    expect(refusal('garbage')).toMatch(/not a PKCS#10/);
  });
});
