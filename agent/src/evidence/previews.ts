import { type DetectorFinding, maskValue } from '@custos/engine';
import type { PolicyRuntime } from '../policy/runtime.js';

/**
 * Detector previews (docs/agent.md, "Detector previews"; docs/incidents.md): produced only when
 * the deciding policy version's `evidence` asks for them, and only masked. `redacted_previews`:
 * the engine's masked value of a hit (`4111 **** **** 1111`); `context_snippets`: that masked
 * value with up to 24 characters either side, in which every digit and every character of
 * another hit is masked too. The raw value never leaves this function.
 */
export const MAX_PREVIEWS = 5;
const CONTEXT = 24;
const MAX_SNIPPET = 160;

export interface PreviewsAsked {
  values: boolean;
  snippets: boolean;
}

/** What the deciding policy's `evidence` asks for (only the deciding policy counts, like full_file). */
export function previewsAsked(rt: PolicyRuntime | null, decidedBy: string | null): PreviewsAsked {
  const policy = decidedBy === null ? undefined : rt?.payload.policies.find((p) => p.policy_id === decidedBy);
  const evidence = policy?.evidence as
    | { redacted_previews?: boolean; context_snippets?: boolean }
    | undefined;
  return { values: evidence?.redacted_previews === true, snippets: evidence?.context_snippets === true };
}

/** Control characters, line breaks and direction overrides: made spaces in a preview. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** One line of text, unsafe characters made spaces, runs of spaces one. */
function flat(text: string): string {
  return text.replace(UNSAFE, ' ').replace(/\s+/g, ' ');
}

/** Context around a hit: digits and other hits' letters and digits masked. */
function maskedContext(text: string, from: number, to: number, hits: readonly [number, number][]): string {
  let out = '';
  for (let i = from; i < to; i++) {
    const c = text[i] as string;
    const inHit = hits.some(([s, e]) => i >= s && i < e);
    out += /\p{N}/u.test(c) || (inHit && /[\p{L}\p{N}]/u.test(c)) ? '*' : c;
  }
  return out;
}

function snippet(
  text: string,
  start: number,
  end: number,
  category: string,
  hits: readonly [number, number][],
) {
  const before = maskedContext(text, Math.max(0, start - CONTEXT), start, hits);
  const after = maskedContext(text, end, Math.min(text.length, end + CONTEXT), hits);
  const s = flat(`${before}${maskValue(text.slice(start, end), category)}${after}`).trim();
  return s.length > MAX_SNIPPET ? `${s.slice(0, MAX_SNIPPET - 1)}…` : s;
}

/**
 * The masked previews and snippets of each finding, by detector id (first hits first, at most
 * five of each). Empty when nothing is asked for.
 */
export function detectorPreviews(
  findings: readonly DetectorFinding[],
  text: string | null,
  asked: PreviewsAsked,
): Map<string, { previews?: string[]; snippets?: string[] }> {
  const out = new Map<string, { previews?: string[]; snippets?: string[] }>();
  if (text === null || (!asked.values && !asked.snippets)) return out;
  const spans = findings.flatMap((f) => f.hits.map((h) => [h.start, h.end] as [number, number]));
  for (const f of findings) {
    const hits = f.hits.slice(0, MAX_PREVIEWS);
    if (hits.length === 0) continue;
    const entry: { previews?: string[]; snippets?: string[] } = {};
    if (asked.values)
      entry.previews = hits.map((h) => flat(maskValue(text.slice(h.start, h.end), f.category)));
    if (asked.snippets)
      entry.snippets = hits.map((h) =>
        snippet(
          text,
          h.start,
          h.end,
          f.category,
          spans.filter(([s, e]) => !(s === h.start && e === h.end)),
        ),
      );
    out.set(f.detector_id, entry);
  }
  return out;
}
