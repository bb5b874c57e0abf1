/**
 * Shingle hashes: every run of `window` consecutive tokens becomes one 53-bit number (exact in a
 * JavaScript number, so sets and maps need no BigInt). Each token is hashed once (FNV-1a over its
 * UTF-16 units with a final avalanche); a shingle combines its tokens' hashes in order through two
 * independent 32-bit lanes. Not a cryptographic hash: the stored values only have to make chance
 * collisions between unrelated text negligible (2^53 space).
 */

function avalanche(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

export function tokenHash(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return avalanche(h ^ token.length);
}

/** Hash of every shingle of `window` tokens, in text order (empty when there are fewer tokens). */
export function shingleHashes(tokens: readonly string[], window: number): number[] {
  if (tokens.length < window) return [];
  const th = tokens.map(tokenHash);
  const out: number[] = new Array(th.length - window + 1);
  for (let start = 0; start + window <= th.length; start += 1) {
    let a = 0x9e3779b9;
    let b = 0x7f4a7c15;
    for (let k = start; k < start + window; k += 1) {
      const t = th[k]!;
      a = Math.imul(a ^ t, 0x27d4eb2f);
      a = (a << 13) | (a >>> 19);
      b = Math.imul(b + t, 0x165667b1);
      b = (b << 17) | (b >>> 15);
    }
    out[start] = (avalanche(a) & 0x1fffff) * 0x1_0000_0000 + avalanche(b ^ a);
  }
  return out;
}
