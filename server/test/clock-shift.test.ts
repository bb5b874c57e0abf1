import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** What a Node child started through scripts/at-time.sh sees of the clock. */
function seen(at: string): Record<string, unknown> {
  const probe = `console.log(JSON.stringify({
    now: Date.now(),
    fresh: new Date().getTime(),
    epoch: new Date(0).toISOString(),
    parsed: Date.parse('2026-01-15T09:00:00Z'),
    isDate: new Date() instanceof Date,
    called: typeof Date(),
    offset: process.env.CUSTOS_CLOCK_OFFSET_MS,
  }))`;
  const out = execFileSync('bash', [join(REPO, 'scripts', 'at-time.sh'), at, process.execPath, '-e', probe], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return JSON.parse(out);
}

/** scripts/at-time.sh: tests at a chosen time of day without faketime (docs/testing.md). */
describe('scripts/at-time.sh shifts the clock of Node processes', () => {
  it('starts the clock at the given time; explicit times are untouched', () => {
    const at = '2026-11-30T23:59:30Z';
    const s = seen(at);
    const target = Date.parse(at);
    expect(s.now as number).toBeGreaterThanOrEqual(target);
    expect(s.now as number).toBeLessThan(target + 60_000);
    expect(s.fresh as number).toBeGreaterThanOrEqual(s.now as number);
    expect(s.fresh as number).toBeLessThan(target + 60_000);
    expect(s).toMatchObject({
      epoch: '1970-01-01T00:00:00.000Z',
      parsed: Date.parse('2026-01-15T09:00:00Z'),
      isDate: true,
      called: 'string',
    });
    expect(Number(s.offset)).not.toBe(0);
  });
});
