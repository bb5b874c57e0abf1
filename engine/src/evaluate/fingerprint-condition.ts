import type { FingerprintProbes } from '../fingerprints/bundle-corpora.js';
import { decideFingerprintRule } from '../fingerprints/match.js';
import type { FingerprintNode } from '../policy/condition-types.js';
import type { ConditionEvidence, Tri } from './types.js';

/**
 * A fingerprint node on the probes of the content (docs/fingerprints.md, Policies). A corpus
 * that was not shipped (withdrawn after the policy was published) cannot prove anything and
 * leaves the node unevaluated; so does a passage too short for one shingle — too short is not
 * "no match", and a `not` over it does not turn it into a match.
 */
export function evalFingerprint(
  node: FingerprintNode,
  path: string,
  probes: FingerprintProbes | null,
  notReadCode: string,
  out: ConditionEvidence[] | null,
): Tri {
  const base = { path, op: node.op, corpus_id: node.corpus_id };
  if (!probes) {
    out?.push({ ...base, value: 'not_evaluated', code: notReadCode });
    return 'not_evaluated';
  }
  const found = probes.get(node.corpus_id);
  if (!found) {
    out?.push({ ...base, value: 'not_evaluated', code: 'fingerprint.not_in_bundle' });
    return 'not_evaluated';
  }
  const outcome = decideFingerprintRule(found.probe, {
    kind: node.match,
    ...(node.min_coverage !== undefined ? { minCoverage: node.min_coverage } : {}),
  });
  const at = { ...base, corpus_version: found.version };
  if (outcome.result === 'too_short') {
    out?.push({ ...at, value: 'not_evaluated', code: 'fingerprint.too_short' });
    return 'not_evaluated';
  }
  if (outcome.result === 'no_match') {
    out?.push({ ...at, value: 'false', code: 'fingerprint.no_match' });
    return 'false';
  }
  out?.push({
    ...at,
    value: 'true',
    code: `fingerprint.matched_${node.match}`,
    coverage: Math.round(outcome.coverage * 10_000) / 10_000,
  });
  return 'true';
}
