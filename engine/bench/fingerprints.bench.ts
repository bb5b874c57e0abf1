/**
 * Document fingerprints (issue 25): probe throughput in MB/s on one core against a corpus of
 * 10,000 generated documents, and how much the corpus's transmitted form grows per 1,000
 * protected documents, both as the compact form and as the signed bundle's bytes (the corpus
 * inside a bundle payload, canonical JSON). Probing goes through `probeCorpora`, the call the
 * agent makes on content its sensors read. Prints figures and the machine load; asserts only
 * that a copy is still found.
 */
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import {
  type BundlePayload,
  buildCorpus,
  canonicalBundleBytes,
  decideFingerprintRule,
  encodeFingerprints,
  indexCorpus,
  prepareCorpora,
  probeCorpora,
  probeCorpus,
} from '../src/index.js';
import { documentText, rng } from '../test/fingerprints/generated-text.js';

const DOCUMENTS = Number(process.env.BENCH_FINGERPRINT_DOCUMENTS ?? 10_000);

const EMPTY_BUNDLE: BundlePayload = {
  schema_version: { major: 1, minor: 0 },
  bundle_version: 1,
  tenant_id: 'bench',
  key_id: 'bench',
  issued_at: '2026-11-26T00:00:00Z',
  expires_at: '2026-12-26T00:00:00Z',
  device_scope: null,
  group_scope: null,
  help_address: null,
  required_capabilities: ['fingerprint_corpora'],
  policies: [],
  classifications: [],
  detectors: [],
  monitored_paths: [],
};

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
  // The signed bundle's bytes with the corpus at each size, against the same bundle without it.
  const shipped = (n: number) => {
    const data = encodeFingerprints(corpus.documents.slice(0, n));
    return {
      corpus_id: '6f1c2d9e-0000-4000-8000-000000000001',
      version: 1,
      window: 8,
      winnow: 8,
      document_count: n,
      data_sha256: createHash('sha256').update(data).digest('hex'),
      data,
    };
  };
  const bundleBytes = (n: number | null) =>
    canonicalBundleBytes({ ...EMPTY_BUNDLE, ...(n === null ? {} : { fingerprint_corpora: [shipped(n)] }) })
      .length;
  const bare = bundleBytes(null);
  const bundleGrowth = sizes.map((n) => bundleBytes(n) - bare);
  t0 = performance.now();
  const prepared = prepareCorpora([shipped(DOCUMENTS)]);
  const prepareMs = performance.now() - t0;

  const passages = Array.from({ length: 200 }, () => documentText(r, 20).join('\n\n'));
  passages[0] = `${passages[0]} ${texts[42]}`;
  const probeBytes = passages.reduce((n, t) => n + Buffer.byteLength(t), 0);
  probeCorpus(index, passages[1]!); // warm
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  for (const p of passages) probeCorpora(prepared, p);
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
      `(${(encoded[0]! / 1e6).toFixed(2)} MB per 1,000 documents, base64); ` +
      `signed bundle grows by ${sizes.map((n, i) => `${(bundleGrowth[i]! / 1e6).toFixed(2)} MB at ${n.toLocaleString('en')}`).join(', ')} ` +
      `(${(bundleGrowth.at(-1)! / 1e6 / (DOCUMENTS / 1_000)).toFixed(2)} MB per 1,000 documents); ` +
      `agent prepare (digest, decode, index) ${prepareMs.toFixed(0)} ms; ` +
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')} (1/5/15 min)`,
  );
});
