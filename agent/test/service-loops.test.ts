import { describe, expect, it } from 'vitest';
import type { Logger } from '../src/log.js';
import { type LoopJobs, runLoops, serviceLoops } from '../src/service/loops.js';

const idle: LoopJobs = {
  checkin: async () => undefined,
  upload: async () => ({ wait_ms: 0 }),
  discover: async () => undefined,
  syncWatches: async () => undefined,
  renewCertificate: async () => undefined,
};
const every = { checkinMs: 300_000, uploadMs: 30_000, discoveryMs: 3_600_000 };

describe('the service loops (agent/src/service/loops.ts)', () => {
  it('are the five loops of dlp-agent run with their intervals and first waits', () => {
    const loops = serviceLoops(idle, every);
    expect(loops.map((l) => [l.name, l.everyMs(), l.firstAfterMs ?? 0])).toEqual([
      ['check-in', 300_000, 300_000],
      ['upload', 30_000, 0],
      ['discovery', 3_600_000, 0],
      ['removable media', 10_000, 10_000],
      ['certificate renewal', 15 * 60_000, 15 * 60_000],
    ]);
  });

  it('upload waits as long as the server asked when that is longer than its interval', async () => {
    let asked = 90_000;
    const upload = serviceLoops({ ...idle, upload: async () => ({ wait_ms: asked }) }, every).find(
      (l) => l.name === 'upload',
    )!;
    await upload.run();
    expect(upload.everyMs()).toBe(90_000);
    asked = 0;
    await upload.run();
    expect(upload.everyMs()).toBe(30_000);
  });

  it('a failing run is logged under its loop name and the loop goes on until the signal aborts', async () => {
    const ac = new AbortController();
    const logged: Parameters<Logger>[] = [];
    let runs = 0;
    await runLoops(
      ac.signal,
      [
        {
          name: 'discovery',
          everyMs: () => 0,
          run: async () => {
            runs++;
            if (runs === 3) ac.abort();
            throw new Error('disk gone');
          },
        },
      ],
      (...entry) => logged.push(entry),
    );
    expect(runs).toBe(3);
    expect(logged).toEqual(Array(3).fill(['error', 'discovery failed', { error: 'disk gone' }]));
  });
});
