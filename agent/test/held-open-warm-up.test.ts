import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvidenceSpool } from '../src/evidence/spool.js';
import type { PromptDeps } from '../src/people/prompt-types.js';
import { DecisionPipeline, type PipelineDeps } from '../src/pipeline.js';
import type { HeldOpens } from '../src/platform/types.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { warmUpHeldOpens } from '../src/sensors/held-open-warm-up.js';
import type { HeldOpenOptions } from '../src/sensors/held-opens.js';
import { cardBundle, cardPolicy } from './helpers/card-bundle.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

/**
 * Issue 18 (held-open latency): the agent runs its held-open decision on synthetic files before it
 * holds any open, so V8 compiles it first (docs/agent.md, Held opens). The rehearsal must leave no
 * trace: no event in the real queue, no open held or directory marked, nobody asked, no evidence
 * kept, no file written; and it must stop at its bounds.
 */
describe.runIf(process.platform === 'linux')('held-open warm-up', () => {
  async function setup(policy = cardPolicy({ response: 'audit', scope: { channels: ['file_open'] } })) {
    const dir = tempDir();
    const root = join(dir, 'held');
    const queue = new EventQueue(join(dir, 'queue.db'), 1000, 'refuse_new');
    const runtime = prepareRuntime({ ...cardBundle({ monitored: [root] }), policies: [policy] });
    const touched: string[] = [];
    // Anything reaching the session channel or the real fanotify group is recorded.
    const channel = new Proxy({}, { get: (_t, key) => touched.push(`channel.${String(key)}`) });
    const heldOpens: HeldOpens = {
      available: true,
      reason: null,
      open: () => {
        touched.push('heldOpens.open');
        throw new Error('the warm-up must not hold opens');
      },
    };
    const deps: PipelineDeps = {
      platform: await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') }),
      queue,
      runtime: () => runtime,
      device: { id: 'dev-1', agent_group: () => null },
      offline: () => false,
      log: () => {},
      evidence: new EvidenceSpool(join(dir, 'evidence'), () => {}),
      prompts: { channel } as unknown as PromptDeps,
    };
    const options: HeldOpenOptions = {
      heldOpens,
      sink: new DecisionPipeline(deps),
      maxReadBytes: 1 << 20,
      promptTimeoutMs: 60_000,
      bundleVersion: () => 1,
      skip: () => false,
      log: (_level, msg) => touched.push(`log ${msg}`),
    };
    return { dir, root, queue, deps, options, touched };
  }

  it('decides synthetic opens through the whole path, events included, and leaves no trace', async () => {
    // The policy would ask the person and keep a copy of the file for a real open.
    const { dir, root, queue, deps, options, touched } = await setup(
      cardPolicy({
        response: 'warn_with_continue',
        scope: { channels: ['file_open'] },
        evidence: { metadata: true, full_file: true },
      }),
    );
    // No executable is read: the synthetic opens name no process.
    const details: unknown[] = [];
    const detail = deps.platform.processDetail?.bind(deps.platform);
    deps.platform.processDetail = async (p) => {
      const d = (await detail?.(p)) ?? null;
      details.push(d);
      return d;
    };
    const w = await warmUpHeldOpens(options, deps, root, { rounds: 100 });
    expect(details).toEqual(Array(100).fill(null));
    expect(w.rounds).toBe(100);
    // Every synthetic open produced its event, in the throwaway queue.
    expect(w.events).toBe(100);
    expect(queue.depth()).toBe(0);
    expect(touched).toEqual([]);
    expect(existsSync(root)).toBe(false);
    // Nothing but the real queue's own files: no evidence spool, no synthetic file.
    expect(readdirSync(dir).filter((f) => !f.startsWith('queue.db'))).toEqual([]);
    queue.close();
  });

  it('stops at its time budget', async () => {
    const { root, queue, deps, options } = await setup();
    let now = 0;
    // Each reading of the clock is a second later: the first batch starts, the budget ends it.
    const w = await warmUpHeldOpens(options, deps, root, { budgetMs: 1_500, clock: () => (now += 1_000) });
    expect(w.rounds).toBe(64);
    expect(w.events).toBe(64);
    queue.close();
  });
});
