import fs from 'node:fs/promises';
import type { Config } from '../config.js';
import { ConfigError } from '../config.js';
import { ensureLocalTls, type LocalTls } from './local-ca.js';

export interface ServerTls {
  key: string;
  cert: string;
  /** The generated CA agents should trust; null when the operator supplied the certificate. */
  caPath: string | null;
  created: LocalTls['created'];
}

async function readSetting(variable: string, file: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      variable,
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** The API listener's certificate: the operator's files, or the local CA's (issue 2). */
export async function resolveServerTls(config: Config, now: Date): Promise<ServerTls> {
  if (config.tls) {
    const cert = await readSetting('DLP_TLS_CERT', config.tls.certFile);
    const key = await readSetting('DLP_TLS_KEY', config.tls.keyFile);
    if (!cert.includes('-----BEGIN CERTIFICATE-----'))
      throw new ConfigError('DLP_TLS_CERT', 'is not a PEM certificate');
    if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key))
      throw new ConfigError('DLP_TLS_KEY', 'is not a PEM private key');
    return { cert, key, caPath: null, created: 'none' };
  }
  const local = await ensureLocalTls(config.dataDir, config.tlsSans, now);
  return { cert: local.cert, key: local.key, caPath: local.caPath, created: local.created };
}
