import { X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalTls, TLS_FILES } from '../src/tls/local-ca.js';
import { makeTempDir } from './helpers/index.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

describe('local CA', () => {
  it('generates a server certificate that verifies against the generated CA', async () => {
    const dir = await makeTempDir();
    dirs.push(dir);
    const tls = await ensureLocalTls(dir, ['dlp.example.test', '10.1.2.3'], new Date());
    expect(tls.created).toBe('ca');
    expect(tls.caPath).toBe(path.join(dir, 'tls', 'ca.pem'));

    const ca = new X509Certificate(await fs.readFile(tls.caPath));
    const server = new X509Certificate(await fs.readFile(path.join(dir, 'tls', TLS_FILES.serverCert)));
    expect(ca.ca).toBe(true);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.checkHost('localhost')).toBe('localhost');
    expect(server.checkHost('dlp.example.test')).toBe('dlp.example.test');
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(server.checkIP('10.1.2.3')).toBe('10.1.2.3');
    expect(server.checkIP('::1')).toBe('::1');
    expect(server.checkHost('other.example')).toBeUndefined();

    const keyMode = (await fs.stat(path.join(dir, 'tls', TLS_FILES.caKey))).mode & 0o777;
    expect(keyMode).toBe(0o600);
  });

  it('reuses the CA and certificate on the next start, and reissues only for new SANs', async () => {
    const dir = await makeTempDir();
    dirs.push(dir);
    const first = await ensureLocalTls(dir, [], new Date());
    const again = await ensureLocalTls(dir, [], new Date());
    expect(again.created).toBe('none');
    expect(again.cert).toBe(first.cert);

    const widened = await ensureLocalTls(dir, ['new.example.test'], new Date());
    expect(widened.created).toBe('server');
    expect(widened.caPem).toBe(first.caPem);
    const server = new X509Certificate(
      `${widened.cert.split('-----END CERTIFICATE-----')[0]}-----END CERTIFICATE-----`,
    );
    expect(server.checkHost('new.example.test')).toBe('new.example.test');
    expect(server.checkIssued(new X509Certificate(first.caPem))).toBe(true);
  });
});
