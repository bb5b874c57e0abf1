import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../src/content/read-content.js';
import { DecisionPipeline } from '../src/pipeline.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { cardBundle, LUHN_INVALID, VALID_CARDS } from './helpers/card-bundle.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

async function setup(offline = false) {
  const dir = tempDir();
  const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
  const platform = await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') });
  const runtime = prepareRuntime(cardBundle());
  const pipeline = new DecisionPipeline({
    platform,
    queue,
    runtime: () => runtime,
    device: { id: 'dev-1', agent_group: () => null },
    offline: () => offline,
    log: () => {},
  });
  const observe = async (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return pipeline.handle({
      channel: 'discovery',
      path,
      content: await readContent(path, 1 << 20),
      occurred_at: new Date().toISOString(),
    });
  };
  const events = () => {
    const b = queue.nextBatch(500);
    return b ? b.events.map((e) => e.body) : [];
  };
  return { observe, events };
}

describe('decision pipeline with the real engine', () => {
  it('queues an event for valid card numbers, clamped to audit on Linux, naming the requested block', async () => {
    const { observe, events } = await setup();
    const r = await observe('cards.txt', `Customer cards:\n${VALID_CARDS.join('\n')}\n`);
    expect(r).toMatchObject({ queued: true, reported: true });
    expect(r.findings).toEqual([{ detector_id: 'payment_card', category: 'financial', match_count: 3 }]);
    const [e] = events();
    expect(e).toMatchObject({
      channel: 'discovery',
      action: 'audit',
      requested_action: 'block',
      enforcement: 'reduced_by_capability',
      evaluated_offline: false,
      policy_version: 1,
    });
    expect((e!.detectors as { match_count: number }[])[0]!.match_count).toBe(3);
    // Never a matched value on the wire.
    expect(JSON.stringify(e)).not.toContain('4111');
  });

  it('queues nothing for Luhn-invalid look-alikes', async () => {
    const { observe, events } = await setup();
    const r = await observe('fake.txt', `Numbers:\n${LUHN_INVALID.join('\n')}\n`);
    expect(r.reported).toBe(false);
    expect(events()).toEqual([]);
  });

  it('marks events decided while the server is unreachable as evaluated offline', async () => {
    const { observe, events } = await setup(true);
    await observe('cards.txt', VALID_CARDS[0]!);
    expect(events()[0]).toMatchObject({ evaluated_offline: true });
  });

  it('reports file_delete with only detector id, category and count', async () => {
    const dir = tempDir();
    const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
    const pipeline = new DecisionPipeline({
      platform: await linuxPlatform({}),
      queue,
      runtime: () => null,
      device: { id: 'dev-1', agent_group: () => null },
      offline: () => false,
      log: () => {},
    });
    const r = await pipeline.handle({
      channel: 'file_delete',
      path: '/x/cards.txt',
      content: null,
      remembered: [{ detector_id: 'payment_card', category: 'financial', match_count: 2 }],
      departure: 'deleted',
      occurred_at: new Date().toISOString(),
    });
    expect(r.reported).toBe(true);
    const body = queue.nextBatch(10)!.events[0]!.body;
    expect(body.detectors).toEqual([{ detector_id: 'payment_card', category: 'financial', match_count: 2 }]);
    expect(body.file).toMatchObject({ path: '/x/cards.txt', departure: 'deleted' });
  });
});
