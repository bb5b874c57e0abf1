import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BundleFingerprintCorpus, buildCorpus, encodeFingerprints } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { readContent } from '../src/content/read-content.js';
import { DecisionPipeline } from '../src/pipeline.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { cardBundle, cardPolicy } from './helpers/card-bundle.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

/** docs/agent.md, `fingerprint_corpora`: the shipped corpus is checked, indexed and probed on read files. */
const LEASE = Array.from(
  { length: 30 },
  (_, i) => `Article ${i + 1}. The tenant shall keep unit ${i * 3} in good repair for ${i + 2} months.`,
).join(' ');

function corpus(data = encodeFingerprints(buildCorpus([LEASE], { window: 8, winnow: 8 }).corpus.documents)) {
  const entry: BundleFingerprintCorpus = {
    corpus_id: 'corpus-1',
    version: 2,
    window: 8,
    winnow: 8,
    document_count: 1,
    data_sha256: createHash('sha256').update(data).digest('hex'),
    data,
  };
  return entry;
}

const bundle = (c: BundleFingerprintCorpus) => ({
  ...cardBundle(),
  required_capabilities: ['fingerprint_corpora'],
  policies: [
    cardPolicy({
      response: 'audit',
      condition: { op: 'fingerprint', corpus_id: 'corpus-1', match: 'normalised' },
    }),
  ],
  detectors: [],
  fingerprint_corpora: [c],
});

describe('fingerprint corpora on the agent', () => {
  it('raises an event for a recased copy of a protected document, and none for other text', async () => {
    const dir = tempDir();
    const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
    const runtime = prepareRuntime(bundle(corpus()));
    const pipeline = new DecisionPipeline({
      platform: await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') }),
      queue,
      runtime: () => runtime,
      device: { id: 'dev-1', agent_group: () => null },
      offline: () => false,
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
    expect((await observe('copy.txt', LEASE.toLowerCase())).reported).toBe(true);
    expect((await observe('other.txt', LEASE.split(' ').reverse().join(' '))).reported).toBe(false);
    expect((await observe('short.txt', 'The tenant shall keep')).reported).toBe(false);
    const events = queue.nextBatch(10)?.events.map((e) => e.body as Record<string, unknown>) ?? [];
    expect(events.map((e) => (e['file'] as { name: string }).name)).toEqual(['copy.txt']);
    expect(events[0]!['decided_by_policy_id']).toBe(cardPolicy().policy_id);
  });

  it('refuses to prepare a bundle whose corpus does not match its digest', () => {
    const good = corpus();
    expect(() => prepareRuntime(bundle({ ...good, data_sha256: '0'.repeat(64) }))).toThrow(/digest/);
    expect(prepareRuntime(bundle(good)).corpora.get('corpus-1')?.version).toBe(2);
  });
});
