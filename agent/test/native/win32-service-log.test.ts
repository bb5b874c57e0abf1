import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logServiceToFile } from '../../src/platform/win32/service-log.js';
import { tempDir } from '../helpers/tmp.js';

// A Windows service has no console: its log goes to a file sized by LogMaxBytes and kept
// LogRetainDays (document 2's machine policy values). Plain files, so it runs on Linux too.
const original = process.stderr.write;
afterEach(() => {
  process.stderr.write = original;
});

describe('the Windows service log file', () => {
  it('takes every stderr line, rotates past LogMaxBytes and deletes rotated files older than LogRetainDays', () => {
    const dir = join(tempDir(), 'logs');
    let now = Date.parse('2026-11-25T10:00:00Z');
    const path = logServiceToFile(dir, { maxBytes: 100, retainDays: 2 }, () => now);
    const line = `${JSON.stringify({ level: 'info', msg: 'x'.repeat(40) })}\n`; // 60 bytes
    process.stderr.write(line);
    expect(readFileSync(path, 'utf8')).toBe(line);
    process.stderr.write(line); // would pass 100 bytes: rotated first
    const rotated = readdirSync(dir).filter((f) => f !== 'agent.log');
    expect(rotated).toEqual(['agent-2026-11-25T10-00-00-000Z.log']);
    expect(readFileSync(path, 'utf8')).toBe(line);
    // An old rotated file goes at the next rotation.
    const old = join(dir, 'agent-2026-11-01T00-00-00-000Z.log');
    writeFileSync(old, 'old');
    utimesSync(old, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
    now += 60_000;
    process.stderr.write(line);
    expect(readdirSync(dir).sort()).toEqual([
      'agent-2026-11-25T10-00-00-000Z.log',
      'agent-2026-11-25T10-01-00-000Z.log',
      'agent.log',
    ]);
  });
});
