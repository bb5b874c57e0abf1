import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nativeFunction } from '@custos/native';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read-content.js';
import { DecisionPipeline } from '../../src/pipeline.js';
import { LABEL_XATTR } from '../../src/platform/label-record.js';
import type { Platform } from '../../src/platform/types.js';
import { prepareRuntime } from '../../src/policy/runtime.js';
import { EventQueue } from '../../src/queue/event-queue.js';
import { cardBundle, cardPolicy, VALID_CARDS } from '../helpers/card-bundle.js';
import { linuxPlatform } from '../helpers/platform.js';
import { tempDir } from '../helpers/tmp.js';
import { xattrCapableDir } from './xattr-dir.js';

// The service's decision step writes the label a policy asks for (apply_label) and carries the
// mark of the web into the event. Labels run on Linux's real xattrs here (the Windows stream
// store shares label-record.ts); the mark comes from the platform's hook, which on Windows reads
// the Zone.Identifier stream (under Wine: docs/native.md).
async function setup(platformOverrides: Partial<Platform> = {}) {
  const dir = xattrCapableDir('custos-marks-');
  const queue = new EventQueue(join(tempDir(), 'q.db'), 100, 'refuse_new');
  const platform = { ...(await linuxPlatform({ sessionsDir: join(dir, 'none') })), ...platformOverrides };
  const bundle = {
    ...cardBundle(),
    policies: [
      cardPolicy({ response: 'audit', apply_label: { value: 'Confidential', replace_existing: false } }),
    ],
  };
  const runtime = prepareRuntime(bundle);
  const pipeline = new DecisionPipeline({
    platform,
    queue,
    runtime: () => runtime,
    device: { id: 'dev-1', agent_group: () => null },
    offline: () => false,
    log: () => {},
  });
  const observe = async (name: string) => {
    const path = join(dir, name);
    writeFileSync(path, `cards ${VALID_CARDS.join(' ')}`);
    await pipeline.handle({
      channel: 'discovery',
      path,
      content: await readContent(path, 1 << 20),
      occurred_at: new Date().toISOString(),
    });
    return path;
  };
  const events = () => queue.nextBatch(100)?.events.map((e) => e.body) ?? [];
  return { observe, events };
}

describe.runIf(process.platform === 'linux')('labels and mark of the web in the decision step', () => {
  it('apply_label writes the label record and the event says what happened', async () => {
    const { observe, events } = await setup();
    const path = await observe('cards.txt');
    const stored = nativeFunction('xattrGet')(path, LABEL_XATTR);
    expect(JSON.parse(stored!.toString())).toMatchObject({ owner: 'custos', label: 'Confidential' });
    const [e] = events();
    expect(e!.label_applied).toEqual({
      value: 'Confidential',
      policy_id: cardPolicy().policy_id,
      outcome: 'written',
    });
  });

  it('the mark of the web the platform reads travels in file.mark_of_the_web', async () => {
    const mark = { zone_id: 3, host: 'files.example.net', referrer_host: 'mail.example.com' };
    const { observe, events } = await setup({ markOfTheWeb: () => mark });
    await observe('download.txt');
    expect((events()[0]!.file as Record<string, unknown>).mark_of_the_web).toEqual(mark);
  });

  it('without labels on the platform the label is reported unsupported, never faked', async () => {
    const { observe, events } = await setup({
      labels: { available: false, read: async () => [], apply: async () => 'unsupported' },
    });
    await observe('plain.txt');
    expect((events()[0]!.label_applied as { outcome: string }).outcome).toBe('unsupported');
    expect((events()[0]!.file as Record<string, unknown>).mark_of_the_web).toBeUndefined();
  });
});
