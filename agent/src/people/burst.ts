/** Document 2: one answer covers a burst — the same policy and destination for five minutes. */
export const BURST_MS = 5 * 60_000;

/**
 * The answers that cover a burst, in memory (a restart asks again). Keyed by person, policy,
 * prompt kind and destination (the removable volume's serial, else the file's folder). An answer
 * covers the operations after it for five minutes from the answer; a timeout counts as the answer
 * Cancel, so an absent person is not asked once per file of a copy of a hundred.
 */
export class BurstMemo<T> {
  private readonly answers = new Map<string, { at: number; value: T }>();

  constructor(private readonly clock: () => number) {}

  private static key(parts: (string | null)[]): string {
    return JSON.stringify(parts);
  }

  get(parts: (string | null)[]): T | null {
    const k = BurstMemo.key(parts);
    const hit = this.answers.get(k);
    if (!hit) return null;
    if (this.clock() - hit.at >= BURST_MS) {
      this.answers.delete(k);
      return null;
    }
    return hit.value;
  }

  set(parts: (string | null)[], value: T): void {
    const now = this.clock();
    // Expired entries go as new ones come: the map never holds more than five minutes of answers.
    for (const [k, v] of this.answers) if (now - v.at >= BURST_MS) this.answers.delete(k);
    this.answers.set(BurstMemo.key(parts), { at: now, value });
  }
}
