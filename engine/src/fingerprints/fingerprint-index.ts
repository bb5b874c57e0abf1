/**
 * A lookup structure over a corpus: every (hash, document) pair sorted by hash, with a table of
 * where each value of the hash's top 16 bits starts, so finding a hash is one table read and a
 * binary search over about entries / 65,536 pairs. Typed arrays only: a 10,000-document corpus
 * costs about 12 bytes per stored fingerprint, not a Map entry each.
 */
import type { FingerprintCorpus } from './corpus.js';

const TOP_SHIFT = 2 ** 37; // 53-bit hashes: the top 16 bits pick the bucket
const BUCKETS = 65_536;

export interface HashTable {
  readonly hashes: Float64Array;
  readonly docs: Uint32Array;
  readonly starts: Uint32Array;
}

export interface FingerprintIndex {
  readonly corpus: FingerprintCorpus;
  readonly exact: HashTable;
  readonly normalised: HashTable;
}

function table(lists: readonly (readonly number[])[]): HashTable {
  let total = 0;
  for (const l of lists) total += l.length;
  const order = new Float64Array(total);
  const pairs: { h: number; d: number }[] = new Array(total);
  let n = 0;
  lists.forEach((l, d) => {
    for (const h of l) pairs[n++] = { h, d };
  });
  pairs.sort((x, y) => x.h - y.h || x.d - y.d);
  const docs = new Uint32Array(total);
  const starts = new Uint32Array(BUCKETS + 1);
  for (let i = 0; i < total; i += 1) {
    order[i] = pairs[i]!.h;
    docs[i] = pairs[i]!.d;
    starts[Math.floor(pairs[i]!.h / TOP_SHIFT) + 1]! += 1;
  }
  for (let b = 1; b <= BUCKETS; b += 1) starts[b]! += starts[b - 1]!;
  return { hashes: order, docs, starts };
}

export function indexCorpus(corpus: FingerprintCorpus): FingerprintIndex {
  return {
    corpus,
    exact: table(corpus.documents.map((d) => d.exact)),
    normalised: table(corpus.documents.map((d) => d.normalised)),
  };
}

/** Calls `visit` with each document that holds `hash` (once per document). */
export function forEachDocument(t: HashTable, hash: number, visit: (doc: number) => void): void {
  const bucket = Math.floor(hash / TOP_SHIFT);
  let lo = t.starts[bucket]!;
  let hi = t.starts[bucket + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t.hashes[mid]! < hash) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < t.hashes.length && t.hashes[i] === hash; i += 1) visit(t.docs[i]!);
}
