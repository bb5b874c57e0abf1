import { stat } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OnePerTurn } from '../src/one-per-turn.js';

/** Busy work on the agent's thread, as building and queueing one event is. */
function work(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/**
 * Issue 18: events that waited for one thing (an executable's hash) resume one per turn of the
 * event loop, so an I/O callback that arrives meanwhile — the next held open — runs between them
 * instead of after all of them.
 */
describe('one piece of waiting work per event-loop turn', () => {
  it('an I/O callback runs between the pieces, not after the whole burst', async () => {
    const turns = new OnePerTurn();
    const order: string[] = [];
    // 1,000 pieces of 0.2 ms: the stat's thread-pool answer has 200 ms to come back even on a
    // loaded machine, and pieces run in one turn would still put it after all of them.
    const pieces = Array.from({ length: 1_000 }, async (_, i) => {
      await turns.turn();
      work(0.2);
      order.push(`piece ${i}`);
    });
    stat(import.meta.filename ?? '.', () => order.push('io'));
    await Promise.all(pieces);
    await new Promise((r) => setImmediate(r));
    expect(order).toContain('io');
    expect(order.indexOf('io')).toBeLessThan(1_000);
    // The pieces keep their order.
    expect(order.filter((o) => o !== 'io')).toEqual(Array.from({ length: 1_000 }, (_, i) => `piece ${i}`));
  });

  it('a single waiter resumes on the next turn', async () => {
    const turns = new OnePerTurn();
    let resumed = false;
    const p = turns.turn().then(() => {
      resumed = true;
    });
    expect(resumed).toBe(false);
    await p;
    expect(resumed).toBe(true);
    await turns.turn();
  });
});
