import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type BundleFingerprintCorpus,
  type BundlePayload,
  buildCorpus,
  bundlePayloadProblems,
  CorpusDecodeError,
  canonicalBundleBytes,
  conditionCorpusIds,
  decide,
  encodeFingerprints,
  prepareCorpora,
  preparePolicies,
  probeCorpora,
  requiredCapabilities,
} from '../../src/index.js';
import { FieldErrors } from '../../src/policy/field-errors.js';
import { validateCondition } from '../../src/policy/validate-condition.js';
import { bundlePolicy, context, event } from '../evaluate/fixtures.js';

/** The fingerprint condition node from the bundle to the decision (docs/fingerprints.md, Policies). */
const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike'.split(' ');
const text = (seed: number, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${words[(i * 7 + seed * 3 + ((i * i) % 5)) % words.length]}${i % 9}`,
  ).join(' ');
const PROTECTED = text(1, 200);

function shipped(id: string, texts: string[]): BundleFingerprintCorpus {
  const { corpus } = buildCorpus(texts, { window: 8, winnow: 8 });
  const data = encodeFingerprints(corpus.documents);
  return {
    corpus_id: id,
    version: 3,
    window: 8,
    winnow: 8,
    document_count: corpus.documents.length,
    data_sha256: createHash('sha256').update(data).digest('hex'),
    data,
  };
}

function errorsOf(node: unknown): string[] {
  const e = new FieldErrors();
  validateCondition(e, 'condition', node);
  return e.list.map((x) => x.field);
}

describe('fingerprint condition node', () => {
  it('validates its fields by path', () => {
    expect(errorsOf({ op: 'fingerprint', corpus_id: 'c1', match: 'partial', min_coverage: 0.05 })).toEqual(
      [],
    );
    expect(errorsOf({ op: 'fingerprint', corpus_id: '', match: 'exact' })).toEqual(['condition.corpus_id']);
    expect(errorsOf({ op: 'fingerprint', corpus_id: 'c1', match: 'close' })).toEqual(['condition.match']);
    for (const bad of [0, -1, 1.5, Number.NaN, '0.5'])
      expect(errorsOf({ op: 'fingerprint', corpus_id: 'c1', match: 'exact', min_coverage: bad })).toEqual([
        'condition.min_coverage',
      ]);
    expect(errorsOf({ op: 'fingerprint', corpus_id: 'c1', match: 'exact', window: 3 })).toEqual([
      'condition.window',
    ]);
  });

  it('names its corpora and requires the fingerprint_corpora capability', () => {
    const condition = {
      op: 'or' as const,
      nodes: [
        { op: 'fingerprint' as const, corpus_id: 'b', match: 'exact' as const },
        {
          op: 'not' as const,
          node: { op: 'fingerprint' as const, corpus_id: 'a', match: 'partial' as const },
        },
        { op: 'fingerprint' as const, corpus_id: 'b', match: 'normalised' as const },
      ],
    };
    expect(conditionCorpusIds(condition)).toEqual(['a', 'b']);
    expect(requiredCapabilities([bundlePolicy({ policy_id: 'p1', condition })])).toContain(
      'fingerprint_corpora',
    );
    expect(requiredCapabilities([bundlePolicy({ policy_id: 'p1' })])).not.toContain('fingerprint_corpora');
  });

  it('decides on probes: match with coverage, no match, too short, withdrawn corpus, content not read', () => {
    const corpora = prepareCorpora([shipped('c1', [PROTECTED, text(2, 150)])]);
    const compiled = preparePolicies(
      [
        bundlePolicy({
          policy_id: 'p1',
          response: 'audit',
          condition: { op: 'fingerprint', corpus_id: 'c1', match: 'normalised' },
        }),
        bundlePolicy({
          policy_id: 'p2',
          response: 'audit',
          condition: { op: 'fingerprint', corpus_id: 'gone', match: 'exact' },
        }),
      ],
      [],
    );
    const decideOn = (content: string) =>
      decide(
        compiled,
        event({
          content: { status: 'read', findings: [], fingerprints: probeCorpora(corpora, content) },
        }),
        context({ explain_unmatched: true }),
      );
    const hit = decideOn(PROTECTED.toUpperCase().replaceAll(' ', ', '));
    expect(hit.decided_by_policy_id).toBe('p1');
    expect(hit.matched_policies[0]!.evidence).toEqual([
      {
        path: 'condition',
        op: 'fingerprint',
        corpus_id: 'c1',
        corpus_version: 3,
        value: 'true',
        code: 'fingerprint.matched_normalised',
        coverage: 1,
      },
    ]);
    const codes = (d: ReturnType<typeof decide>) => d.not_matched?.map((m) => [m.policy_id, m.code]);
    expect(codes(hit)).toEqual([['p2', 'condition.not_evaluated']]);
    const miss = decideOn(text(9, 120));
    expect(miss.outcome).toBe('no_match');
    expect(codes(miss)).toEqual([
      ['p1', 'condition.false'],
      ['p2', 'condition.not_evaluated'],
    ]);
    expect(codes(decideOn('three short words'))).toEqual([
      ['p1', 'condition.not_evaluated'],
      ['p2', 'condition.not_evaluated'],
    ]);
    const notRead = decide(
      compiled,
      event({ content: { status: 'not_read', reason: 'too_large' } }),
      context({ explain_unmatched: true }),
    );
    expect(codes(notRead)).toEqual([
      ['p1', 'condition.not_evaluated'],
      ['p2', 'condition.not_evaluated'],
    ]);
  });

  it('refuses shipped data that does not hash to its digest or does not decode', () => {
    const good = shipped('c1', [PROTECTED]);
    expect(() => prepareCorpora([{ ...good, data_sha256: '0'.repeat(64) }])).toThrow(CorpusDecodeError);
    const cut = good.data.slice(0, 8);
    expect(() =>
      prepareCorpora([{ ...good, data: cut, data_sha256: createHash('sha256').update(cut).digest('hex') }]),
    ).toThrow(CorpusDecodeError);
    expect(prepareCorpora(undefined).size).toBe(0);
  });

  it('checks the shipped corpus shape and sorts corpora before signing', () => {
    const payload = {
      policies: [],
      classifications: [],
      detectors: [],
      fingerprint_corpora: [{ corpus_id: 'c1', version: '1', data: 'x' }],
    };
    expect(bundlePayloadProblems(payload).map((p) => p.field)).toEqual(['fingerprint_corpora[0]']);
    const base: BundlePayload = {
      schema_version: { major: 1, minor: 0 },
      bundle_version: 1,
      tenant_id: 't',
      key_id: 'k',
      issued_at: '2026-11-23T10:00:00Z',
      expires_at: '2026-12-23T10:00:00Z',
      device_scope: null,
      group_scope: null,
      help_address: null,
      required_capabilities: [],
      policies: [],
      classifications: [],
      detectors: [],
      monitored_paths: [],
    };
    const a = shipped('a', [PROTECTED]);
    const b = shipped('b', [text(4, 100)]);
    const bytes = (list?: BundleFingerprintCorpus[]) =>
      new TextDecoder().decode(canonicalBundleBytes(list ? { ...base, fingerprint_corpora: list } : base));
    expect(bytes([b, a])).toBe(bytes([a, b]));
    // A bundle without corpora signs to the bytes it had before the field existed.
    expect(bytes()).not.toContain('fingerprint_corpora');
  });
});
