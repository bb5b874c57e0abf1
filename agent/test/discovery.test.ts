import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDiscovery } from '../src/sensors/discovery.js';
import { FileStateStore } from '../src/sensors/file-state-store.js';
import { RecordingSink } from './helpers/recording-sink.js';
import { tempDir } from './helpers/tmp.js';

function setup() {
  const root = tempDir();
  const store = new FileStateStore(join(tempDir(), 'files.db'));
  const sink = new RecordingSink();
  const run = () =>
    runDiscovery([{ path: root, channel: 'discovery' }], { store, sink, maxReadBytes: 1 << 20 });
  return { root, store, sink, run };
}

describe('discovery', () => {
  it('inspects every file once, then only files that changed (incremental)', async () => {
    const { root, sink, run } = setup();
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'a.txt'), 'SECRET');
    writeFileSync(join(root, 'sub', 'b.txt'), 'nothing');
    const first = await run();
    expect(first).toMatchObject({ files_seen: 2, files_inspected: 2, events: 1 });
    const second = await run();
    expect(second).toMatchObject({ files_seen: 2, files_inspected: 0, events: 0 });
    writeFileSync(join(root, 'sub', 'b.txt'), 'now SECRET here');
    utimesSync(join(root, 'sub', 'b.txt'), new Date(), new Date(Date.now() + 5000));
    const third = await run();
    expect(third).toMatchObject({ files_inspected: 1, events: 1 });
    expect(sink.channels()).toEqual(['discovery', 'discovery', 'discovery']);
  });

  it('raises file_delete for a vanished file it remembers with findings, and only for that one', async () => {
    const { root, sink, run, store } = setup();
    writeFileSync(join(root, 'card.txt'), 'SECRET SECRET');
    writeFileSync(join(root, 'plain.txt'), 'hello');
    await run();
    rmSync(join(root, 'card.txt'));
    rmSync(join(root, 'plain.txt'));
    const s = await run();
    expect(s.deletions).toBe(1);
    const del = sink.seen.filter((o) => o.channel === 'file_delete');
    expect(del).toHaveLength(1);
    expect(del[0]).toMatchObject({
      path: join(root, 'card.txt'),
      content: null,
      remembered: [{ detector_id: 'test.secret', category: 'test', match_count: 2 }],
    });
    expect(store.count()).toBe(0);
  });

  it('leaves a file unremembered when the queue refuses its event, so the next pass retries it', async () => {
    const { root, sink, run, store } = setup();
    writeFileSync(join(root, 'x.txt'), 'SECRET');
    sink.full = true;
    expect((await run()).deferred).toBe(1);
    expect(store.count()).toBe(0);
    sink.full = false;
    expect((await run()).events).toBe(1);
  });

  it('sees a renamed file as new content at the new path on the next walk', async () => {
    const { root, run, sink } = setup();
    writeFileSync(join(root, 'a.txt'), 'SECRET');
    await run();
    renameSync(join(root, 'a.txt'), join(root, 'b.txt'));
    await run();
    expect(sink.seen.map((o) => [o.channel, o.path])).toEqual([
      ['discovery', join(root, 'a.txt')],
      ['discovery', join(root, 'b.txt')],
      ['file_delete', join(root, 'a.txt')],
    ]);
  });
});
