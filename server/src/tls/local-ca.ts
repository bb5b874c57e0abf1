import 'reflect-metadata';
import { X509Certificate as NodeX509, randomBytes, webcrypto } from 'node:crypto';
import fs from 'node:fs/promises';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

/**
 * The local CA and server certificate generated on first start when no DLP_TLS_CERT/KEY is
 * given (issue 2). Files live in `<data>/tls/`; the CA is `ca.pem` so agents can trust it.
 * P-256 ECDSA: every TLS client (browsers included) accepts it, unlike Ed25519 certificates.
 */

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type Key = webcrypto.CryptoKey;
type KeyPair = webcrypto.CryptoKeyPair;

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const CA_DAYS = 3650;
/** 397 days: the longest server-certificate lifetime clients accept. */
const SERVER_DAYS = 397;
/** A server certificate closer than this to its end is replaced at start. */
const RENEW_BEFORE_DAYS = 30;

export const TLS_FILES = {
  caCert: 'ca.pem',
  caKey: 'ca-key.pem',
  serverCert: 'server.pem',
  serverKey: 'server-key.pem',
} as const;

export interface LocalTls {
  /** PEM: server certificate followed by the CA, as served. */
  cert: string;
  key: string;
  caPem: string;
  caPath: string;
  /** What happened at this start: nothing new, a new server certificate, or a new CA too. */
  created: 'none' | 'server' | 'ca';
}

/** localhost, 127.0.0.1, ::1, the host name and DLP_TLS_SANS, without repeats. */
export function wantedSans(extra: readonly string[]): string[] {
  return [...new Set(['localhost', '127.0.0.1', '::1', os.hostname().toLowerCase(), ...extra])];
}

function serial(): string {
  // Positive 128-bit serial (high bit clear) as RFC 5280 asks.
  const b = randomBytes(16);
  b[0] = b[0]! & 0x7f;
  return b.toString('hex');
}

async function exportKeyPem(key: Key): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key as webcrypto.CryptoKey);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

async function importKeyPem(pem: string): Promise<Key> {
  const der = x509.PemConverter.decode(pem)[0];
  if (!der) throw new Error('empty key file');
  return webcrypto.subtle.importKey('pkcs8', der, ALG, true, ['sign']);
}

async function generateKeys(): Promise<KeyPair> {
  return webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
}

async function createCa(now: Date): Promise<{ cert: x509.X509Certificate; keys: KeyPair }> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=Custos local CA ${os.hostname()}`,
    notBefore: new Date(now.getTime() - 60 * 60 * 1000),
    notAfter: new Date(now.getTime() + CA_DAYS * DAY_MS),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert, keys };
}

async function createServerCert(
  ca: { cert: x509.X509Certificate; key: Key },
  sans: readonly string[],
  now: Date,
): Promise<{ cert: x509.X509Certificate; key: Key }> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=localhost',
    issuer: ca.cert.subject,
    notBefore: new Date(now.getTime() - 60 * 60 * 1000),
    notAfter: new Date(now.getTime() + SERVER_DAYS * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: ca.key,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        sans.map((value) => ({ type: isIP(value) ? ('ip' as const) : ('dns' as const), value })),
      ),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert, key: keys.privateKey };
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The SANs a certificate carries, in the forms wantedSans produces. */
function sansOf(pem: string): Set<string> {
  const names = new NodeX509(pem).subjectAltName ?? '';
  const out = new Set<string>();
  for (const part of names.split(',').map((s) => s.trim())) {
    const m = /^(DNS|IP Address):(.+)$/.exec(part);
    if (m)
      out.add(m[1] === 'DNS' ? m[2]!.toLowerCase() : m[2]!.toLowerCase().replace(/^0:0:0:0:0:0:0:1$/, '::1'));
  }
  return out;
}

function serverCertUsable(pem: string, caPem: string, sans: readonly string[], now: Date): boolean {
  const cert = new NodeX509(pem);
  if (!cert.checkIssued(new NodeX509(caPem))) return false;
  if (Date.parse(cert.validTo) - now.getTime() < RENEW_BEFORE_DAYS * DAY_MS) return false;
  const have = sansOf(pem);
  return sans.every((s) => have.has(s.toLowerCase()));
}

async function writePrivate(file: string, content: string): Promise<void> {
  await fs.writeFile(file, content, { mode: 0o600 });
  await fs.chmod(file, 0o600);
}

/**
 * Loads the local CA and server certificate, creating what is missing. The CA is reused for as
 * long as it exists (agents pinned it); the server certificate is replaced when it nears its
 * end, was not issued by the CA, or lacks a wanted SAN (DLP_TLS_SANS changed).
 */
export async function ensureLocalTls(
  dataDir: string,
  extraSans: readonly string[],
  now: Date,
): Promise<LocalTls> {
  const dir = path.join(dataDir, 'tls');
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = (name: keyof typeof TLS_FILES) => path.join(dir, TLS_FILES[name]);
  const sans = wantedSans(extraSans);
  let created: LocalTls['created'] = 'none';

  let caPem = await readIfExists(file('caCert'));
  let caKeyPem = await readIfExists(file('caKey'));
  if (!caPem || !caKeyPem) {
    const ca = await createCa(now);
    caPem = ca.cert.toString('pem');
    caKeyPem = await exportKeyPem(ca.keys.privateKey);
    await writePrivate(file('caKey'), caKeyPem);
    await fs.writeFile(file('caCert'), caPem, { mode: 0o644 });
    created = 'ca';
  }

  let serverPem = await readIfExists(file('serverCert'));
  let serverKeyPem = await readIfExists(file('serverKey'));
  if (created === 'ca' || !serverPem || !serverKeyPem || !serverCertUsable(serverPem, caPem, sans, now)) {
    const ca = { cert: new x509.X509Certificate(caPem), key: await importKeyPem(caKeyPem) };
    const server = await createServerCert(ca, sans, now);
    serverPem = server.cert.toString('pem');
    serverKeyPem = await exportKeyPem(server.key);
    await writePrivate(file('serverKey'), serverKeyPem);
    await fs.writeFile(file('serverCert'), serverPem, { mode: 0o644 });
    if (created === 'none') created = 'server';
  }

  return {
    cert: `${serverPem.trim()}\n${caPem.trim()}\n`,
    key: serverKeyPem,
    caPem,
    caPath: file('caCert'),
    created,
  };
}
