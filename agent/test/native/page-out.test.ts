import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { nativeAvailable, nativeFunction } from '@custos/native';
import { describe, expect, it } from 'vitest';
import { releaseStartPages } from '../../src/platform/linux/release-start-pages.js';

/** The executable's own read-only mappings, as /proc/self/maps lists them. */
function readOnlyExecutableBytes(): number {
  const exe = realpathSync('/proc/self/exe');
  let bytes = 0;
  for (const line of readFileSync('/proc/self/maps', 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \S+\s+(.*)$/.exec(line);
    if (!m || m[4] !== exe || m[3]![1] === 'w') continue;
    bytes += Number(BigInt(`0x${m[2]}`) - BigInt(`0x${m[1]}`));
  }
  return bytes;
}

describe.runIf(existsSync('/proc/self/maps'))(
  'page-out of the executable (docs/packaging.md, Figures)',
  () => {
    it('advises exactly the read-only mappings of the running executable, with no failure', () => {
      expect(nativeAvailable('pageOutExecutable')).toBe(true);
      const expected = readOnlyExecutableBytes();
      expect(expected).toBeGreaterThan(0);
      const out = nativeFunction('pageOutExecutable')();
      expect(out).toEqual({ advised_bytes: expected, failures: 0, error: null });
    });

    it('the Linux backend answers the same through releaseStartPages and the process goes on', () => {
      const out = releaseStartPages();
      expect(out?.failures).toBe(0);
      expect(out?.advised_bytes).toBe(readOnlyExecutableBytes());
      // Pages given back are read again on their next touch: code keeps running.
      expect(JSON.parse(JSON.stringify({ ok: [1, 2, 3] }))).toEqual({ ok: [1, 2, 3] });
    });
  },
);
