import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INT_SETTINGS, SETTING_NAMES } from '../src/config.js';
import { serverDir } from './helpers/server-process.js';

/**
 * installer/custos-server.service agrees with the server: systemd's stop timeout outlasts the
 * server's own shutdown deadline (DLP_SHUTDOWN_GRACE_SECONDS), so SIGKILL never cuts an orderly
 * stop short; the settings it passes are ones the server knows.
 */
const unitFile = path.join(serverDir, '..', 'installer', 'custos-server.service');

function directives(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    found.set(m[1]!, [...(found.get(m[1]!) ?? []), m[2]!]);
  }
  return found;
}

/** systemd time spans as the unit uses them: `15`, `15s`, `1min 30s`. */
function seconds(span: string): number {
  let total = 0;
  for (const part of span.trim().split(/\s+/)) {
    const m = /^(\d+)(s|sec|min|m)?$/.exec(part);
    if (!m) throw new Error(`unsupported time span ${span}`);
    total += Number(m[1]) * (m[2] === 'min' || m[2] === 'm' ? 60 : 1);
  }
  return total;
}

describe('installer/custos-server.service', () => {
  const unit = directives(fs.readFileSync(unitFile, 'utf8'));
  const one = (key: string) => {
    const values = unit.get(key) ?? [];
    expect(values, key).toHaveLength(1);
    return values[0]!;
  };

  it('gives the server longer to stop than its default grace period, and stops it with SIGTERM', () => {
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(seconds(one('TimeoutStopSec'))).toBeGreaterThan(INT_SETTINGS.shutdownGraceSeconds.fallback);
  });

  it('runs `dlp-server start` as custos-server with its state directory as the data directory', () => {
    expect(one('ExecStart')).toMatch(/\/dlp-server start$/);
    expect(one('User')).toBe('custos-server');
    expect(one('StateDirectory')).toBe('custos-server');
    expect(unit.get('Environment')).toContain('DLP_DATA_DIR=/var/lib/custos-server');
    expect(one('ReadWritePaths')).toBe('/var/lib/custos-server');
    for (const env of unit.get('Environment') ?? []) {
      expect(SETTING_NAMES).toContain(env.split('=')[0]);
    }
  });
});
