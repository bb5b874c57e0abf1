import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BundlePolicy } from '@custos/engine';
import { type ContentRead, readContent } from '../../src/content/read-content.js';
import { DecisionPipeline } from '../../src/pipeline.js';
import { prepareRuntime } from '../../src/policy/runtime.js';
import { EventQueue } from '../../src/queue/event-queue.js';
import { cardBundle, cardPolicy } from './card-bundle.js';
import { linuxPlatform } from './platform.js';
import { tempDir } from './tmp.js';

/**
 * A decision pipeline with the real engine over a one-policy card bundle, a queue in a temporary
 * directory and nobody at the console: `observe` hands it content, `observeFile` writes a file
 * and hands it what the agent read, `events` drains what was queued.
 */
export async function cardPipeline(policy: BundlePolicy = cardPolicy()) {
  const dir = tempDir();
  const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
  const runtime = prepareRuntime({ ...cardBundle(), policies: [policy] });
  const pipeline = new DecisionPipeline({
    platform: await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') }),
    queue,
    runtime: () => runtime,
    device: { id: 'dev-1', agent_group: () => null },
    offline: () => false,
    log: () => {},
  });
  const observe = (content: ContentRead, channel = 'discovery', name = 'payroll.csv') =>
    pipeline.handle({ channel, path: join(dir, name), content, occurred_at: new Date().toISOString() });
  const observeFile = async (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return observe(await readContent(path, 1 << 20), 'discovery', name);
  };
  const events = () => queue.nextBatch(500)?.events.map((e) => e.body) ?? [];
  return { dir, pipeline, observe, observeFile, events };
}
