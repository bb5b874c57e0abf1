import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from '../config.js';

/**
 * The server's symmetric keys (32 bytes each): `master` seals keys at rest (DESIGN.md, Secrets),
 * `factor` seals second-factor secrets (document 3, DLP_FACTOR_KEY). Taken from the setting, or
 * from a key file in `<data>/keys/` generated on first use.
 */
export interface ServerKeys {
  master: Buffer;
  factor: Buffer;
}

export const KEY_FILES = { master: 'master.key', factor: 'factor.key' } as const;

function fromFile(file: string): Buffer {
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  const key = randomBytes(32);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // wx: two processes starting together must not both write a different key.
  try {
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromFile(file);
    throw error;
  }
  return key;
}

/**
 * With PostgreSQL several instances share one database, so a key generated per machine would
 * not open what another sealed: both keys must then be given as settings.
 */
export function loadServerKeys(config: Config): ServerKeys {
  if (config.databaseUrl) {
    if (!config.masterKey) throw new ConfigError('DLP_MASTER_KEY', 'is required with DLP_DATABASE_URL');
    if (!config.factorKey) throw new ConfigError('DLP_FACTOR_KEY', 'is required with DLP_DATABASE_URL');
  }
  const dir = path.join(config.dataDir, 'keys');
  return {
    master: config.masterKey ?? fromFile(path.join(dir, KEY_FILES.master)),
    factor: config.factorKey ?? fromFile(path.join(dir, KEY_FILES.factor)),
  };
}
