import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventQueue } from '../src/queue/event-queue.js';
import { AGENT_DIST } from './helpers/agent-process.js';
import { tempDir } from './helpers/tmp.js';

/**
 * A real process enqueues events and prints each id only after `enqueue` returned (the moment a
 * sensor is told "queued"). It is killed with SIGKILL mid-stream; every printed id must be in the
 * queue file afterwards.
 */
describe('queue durability across kill -9', () => {
  it('keeps every event whose enqueue returned before the kill', async () => {
    const db = join(tempDir(), 'queue.db');
    const script = `
      const { EventQueue } = await import(${JSON.stringify(join(AGENT_DIST, 'queue/event-queue.js'))});
      const q = new EventQueue(${JSON.stringify(db)}, 1000000, 'refuse_new');
      for (let i = 0; ; i++) {
        const id = 'ev-' + i;
        const r = q.enqueue(id, { channel: 'discovery', n: i, pad: 'x'.repeat(200) });
        if (r.queued) process.stdout.write(id + '\\n');
      }`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.split('\n').length > 300) resolve();
      });
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    expect(stderr).toBe('');
    const acknowledged = out.split('\n').filter((l) => /^ev-\d+$/.test(l));
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    const q = new EventQueue(db, 1_000_000, 'refuse_new');
    const stored = new Set<string>();
    for (let b = q.nextBatch(1_000_000); b; b = null) for (const e of b.events) stored.add(e.event_id);
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    q.close();
  });
});
