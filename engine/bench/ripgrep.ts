/**
 * ripgrep beside the scanner (issue 24): the detectors' candidate patterns, rewritten into
 * ripgrep's syntax (no lookaround, no backreferences), run by `rg -j1 --no-unicode` over the
 * same bytes in the same benchmark run. Prints nothing itself; the bench prints the figures.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { DetectorDefinition } from '../src/index.js';

/** Remove lookaround groups `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)` from a JS pattern. */
function stripLookaround(src: string): string {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '\\') {
      out += src.slice(i, i + 2);
      i++;
      continue;
    }
    const look = /^\(\?(?:=|!|<=|<!)/.exec(src.slice(i));
    if (!look) {
      out += src[i];
      continue;
    }
    let depth = 0;
    let inClass = false;
    for (; i < src.length; i++) {
      const c = src[i];
      if (c === '\\') i++;
      else if (inClass) inClass = c !== ']';
      else if (c === '[') inClass = true;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
  }
  return out;
}

/** JS pattern → ripgrep (Rust regex) candidate pattern, ASCII mode. */
export function toRipgrep(source: string, caseInsensitive: boolean): string {
  let s = stripLookaround(source);
  // A backreference to a separator group: repeat the group's class instead.
  const groups = new Map<string, string>();
  s = s.replace(/\(\?<(\w+)>(\[[^\]]*\][?*+]?)\)/g, (_, name: string, body: string) => {
    groups.set(name, body);
    return body;
  });
  s = s.replace(/\\k<(\w+)>/g, (_, name: string) => groups.get(name) ?? '');
  // Named groups: one combined pattern may not repeat a name, and counting needs no names.
  s = s.replace(/\(\?<(\w+)>/g, '(?:');
  s = s
    .replace(/\\u00a0/g, '\\xA0')
    .replace(/\\p\{L\}/g, 'A-Za-z')
    .replace(/\\p\{N\}/g, '0-9');
  return caseInsensitive ? `(?i)${s}` : s;
}

export interface RipgrepFigures {
  /** MB/s by wall clock and by the child's CPU time, best of `rounds` */
  mbps: number;
  cpuMbps: number;
  matches: number;
  patterns: number;
  skipped: number;
}

/** Clock ticks of reaped children (utime + stime of waited-for children, /proc/self/stat). */
function childTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

function rg(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('rg', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0 || r.status === 1, out: r.stdout ?? '' };
}

/** Undefined when ripgrep is not installed (the bench says so instead of a figure). */
export function ripgrepFigures(
  definitions: readonly DetectorDefinition[],
  text: string,
  dir: string,
  rounds = 3,
): RipgrepFigures | undefined {
  if (spawnSync('rg', ['--version']).status !== 0) return undefined;
  const corpus = `${dir}/corpus.txt`;
  writeFileSync(corpus, text);
  const base = ['-j1', '--no-unicode', '--no-config', '--count-matches', '--no-filename', '--text'];
  const accepted: string[] = [];
  let skipped = 0;
  for (const d of definitions)
    for (const p of d.patterns) {
      const pattern = toRipgrep(p.source, p.case_insensitive === true);
      // rg exits 2 on a pattern it cannot compile; such a pattern is left out and counted.
      if (rg([...base, '-e', pattern, '/dev/null']).ok) accepted.push(pattern);
      else skipped++;
    }
  const file = `${dir}/patterns.txt`;
  writeFileSync(file, `${accepted.join('\n')}\n`);
  const bytes = Buffer.byteLength(text);
  let bestWall = Number.POSITIVE_INFINITY;
  let bestTicks = Number.POSITIVE_INFINITY;
  let matches = 0;
  for (let i = 0; i < rounds; i++) {
    const ticks = childTicks();
    const start = performance.now();
    const r = rg([...base, '-f', file, corpus]);
    if (!r.ok) throw new Error('ripgrep refused the combined candidate patterns');
    bestWall = Math.min(bestWall, performance.now() - start);
    bestTicks = Math.min(bestTicks, childTicks() - ticks);
    matches = Number(r.out.trim() || 0);
  }
  const mb = bytes / 1024 / 1024;
  return {
    mbps: mb / (bestWall / 1000),
    cpuMbps: mb / (Math.max(bestTicks, 1) / 100),
    matches,
    patterns: accepted.length,
    skipped,
  };
}
