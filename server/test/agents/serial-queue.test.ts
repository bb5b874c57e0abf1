import { expect, test } from 'vitest';
import { SerialQueue } from '../../src/modules/ingest/service.js';
import { HoldTimes } from '../../src/modules/ingest/writer-queue.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('batches run one at a time, in order, and a failed one does not stop the next', async () => {
  const q = new SerialQueue();
  const log: string[] = [];
  const work =
    (name: string, fail = false) =>
    async () => {
      log.push(`${name} start`);
      await turn();
      log.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
  const results = await Promise.allSettled([q.run(work('a')), q.run(work('b', true)), q.run(work('c'))]);
  expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
});

// A check-in reaching the server while batches are queued passes through several turns of the
// event loop (hooks, body, its statements): it gets them between two batches instead of
// advancing one step per batch written (docs/agent-interface.md, Throughput).
test('work needing several turns of the event loop completes between two queued batches', async () => {
  const q = new SerialQueue();
  const log: string[] = [];
  const checkin = async () => {
    for (let i = 0; i < 5; i += 1) await turn();
    log.push('check-in done');
  };
  const first = q.run(async () => {
    log.push('batch 1');
    void checkin();
  });
  const second = q.run(async () => {
    log.push('batch 2');
  });
  await Promise.all([first, second]);
  expect(log).toEqual(['batch 1', 'check-in done', 'batch 2']);
});

// The ingest bench prints how long one batch held the writer (docs/architecture.md, Ingest).
test('each run records how long it held the writer, failed ones too; the newest figures are kept', async () => {
  const holds = new HoldTimes(3);
  // A clock the work moves on: the figures are exact, whatever the machine's load.
  let clock = 1_000;
  const q = new SerialQueue(holds, () => clock);
  const busy = (ms: number) => {
    clock += ms;
  };
  await q.run(async () => busy(1));
  await q.run(async () => busy(20)).catch(() => undefined);
  await q
    .run(async () => {
      busy(5);
      throw new Error('store failed');
    })
    .catch(() => undefined);
  await q.run(async () => busy(2));
  expect(holds.drain()).toEqual([20, 5, 2]);
  expect(holds.drain()).toEqual([]);
});
