/**
 * Corpora as a bundle ships them, and the one probe step every caller runs: the agent on the
 * content its sensors read, the server's simulation on the pasted text, the probe route on a
 * passage. Each corpus is decoded and indexed once per bundle; a passage is probed against every
 * shipped corpus (only corpora a shipped policy names are shipped), and the condition evaluator
 * decides each fingerprint node on these probes.
 */
import { createHash } from 'node:crypto';
import type { BundleFingerprintCorpus } from '../policy/bundle-payload.js';
import type { ConditionNode } from '../policy/condition-types.js';
import { CorpusDecodeError, decodeFingerprints } from './codec.js';
import { type FingerprintIndex, indexCorpus } from './fingerprint-index.js';
import { type CorpusProbe, probeCorpus } from './match.js';

export interface PreparedCorpus {
  readonly corpus_id: string;
  readonly version: number;
  readonly index: FingerprintIndex;
}

/** Shipped corpora by id, decoded and indexed. */
export type PreparedCorpora = ReadonlyMap<string, PreparedCorpus>;

export interface CorpusProbeResult {
  readonly version: number;
  readonly probe: CorpusProbe;
}

/** Per corpus id, what one passage carries of it (the decision event's `content.fingerprints`). */
export type FingerprintProbes = ReadonlyMap<string, CorpusProbeResult>;

/** Corpus ids a condition names, de-duplicated and sorted. */
export function conditionCorpusIds(node: ConditionNode): string[] {
  const out = new Set<string>();
  const walk = (n: ConditionNode): void => {
    if (n.op === 'fingerprint') out.add(n.corpus_id);
    else if (n.op === 'and' || n.op === 'or' || n.op === 'at_least') n.nodes.forEach(walk);
    else if (n.op === 'not') walk(n.node);
  };
  walk(node);
  return [...out].sort();
}

/**
 * Decodes and indexes shipped corpora. A corpus whose data does not hash to its `data_sha256` or
 * does not decode throws `CorpusDecodeError`: the caller refuses the bundle and keeps the last good
 * one, exactly as for any other malformed part of a signed payload.
 */
export function prepareCorpora(list: readonly BundleFingerprintCorpus[] | undefined): PreparedCorpora {
  const out = new Map<string, PreparedCorpus>();
  for (const c of list ?? []) {
    const digest = createHash('sha256').update(c.data).digest('hex');
    if (digest !== c.data_sha256) throw new CorpusDecodeError(`corpus ${c.corpus_id}: data digest differs`);
    const documents = decodeFingerprints(c.data);
    out.set(c.corpus_id, {
      corpus_id: c.corpus_id,
      version: c.version,
      index: indexCorpus({ settings: { window: c.window, winnow: c.winnow }, documents }),
    });
  }
  return out;
}

/** Probes one passage against every prepared corpus (empty map when there are none). */
export function probeCorpora(corpora: PreparedCorpora, text: string): FingerprintProbes {
  const out = new Map<string, CorpusProbeResult>();
  for (const c of corpora.values())
    out.set(c.corpus_id, { version: c.version, probe: probeCorpus(c.index, text) });
  return out;
}
