import 'reflect-metadata';
import { createPrivateKey, type KeyObject, randomBytes, sign, verify, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Kysely } from 'kysely';
import {
  bitString,
  children,
  DerError,
  readOnly,
  sequence,
  tlv,
  toPem,
  unsignedInteger,
  x509Time,
} from '../../crypto/der.js';
import { type DeviceAlgorithm, importDeviceKey } from '../../crypto/device-keys.js';
import { seal, unseal } from '../../crypto/seal.js';
import type { Database } from '../../db/database.js';
import './tables.js';
import { findDeviceCa, insertDeviceCaIfAbsent } from './store.js';

/**
 * The per-tenant device CA (document 2: enrolment answers with `certificate_pem` and
 * `ca_chain_pem`). One P-256 CA per tenant, created on first enrolment; its private key is sealed
 * under the master key with the tenant bound as context, so one tenant's sealed key does not open
 * as another's. Device certificates are issued from the agent's CSR for the enrolled key only.
 *
 * The CA itself is made with @peculiar/x509 (once per tenant); the per-endpoint work (checking
 * the CSR, signing the certificate) uses Node's native crypto on the exact DER, synchronously:
 * a fleet enrols thousands of endpoints, and the pure-JavaScript ASN.1 round trip with two
 * WebCrypto thread-pool hops cost several milliseconds of the event loop each (docs/deploy.md).
 */
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
const CA_YEARS = 10;

/** What issuing a device certificate needs besides the service context: the CA's sealing key and the lifetime. */
export interface CertificateParts {
  masterKey: Buffer;
  deviceCertDays: number;
}

export class CsrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsrError';
  }
}

export interface LoadedCa {
  cert: x509.X509Certificate;
  /** The CA's private key as Node's key object (signs device certificates). */
  key: KeyObject;
  pem: string;
  /** The CA certificate's subject, exactly as encoded there: each device certificate's issuer. */
  subjectDer: Buffer;
  /** The authority key identifier extension for certificates this CA issues. */
  authorityKeyIdDer: Buffer;
}

/** 16 random bytes, positive and with a non-zero first byte, so the DER INTEGER is these bytes. */
function serial(): string {
  const b = randomBytes(16);
  b[0] = (b[0]! & 0x7f) | 0x40;
  return b.toString('hex');
}

/** ecdsa-with-SHA256 (RFC 5758: no parameters), the CA's signature algorithm. */
const ECDSA_SHA256 = sequence(Buffer.from('06082a8648ce3d040302', 'hex'));
/** The signature algorithm a CSR must carry for each device key algorithm (RFC 8410, RFC 5758). */
const CSR_SIGNATURE_ALGORITHM: Record<DeviceAlgorithm, Buffer> = {
  ed25519: sequence(Buffer.from('06032b6570', 'hex')),
  ecdsa_p256_sha256: ECDSA_SHA256,
};
const VERSION_3 = Buffer.from('a003020102', 'hex');
const COMMON_NAME = Buffer.from('0603550403', 'hex');
/** The extensions every device certificate carries (made once, by the library, as before). */
const DEVICE_EXTENSIONS = [
  new x509.BasicConstraintsExtension(false, undefined, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
  new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
].map((e) => Buffer.from(e.rawData));

/** A device id (a UUID) is a PrintableString, as the library encoded it; anything else UTF8String. */
function commonNameValue(value: string): Buffer {
  const printable = /^[A-Za-z0-9 '()+,./:=?-]+$/.test(value);
  return tlv(printable ? 0x13 : 0x0c, Buffer.from(value, 'utf8'));
}

/** The subject Name of a certificate, as its bytes (tbsCertificate's sixth field). */
function subjectOf(certDer: Buffer): Buffer {
  const tbs = children(readOnly(certDer, 0x30))[0];
  const fields = tbs ? children(tbs) : [];
  const subject = fields[fields[0]?.tag === 0xa0 ? 5 : 4];
  if (subject?.tag !== 0x30) throw new Error('device CA certificate has no subject');
  return Buffer.from(subject.bytes);
}

function context(tenantId: string): string {
  return `tenant:${tenantId}:device-ca`;
}

const loaded = new Map<string, LoadedCa>();

async function createCa(db: Kysely<Database>, tenantId: string, master: Buffer, now: Date): Promise<void> {
  const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=Custos device CA ${tenantId}`,
    notBefore: new Date(now.getTime() - 3_600_000),
    notAfter: new Date(now.getTime() + CA_YEARS * 365 * DAY_MS),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  const keyPem = x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
  // Two enrolments racing on a new tenant: the first insert wins and both read it back.
  await insertDeviceCaIfAbsent(db, {
    tenant_id: tenantId,
    certificate_pem: cert.toString('pem'),
    private_key_sealed: seal(master, keyPem, context(tenantId)),
    created_at: now.toISOString(),
  });
}

export async function loadDeviceCa(
  db: Kysely<Database>,
  tenantId: string,
  master: Buffer,
  now: Date,
): Promise<LoadedCa> {
  const cached = loaded.get(tenantId);
  let row = await findDeviceCa(db, tenantId);
  if (cached && row && cached.pem === row.certificate_pem) return cached;
  if (!row) {
    await createCa(db, tenantId, master, now);
    row = await findDeviceCa(db, tenantId);
    if (!row) throw new Error('device CA missing after it was created');
  }
  const keyPem = unseal(master, row.private_key_sealed, context(tenantId)).toString('utf8');
  const der = x509.PemConverter.decode(keyPem)[0];
  if (!der) throw new Error('device CA key is empty');
  const cert = new x509.X509Certificate(row.certificate_pem);
  const ca: LoadedCa = {
    cert,
    key: createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' }),
    pem: row.certificate_pem,
    subjectDer: subjectOf(Buffer.from(cert.rawData)),
    authorityKeyIdDer: Buffer.from((await x509.AuthorityKeyIdentifierExtension.create(cert)).rawData),
  };
  loaded.set(tenantId, ca);
  return ca;
}

/** A CSR that passed `readCsr`: the device key it certifies, as SubjectPublicKeyInfo DER. */
export interface CheckedCsr {
  spki: Buffer;
}

const CSR_PEM =
  /^\s*-----BEGIN (?:NEW )?CERTIFICATE REQUEST-----([A-Za-z0-9+/=\s]+)-----END (?:NEW )?CERTIFICATE REQUEST-----\s*$/;

/** The request info (the signed bytes), the signature algorithm and the signature of a CSR. */
function csrParts(csrPem: string): { info: Buffer; spki: Buffer; algorithm: Buffer; signature: Buffer } {
  const b64 = CSR_PEM.exec(csrPem)?.[1];
  if (!b64) throw new DerError('not PEM');
  const [info, algorithm, signature, ...rest] = children(readOnly(Buffer.from(b64, 'base64'), 0x30));
  if (info?.tag !== 0x30 || algorithm?.tag !== 0x30 || signature?.tag !== 0x03 || rest.length > 0)
    throw new DerError('not a CertificationRequest');
  const [version, subject, spki] = children(info);
  if (!version?.bytes.equals(Buffer.of(2, 1, 0)) || subject?.tag !== 0x30 || spki?.tag !== 0x30)
    throw new DerError('not a CertificationRequestInfo');
  if (signature.content[0] !== 0) throw new DerError('signature has unused bits');
  return {
    info: info.bytes,
    spki: spki.bytes,
    algorithm: algorithm.bytes,
    signature: signature.content.subarray(1),
  };
}

/**
 * Reads the CSR, checks that it certifies exactly the enrolled device key (its
 * SubjectPublicKeyInfo is the key's own) and that the device key signed it with the algorithm
 * the enrolment names.
 */
export function readCsr(csrPem: string, algorithm: DeviceAlgorithm, devicePublicKey: Uint8Array): CheckedCsr {
  let parts: ReturnType<typeof csrParts>;
  try {
    parts = csrParts(csrPem);
  } catch {
    throw new CsrError('csr_pem is not a PKCS#10 certificate request');
  }
  const key = importDeviceKey(algorithm, devicePublicKey);
  if (!key || !parts.spki.equals(key.export({ format: 'der', type: 'spki' })))
    throw new CsrError('csr_pem does not certify the device public key');
  let valid = false;
  try {
    valid =
      parts.algorithm.equals(CSR_SIGNATURE_ALGORITHM[algorithm]) &&
      verify(algorithm === 'ed25519' ? null : 'sha256', parts.info, key, parts.signature);
  } catch {
    valid = false;
  }
  if (!valid) throw new CsrError('csr_pem is not signed by the device key');
  return { spki: Buffer.from(parts.spki) };
}

export interface IssuedCertificate {
  certificatePem: string;
  caChainPem: string;
  serial: string;
  expiresAt: Date;
}

/** A client certificate for the device: subject CN = device id, DLP_DEVICE_CERT_DAYS long. */
export function issueDeviceCertificate(
  ca: LoadedCa,
  csr: CheckedCsr,
  deviceId: string,
  days: number,
  now: Date,
): IssuedCertificate {
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const serialNumber = serial();
  const tbs = sequence(
    VERSION_3,
    unsignedInteger(Buffer.from(serialNumber, 'hex')),
    ECDSA_SHA256,
    ca.subjectDer,
    sequence(x509Time(new Date(now.getTime() - 5 * 60_000)), x509Time(expiresAt)),
    sequence(tlv(0x31, sequence(COMMON_NAME, commonNameValue(deviceId)))),
    csr.spki,
    tlv(0xa3, sequence(...DEVICE_EXTENSIONS, ca.authorityKeyIdDer)),
  );
  const der = sequence(tbs, ECDSA_SHA256, bitString(sign('sha256', tbs, ca.key)));
  return { certificatePem: toPem('CERTIFICATE', der), caChainPem: ca.pem, serial: serialNumber, expiresAt };
}
