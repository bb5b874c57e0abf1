/**
 * A lookup structure over a corpus: every (hash, document) pair sorted by hash, with a table of
 * where each value of the hash's top 16 bits starts, so finding a hash is one table read and a
 * binary search over about entries / 1,048,576 pairs. Typed arrays only: a 10,000-document corpus
 * costs about 12 bytes per stored fingerprint, not a Map entry each.
 */
import type { FingerprintCorpus } from './corpus.js';

const TOP_SHIFT = 2 ** 33; // 53-bit hashes: the top 20 bits pick the bucket
const BUCKETS = 1_048_576;

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
  // Counting sort by bucket, then a short insertion sort inside each bucket (about
  // total / 1,048,576 pairs each): no per-pair objects, no comparator over millions of entries.
  const starts = new Uint32Array(BUCKETS + 1);
  for (const l of lists) for (const h of l) starts[Math.floor(h / TOP_SHIFT) + 1]! += 1;
  for (let b = 1; b <= BUCKETS; b += 1) starts[b]! += starts[b - 1]!;
  const fill = starts.slice(0, BUCKETS);
  const hashes = new Float64Array(total);
  const docs = new Uint32Array(total);
  lists.forEach((l, d) => {
    for (const h of l) {
      const at = fill[Math.floor(h / TOP_SHIFT)]!++;
      hashes[at] = h;
      docs[at] = d;
    }
  });
  for (let b = 0; b < BUCKETS; b += 1) {
    for (let i = starts[b]! + 1; i < starts[b + 1]!; i += 1) {
      const h = hashes[i]!;
      const d = docs[i]!;
      let j = i - 1;
      while (j >= starts[b]! && (hashes[j]! > h || (hashes[j] === h && docs[j]! > d))) {
        hashes[j + 1] = hashes[j]!;
        docs[j + 1] = docs[j]!;
        j -= 1;
      }
      hashes[j + 1] = h;
      docs[j + 1] = d;
    }
  }
  return { hashes, docs, starts };
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
