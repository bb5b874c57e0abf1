import { join } from 'node:path';
import { DecisionPipeline, type PipelineDeps } from '../pipeline.js';
import { EventQueue } from '../queue/event-queue.js';
import { type HeldOpenOptions, HeldOpenSensor } from './held-opens.js';

/** Synthetic held opens decided at most by the warm-up. */
export const WARM_UP_ROUNDS = 3_000;
/** The warm-up stops after this long (ms) whatever it has done. */
export const WARM_UP_BUDGET_MS = 2_000;
/** Opens decided at once (their events share the queue's writes, as a burst of real opens does). */
const BATCH = 64;
/**
 * The synthetic opens' process: none (no /proc entry), so no executable is read or hashed. Had they
 * named the agent itself, its binary would be hashed and remembered, and in the held-open bench that
 * is also the opener's (`node`): the bench would then skip a real cost of its first opens.
 */
const NO_PROCESS = 0;
/** Test card numbers (Luhn-valid, issued to no one) in ordinary text: a file bundles decide on. */
const TEXT = `statement\n4111 1111 1111 1111\n5500 0000 0000 0004\n3400 000000 00009\n${'invoice account meeting '.repeat(100)}\n`;

export interface WarmUp {
  /** Synthetic opens decided. */
  rounds: number;
  /** Events they produced, all in the throwaway queue. */
  events: number;
  ms: number;
}

/**
 * Issue 18 (held-open latency; docs/agent.md, Held opens): runs the whole decision of a held open
 * — the sensor's step, content and BLAKE3, scan, decision, the event's building and queueing —
 * on synthetic files before fanotify is armed, so that V8 has compiled it before the first real
 * open waits on it. On a two-core machine V8's optimising compiler (one thread per function,
 * up to 55 ms each) otherwise runs beside the agent's first ~3,000 decisions, and a held open's
 * event waited behind it for a core (bench, first 1,000 opens after a start: p99 3.6-5.4 ms cold,
 * 2.8-3.9 ms with this). Same code, same dependencies and object shapes as the service's (so
 * what is compiled stays valid), except: the events go to an in-memory queue that is thrown away,
 * nobody is asked (no session channel), no evidence is kept, no exception applies, and nothing
 * is held or marked (`sync` is never called: the real fanotify group is not touched). The files
 * are named inside `root` (so the bundle's scopes apply as to real opens) but never created, and
 * no process is named (no executable is read). Bounded by `rounds` and `budgetMs`.
 */
export async function warmUpHeldOpens(
  sensor: HeldOpenOptions,
  pipeline: PipelineDeps,
  root: string,
  limits: { rounds?: number; budgetMs?: number; clock?: () => number } = {},
): Promise<WarmUp> {
  const clock = limits.clock ?? Date.now;
  const rounds = limits.rounds ?? WARM_UP_ROUNDS;
  const budgetMs = limits.budgetMs ?? WARM_UP_BUDGET_MS;
  const start = clock();
  const queue = new EventQueue(':memory:', Number.MAX_SAFE_INTEGER, 'refuse_new');
  // Only keys the service's object has are overridden, so the object keeps its shape.
  const quiet: PipelineDeps = { ...pipeline, queue };
  for (const key of ['prompts', 'evidence', 'exceptions'] as const) if (key in quiet) quiet[key] = undefined;
  const rehearsed = new HeldOpenSensor({ ...sensor, sink: new DecisionPipeline(quiet) });
  const dir = join(root, `.custos-warm-up-${process.pid}`);
  let done = 0;
  try {
    while (done < rounds && clock() - start < budgetMs) {
      const batch: Promise<void>[] = [];
      for (let i = 0; i < BATCH && done < rounds; i++, done++) {
        const content = Buffer.from(`${TEXT}${done}\n`);
        batch.push(
          rehearsed.rehearse({
            path: join(dir, `${done}.txt`),
            pid: NO_PROCESS,
            exe: null,
            file: {
              regular: true,
              dev: 0,
              ino: done,
              size: content.length,
              mtimeMs: done,
              ctimeMs: done,
              content,
            },
            answer: () => true,
          }),
        );
      }
      await Promise.all(batch);
    }
    return { rounds: done, events: queue.depth(), ms: clock() - start };
  } finally {
    queue.close();
  }
}
