import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsWatching } from '../src/platform/linux/watcher.js';
import { FileActivitySensor, isArchivePath } from '../src/sensors/file-activity.js';
import { FileStateStore } from '../src/sensors/file-state-store.js';
import { RecordingSink } from './helpers/recording-sink.js';
import { tempDir } from './helpers/tmp.js';

const sensors: FileActivitySensor[] = [];
afterEach(() => {
  for (const s of sensors.splice(0)) s.close();
});

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function setup(moveWindowMs = 1500) {
  const root = tempDir();
  const store = new FileStateStore(join(tempDir(), 'files.db'));
  const sink = new RecordingSink();
  const sensor = new FileActivitySensor({
    store,
    sink,
    watching: createFsWatching(),
    maxReadBytes: 1 << 20,
    moveWindowMs,
    settleMs: 100,
  });
  sensors.push(sensor);
  sensor.watch({ path: root, channel: 'discovery' });
  return { root, store, sink, sensor };
}

describe('file activity (inotify through fs.watch)', () => {
  it('reports create, modify and archive_create', async () => {
    const { root, sink } = setup();
    writeFileSync(join(root, 'a.txt'), 'SECRET');
    await until(() => sink.seen.length >= 1, 'create');
    expect(sink.seen[0]).toMatchObject({ channel: 'file_create', path: join(root, 'a.txt') });
    await new Promise((r) => setTimeout(r, 50));
    writeFileSync(join(root, 'a.txt'), 'SECRET changed');
    await until(() => sink.seen.length >= 2, 'modify');
    expect(sink.seen[1]).toMatchObject({ channel: 'file_modify' });
    writeFileSync(join(root, 'out.zip'), 'PK');
    await until(() => sink.seen.length >= 3, 'archive');
    expect(sink.seen[2]).toMatchObject({ channel: 'archive_create', path: join(root, 'out.zip') });
  });

  it('detects a move: the source vanishes and the same file appears elsewhere within the window', async () => {
    const { root, sink } = setup();
    mkdirSync(join(root, 'd'));
    writeFileSync(join(root, 'a.txt'), 'SECRET');
    await until(() => sink.seen.length >= 1, 'create');
    renameSync(join(root, 'a.txt'), join(root, 'd', 'moved.txt'));
    await until(() => sink.seen.length >= 2, 'rename');
    expect(sink.seen[1]).toMatchObject({
      channel: 'file_rename',
      path: join(root, 'd', 'moved.txt'),
      from_path: join(root, 'a.txt'),
    });
    await new Promise((r) => setTimeout(r, 1800));
    expect(sink.channels()).not.toContain('file_delete');
  });

  it('raises file_delete after the window for a remembered file with findings, nothing for one without', async () => {
    const { root, sink } = setup(300);
    writeFileSync(join(root, 'card.txt'), 'SECRET');
    writeFileSync(join(root, 'plain.txt'), 'nothing');
    await until(() => sink.seen.length >= 2, 'creates');
    rmSync(join(root, 'card.txt'));
    rmSync(join(root, 'plain.txt'));
    await until(() => sink.channels().includes('file_delete'), 'delete');
    await new Promise((r) => setTimeout(r, 600));
    const deletes = sink.seen.filter((o) => o.channel === 'file_delete');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({ path: join(root, 'card.txt'), content: null, departure: 'deleted' });
  });

  it('equal content at a new path without a vanished source is a create, not a move', async () => {
    const { root, sink } = setup();
    writeFileSync(join(root, 'a.txt'), 'SECRET');
    await until(() => sink.seen.length >= 1, 'create');
    writeFileSync(join(root, 'copy.txt'), 'SECRET');
    await until(() => sink.seen.length >= 2, 'copy');
    expect(sink.seen[1]).toMatchObject({ channel: 'file_create', path: join(root, 'copy.txt') });
  });

  it('knows archive extensions', () => {
    expect(isArchivePath('/x/a.TAR.GZ')).toBe(true);
    expect(isArchivePath('/x/a.txt')).toBe(false);
  });
});
