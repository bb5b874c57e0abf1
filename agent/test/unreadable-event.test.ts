/**
 * Issue 26 item 4, the pipeline's rule: a file the agent cannot open, where a policy applies but
 * could not evaluate it, is reported; elsewhere it stays silent. (The tests run as root, so the
 * observation carries what `readContent` answers for EACCES; e2e-unseen-paths.test.ts makes a
 * real unreadable file for an agent without DAC override.)
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentRead } from '../src/content/read-content.js';
import { DecisionPipeline } from '../src/pipeline.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { cardBundle, cardPolicy } from './helpers/card-bundle.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

const UNREADABLE: ContentRead = {
  text: null,
  size_bytes: 0,
  bytes_read: 0,
  blake3: null,
  not_read: { cause: 'unreadable', reason: 'open failed: EACCES' },
};

async function setup(policy = cardPolicy()) {
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
  const observe = (content: ContentRead, channel = 'discovery') =>
    pipeline.handle({
      channel,
      path: join(dir, 'payroll.csv'),
      content,
      occurred_at: new Date().toISOString(),
    });
  const events = () => queue.nextBatch(500)?.events.map((e) => e.body) ?? [];
  return { observe, events };
}

describe('unreadable files', () => {
  it('raise an audit event naming not_read unreadable when a policy could not evaluate them', async () => {
    const { observe, events } = await setup();
    expect(await observe(UNREADABLE)).toMatchObject({ queued: true, reported: true, findings: [] });
    const [e] = events();
    expect(e).toMatchObject({
      channel: 'discovery',
      action: 'audit',
      requested_action: 'audit',
      matched_policy_ids: [],
      detectors: [],
      not_read: { cause: 'unreadable', reason: 'open failed: EACCES' },
      file: { name: 'payroll.csv', blake3: null },
    });
    expect((e!.explanation as { code: string }[])[0]!.code).toBe('content.not_read.unreadable');
  });

  it('stay silent where no policy applies, and for other not-read causes', async () => {
    const scoped = await setup(cardPolicy({ scope: { channels: ['removable_storage'] } }));
    expect((await scoped.observe(UNREADABLE)).reported).toBe(false);
    const any = await setup();
    const vanished: ContentRead = { ...UNREADABLE, not_read: { cause: 'vanished', reason: 'gone' } };
    expect((await any.observe(vanished)).reported).toBe(false);
    expect([...scoped.events(), ...any.events()]).toEqual([]);
  });
});
