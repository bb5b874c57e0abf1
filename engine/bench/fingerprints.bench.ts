/**
 * Document fingerprints (issue 25): probe throughput in MB/s on one core against a corpus of
 * 10,000 generated documents, and how much the corpus's transmitted form grows per 1,000
 * protected documents. Prints figures; asserts only that a copy is still found.
 */
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import {
  buildCorpus,
  decideFingerprintRule,
  encodeFingerprints,
  indexCorpus,
  probeCorpus,
} from '../src/index.js';
import { documentText, rng } from '../test/fingerprints/generated-text.js';

const DOCUMENTS = Number(process.env.BENCH_FINGERPRINT_DOCUMENTS ?? 10_000);

test(`fingerprint probe against ${DOCUMENTS.toLocaleString('en')} documents`, () => {
  const r = rng(99);
  const texts = Array.from({ length: DOCUMENTS }, () =>
    documentText(r, 3 + Math.floor(r() * 10)).join('\n\n'),
  );
  const sourceBytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  let t0 = performance.now();
  const { corpus } = buildCorpus(texts, { window: 8, winnow: 8 });
  const buildMs = performance.now() - t0;
  t0 = performance.now();
  const index = indexCorpus(corpus);
  const indexMs = performance.now() - t0;
  const sizes = [1_000, 5_000, DOCUMENTS].filter((n) => n <= DOCUMENTS);
  const encoded = sizes.map((n) => Buffer.byteLength(encodeFingerprints(corpus.documents.slice(0, n))));

  const passages = Array.from({ length: 200 }, () => documentText(r, 20).join('\n\n'));
  passages[0] = `${passages[0]} ${texts[42]}`;
  const probeBytes = passages.reduce((n, t) => n + Buffer.byteLength(t), 0);
  probeCorpus(index, passages[1]!); // warm
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  for (const p of passages) probeCorpus(index, p);
  const probeMs = performance.now() - t0;
  const cpuMs = (process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1000;
  expect(decideFingerprintRule(probeCorpus(index, passages[0]!), { kind: 'partial' })).toMatchObject({
    result: 'match',
    document: 42,
  });

  const mb = probeBytes / 1e6;
  console.log(
    `fingerprints: corpus of ${DOCUMENTS.toLocaleString('en')} documents (${(sourceBytes / 1e6).toFixed(1)} MB of text) built in ${(buildMs / 1000).toFixed(1)} s, indexed in ${indexMs.toFixed(0)} ms; ` +
      `probe ${(mb / (probeMs / 1000)).toFixed(1)} MB/s wall, ${(mb / (cpuMs / 1000)).toFixed(1)} MB/s per core of CPU (${mb.toFixed(1)} MB in ${passages.length} passages); ` +
      `transmitted form ${sizes.map((n, i) => `${n.toLocaleString('en')} documents ${(encoded[i]! / 1e6).toFixed(2)} MB`).join(', ')} ` +
      `(${(encoded[0]! / 1e6).toFixed(2)} MB per 1,000 documents, base64)`,
  );
});
