/** Deterministic randomness for the labelled corpus (mulberry32): same seed, same corpus. */
export interface Rand {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(list: readonly T[]): T;
  digits(n: number): string;
  chars(n: number, alphabet: string): string;
}

export function rand(seed: number): Rand {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  const chars = (n: number, alphabet: string): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  };
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    digits: (n) => chars(n, '0123456789'),
    chars,
  };
}

export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const HEX = '0123456789abcdef';

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** A random real date as parts (years 1940–2005). */
export function birth(r: Rand): { y: number; m: number; d: number } {
  return { y: r.int(1940, 2005), m: r.int(1, 12), d: r.int(1, 28) };
}
