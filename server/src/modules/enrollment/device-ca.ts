import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Kysely } from 'kysely';
import { seal, unseal } from '../../crypto/seal.js';
import type { Database } from '../../db/database.js';
import './tables.js';
import { findDeviceCa, insertDeviceCaIfAbsent } from './store.js';

/**
 * The per-tenant device CA (document 2: enrolment answers with `certificate_pem` and
 * `ca_chain_pem`). One P-256 CA per tenant, created on first enrolment; its private key is sealed
 * under the master key with the tenant bound as context, so one tenant's sealed key does not open
 * as another's. Device certificates are issued from the agent's CSR for the enrolled key only.
 */
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
const CA_YEARS = 10;

type Key = webcrypto.CryptoKey;

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

interface LoadedCa {
  cert: x509.X509Certificate;
  key: Key;
  pem: string;
}

function serial(): string {
  const b = randomBytes(16);
  b[0] = b[0]! & 0x7f;
  return b.toString('hex');
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
  const key = await webcrypto.subtle.importKey('pkcs8', der, ALG, false, ['sign']);
  const ca = { cert: new x509.X509Certificate(row.certificate_pem), key, pem: row.certificate_pem };
  loaded.set(tenantId, ca);
  return ca;
}

/**
 * Reads the CSR, checks its own signature and that it certifies exactly the enrolled device key
 * (the SubjectPublicKeyInfo ends with the raw key bytes for both Ed25519 and P-256).
 */
export async function readCsr(
  csrPem: string,
  devicePublicKey: Uint8Array,
): Promise<x509.Pkcs10CertificateRequest> {
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(csrPem);
  } catch {
    throw new CsrError('csr_pem is not a PKCS#10 certificate request');
  }
  const spki = new Uint8Array(csr.publicKey.rawData);
  const tail = spki.subarray(spki.length - devicePublicKey.length);
  if (spki.length <= devicePublicKey.length || !Buffer.from(tail).equals(Buffer.from(devicePublicKey))) {
    throw new CsrError('csr_pem does not certify the device public key');
  }
  let valid = false;
  try {
    valid = await csr.verify();
  } catch {
    valid = false;
  }
  if (!valid) throw new CsrError('csr_pem is not signed by the device key');
  return csr;
}

export interface IssuedCertificate {
  certificatePem: string;
  caChainPem: string;
  serial: string;
  expiresAt: Date;
}

/** A client certificate for the device: subject CN = device id, DLP_DEVICE_CERT_DAYS long. */
export async function issueDeviceCertificate(
  ca: LoadedCa,
  csr: x509.Pkcs10CertificateRequest,
  deviceId: string,
  days: number,
  now: Date,
): Promise<IssuedCertificate> {
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const serialNumber = serial();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber,
    subject: `CN=${deviceId}`,
    issuer: ca.cert.subject,
    notBefore: new Date(now.getTime() - 5 * 60_000),
    notAfter: expiresAt,
    signingKey: ca.key,
    publicKey: csr.publicKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  return { certificatePem: cert.toString('pem'), caChainPem: ca.pem, serial: serialNumber, expiresAt };
}
