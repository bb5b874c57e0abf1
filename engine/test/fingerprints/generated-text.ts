/**
 * Deterministic made-up documents for the fingerprint tests: contract-like prose from sentence
 * templates over generated words, in paragraphs. Seeded, so every run sees the same text. Nothing
 * here comes from a real document.
 */

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = [
  'ka',
  'ro',
  'mi',
  'te',
  'sul',
  'an',
  'vor',
  'di',
  'pel',
  'ne',
  'us',
  'tra',
  'li',
  'gon',
  'be',
  'shi',
  'o',
  'ren',
  'fa',
  'ti',
];

function words(r: () => number, n: number, syllables: number): string[] {
  const out = new Set<string>();
  while (out.size < n) {
    let w = '';
    const k = 1 + Math.floor(r() * syllables);
    for (let i = 0; i < k; i += 1) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    out.add(w);
  }
  return [...out];
}

const base = rng(7);
const NOUNS = words(base, 400, 3);
const VERBS = words(base, 150, 2);
const ADJECTIVES = words(base, 150, 3);
const NAMES = words(base, 60, 2).map((w) => w[0]!.toUpperCase() + w.slice(1));

const TEMPLATES = [
  'The N shall V the A N of the N.',
  'Each N may V any N, provided that the N is A.',
  'Notwithstanding the N, P will V the N within the A period.',
  'If the N is V by P, the A N of the N remains in force.',
  'P and P agree that no N shall V the N without A consent.',
  'All A N under this N are V to the N of P.',
  'The N, the N and the A N are V together.',
  'Any N arising from the N shall be V in A N.',
];

/** Picks from a list with a skew towards its start, as word use is skewed. */
function skewed<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() ** 2 * list.length)]!;
}

export function sentence(r: () => number): string {
  const t = TEMPLATES[Math.floor(r() * TEMPLATES.length)]!;
  return t.replace(/\b[NVAP]\b/g, (slot) => {
    if (slot === 'N') return skewed(r, NOUNS);
    if (slot === 'V') return skewed(r, VERBS);
    if (slot === 'A') return skewed(r, ADJECTIVES);
    return skewed(r, NAMES);
  });
}

export function paragraph(r: () => number, minWords: number): string {
  const parts: string[] = [];
  let count = 0;
  while (count < minWords) {
    const s = sentence(r);
    parts.push(s);
    count += s.split(' ').length;
  }
  return parts.join(' ');
}

export function documentText(r: () => number, paragraphs: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < paragraphs; i += 1) out.push(paragraph(r, 40 + Math.floor(r() * 60)));
  return out;
}

/** The same text with case and punctuation changed throughout, Turkish capitals included. */
export function recased(text: string, r: () => number): string {
  return text
    .split(/(?<=[.,])\s+/)
    .map((part) => {
      const pick = r();
      const cased = pick < 0.3 ? part.toUpperCase() : pick < 0.6 ? part.toLowerCase() : part;
      const turkish = cased.replace(/I/g, 'İ');
      return turkish.replace(/[.,]$/, r() < 0.5 ? ';' : ' —');
    })
    .join('   ');
}
