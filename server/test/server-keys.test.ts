import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { KEY_FILES, loadServerKeys } from '../src/crypto/server-keys.js';
import { makeTempDir } from './helpers/index.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

describe('server keys', () => {
  it('generates 32-byte key files once (mode 0600) and reuses them', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const config = loadConfig({ DLP_DATA_DIR: dataDir }, dataDir);
    const first = loadServerKeys(config);
    expect(first.master.length).toBe(32);
    expect(first.factor.length).toBe(32);
    expect(first.master.equals(first.factor)).toBe(false);
    expect(loadServerKeys(config)).toEqual(first);
    const mode = (await fs.stat(path.join(dataDir, 'keys', KEY_FILES.master))).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('takes DLP_MASTER_KEY and DLP_FACTOR_KEY when set', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const master = Buffer.alloc(32, 1);
    const factor = Buffer.alloc(32, 2);
    const keys = loadServerKeys(
      loadConfig(
        {
          DLP_DATA_DIR: dataDir,
          DLP_MASTER_KEY: master.toString('base64'),
          DLP_FACTOR_KEY: factor.toString('base64'),
        },
        dataDir,
      ),
    );
    expect(keys).toEqual({ master, factor });
    await expect(fs.access(path.join(dataDir, 'keys'))).rejects.toThrow();
  });

  it('requires both keys as settings with PostgreSQL (instances share them)', () => {
    const config = loadConfig({ DLP_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }, '/nonexistent');
    expect(() => loadServerKeys(config)).toThrow(ConfigError);
    try {
      loadServerKeys(config);
    } catch (error) {
      expect((error as ConfigError).variable).toBe('DLP_MASTER_KEY');
    }
  });
});
