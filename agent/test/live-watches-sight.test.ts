/** Issue 26 item 4: a monitored path that cannot be watched is recorded and logged once per change. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsWatching } from '../src/platform/linux/watcher.js';
import { FileActivitySensor } from '../src/sensors/file-activity.js';
import { FileStateStore } from '../src/sensors/file-state-store.js';
import { LiveWatches } from '../src/sensors/live-watches.js';
import { PathSight, SIGHT_FILE, SIGHT_HEALTH_LIMIT } from '../src/sensors/path-sight.js';
import { RecordingSink } from './helpers/recording-sink.js';
import { tempDir } from './helpers/tmp.js';

function setup() {
  const state = tempDir();
  const activity = new FileActivitySensor({
    store: new FileStateStore(join(state, 'files.db')),
    sink: new RecordingSink(),
    watching: createFsWatching(),
    maxReadBytes: 1 << 20,
  });
  const sight = new PathSight(() => Date.parse('2026-11-25T10:00:00Z'));
  sight.attach(state);
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const live = new LiveWatches(activity, (level, msg, fields) => lines.push({ level, msg, fields }), sight);
  return { state, sight, lines, live };
}

describe('live watches and what the agent cannot see', () => {
  it('retries a missing root at every sync but logs it once, then once when it is watched', () => {
    const { state, sight, lines, live } = setup();
    const missing = join(tempDir(), 'not-yet');
    const roots = [{ path: missing, channel: 'discovery' }];
    for (let i = 0; i < 5; i++) live.sync(roots);
    expect(lines.filter((l) => l.msg === 'cannot watch path')).toEqual([
      {
        level: 'warn',
        msg: 'cannot watch path',
        fields: expect.objectContaining({ path: missing, cause: 'absent' }),
      },
    ]);
    // Health counts the tries (five syncs, five failures): proof of the retries the log leaves out.
    expect(sight.health()).toEqual({
      total: 1,
      items: [
        {
          path: missing,
          via: 'watch',
          cause: 'absent',
          code: 'ENOENT',
          since: '2026-11-25T10:00:00.000Z',
          attempts: 5,
        },
      ],
    });
    // doctor reads the same state from the state directory.
    expect(JSON.parse(readFileSync(join(state, SIGHT_FILE), 'utf8')).problems).toHaveLength(1);
    mkdirSync(missing);
    live.sync(roots);
    live.sync(roots);
    expect(lines.filter((l) => l.msg === 'watching')).toHaveLength(1);
    expect(sight.health().total).toBe(0);
    expect(JSON.parse(readFileSync(join(state, SIGHT_FILE), 'utf8')).problems).toEqual([]);
    live.close();
  });

  it('forgets a path no longer monitored; health stays bounded with the total', () => {
    const { sight, live } = setup();
    const base = tempDir();
    const roots = Array.from({ length: SIGHT_HEALTH_LIMIT + 5 }, (_, i) => ({
      path: join(base, `gone-${String(i).padStart(2, '0')}`),
      channel: 'discovery',
    }));
    live.sync(roots);
    expect(sight.health().total).toBe(SIGHT_HEALTH_LIMIT + 5);
    expect(sight.health().items).toHaveLength(SIGHT_HEALTH_LIMIT);
    live.sync(roots.slice(0, 1));
    expect(sight.health().total).toBe(1);
    live.close();
  });

  it('a restarted process takes over the recorded state and does not log an unchanged problem again', () => {
    const { state, live } = setup();
    const missing = join(tempDir(), 'absent');
    live.sync([{ path: missing, channel: 'discovery' }]);
    live.close();
    const next = new PathSight();
    next.attach(state);
    expect(next.health().total).toBe(1);
    expect(next.set(missing, 'watch', 'ENOENT')).toBeNull();
    expect(next.set(missing, 'watch', 'EACCES')).toMatchObject({ problem: { cause: 'permission_denied' } });
  });
});
