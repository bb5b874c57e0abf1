/**
 * Aho-Corasick automaton compiled to a dense DFA over character classes, the prefilter of the
 * scanner (issue 3: literal/keyword prefilter; reference §3.4: keyword lists must never become a
 * regex alternation in V8). One pass over the text finds every anchor and keyword at once.
 *
 * Patterns are matched against folded text (text/unicode.ts) without building a folded copy: the
 * class table maps each original code unit straight to the class of its folded form.
 */
import { getFoldTable } from './text/unicode.js';

export interface AhoCorasick {
  /** Original code unit → character class (0 = a character no pattern contains). */
  readonly classOf: Uint16Array;
  readonly classCount: number;
  /**
   * delta[row + class] = next row, where row = state * classCount; a next state that has
   * outputs is stored bitwise-negated (~row) so the hot loop tests one sign per character.
   */
  readonly delta: Int32Array;
  /** For each state: index into `outputs` or -1. */
  readonly outputStart: Int32Array;
  /** Concatenated pattern-id lists, each terminated by -1. */
  readonly outputs: Int32Array;
  readonly patternLengths: Int32Array;
}

/** Build the automaton. `patterns` must already be folded; empty patterns are not allowed. */
export function buildAhoCorasick(patterns: readonly string[]): AhoCorasick {
  const fold = getFoldTable();
  // Character classes: one per distinct folded code unit used by any pattern.
  const classByUnit = new Map<number, number>();
  for (const p of patterns) {
    if (p.length === 0) throw new TypeError('empty pattern');
    for (let i = 0; i < p.length; i++) {
      const u = p.charCodeAt(i);
      if (!classByUnit.has(u)) classByUnit.set(u, classByUnit.size + 1);
    }
  }
  const classCount = classByUnit.size + 1;
  const classOf = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) classOf[c] = classByUnit.get(fold[c]!) ?? 0;

  // Trie.
  const children: Map<number, number>[] = [new Map()];
  const terminal: number[][] = [[]];
  patterns.forEach((p, id) => {
    let s = 0;
    for (let i = 0; i < p.length; i++) {
      const cls = classByUnit.get(p.charCodeAt(i))!;
      let next = children[s]!.get(cls);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        terminal.push([]);
        children[s]!.set(cls, next);
      }
      s = next;
    }
    terminal[s]!.push(id);
  });

  // Breadth-first failure links, folded into a complete transition table.
  const stateCount = children.length;
  const delta = new Int32Array(stateCount * classCount);
  const fail = new Int32Array(stateCount);
  const outputsOf: number[][] = terminal.map((t) => [...t]);
  const queue: number[] = [];
  for (const [cls, next] of children[0]!) {
    delta[cls] = next;
    queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head]!;
    const f = fail[s]!;
    outputsOf[s]!.push(...outputsOf[f]!);
    for (let cls = 0; cls < classCount; cls++) {
      const next = children[s]!.get(cls);
      if (next === undefined) delta[s * classCount + cls] = delta[f * classCount + cls]!;
      else {
        fail[next] = delta[f * classCount + cls]!;
        delta[s * classCount + cls] = next;
        queue.push(next);
      }
    }
  }

  const hasOutput = outputsOf.map((o) => o.length > 0);
  for (let i = 0; i < delta.length; i++) {
    const next = delta[i]!;
    delta[i] = hasOutput[next] ? ~(next * classCount) : next * classCount;
  }
  const outputStart = new Int32Array(stateCount).fill(-1);
  const flat: number[] = [];
  for (let s = 0; s < stateCount; s++) {
    const outs = outputsOf[s]!;
    if (outs.length === 0) continue;
    outputStart[s] = flat.length;
    flat.push(...outs, -1);
  }
  return {
    classOf,
    classCount,
    delta,
    outputStart,
    outputs: Int32Array.from(flat),
    patternLengths: Int32Array.from(patterns.map((p) => p.length)),
  };
}
