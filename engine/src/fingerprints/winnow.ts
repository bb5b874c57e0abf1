/**
 * Winnowing (Schleimer, Wilkerson and Aiken, 2003): from every run of `winnow` consecutive
 * shingle hashes keep the smallest (the rightmost on a tie), so any shared passage of at least
 * `window + winnow - 1` tokens shares at least one kept hash while only about 2 / (winnow + 1) of
 * the hashes are stored. A sequence shorter than one run keeps its smallest hash.
 */
export function winnow(hashes: readonly number[], winnowSize: number): number[] {
  if (hashes.length === 0) return [];
  const w = Math.min(winnowSize, hashes.length);
  const kept = new Set<number>();
  let minAt = -1;
  for (let end = w - 1; end < hashes.length; end += 1) {
    const start = end - w + 1;
    if (minAt < start) {
      minAt = start;
      for (let i = start + 1; i <= end; i += 1) if (hashes[i]! <= hashes[minAt]!) minAt = i;
    } else if (hashes[end]! <= hashes[minAt]!) {
      minAt = end;
    }
    kept.add(hashes[minAt]!);
  }
  return [...kept].sort((x, y) => x - y);
}
