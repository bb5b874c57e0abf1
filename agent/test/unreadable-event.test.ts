/**
 * Issue 26 item 4, the pipeline's rule: a file the agent cannot open, where a policy applies but
 * could not evaluate it, is reported; elsewhere it stays silent. (The tests run as root, so the
 * observation carries what `readContent` answers for EACCES; e2e-unseen-paths.test.ts makes a
 * real unreadable file for an agent without DAC override.)
 */
import { describe, expect, it } from 'vitest';
import type { ContentRead } from '../src/content/read-content.js';
import { cardPolicy } from './helpers/card-bundle.js';
import { cardPipeline } from './helpers/card-pipeline.js';

const UNREADABLE: ContentRead = {
  text: null,
  size_bytes: 0,
  bytes_read: 0,
  blake3: null,
  not_read: { cause: 'unreadable', reason: 'open failed: EACCES' },
};

async function setup(policy = cardPolicy()) {
  const { observe, events } = await cardPipeline(policy);
  return { observe: (content: ContentRead, channel = 'discovery') => observe(content, channel), events };
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
