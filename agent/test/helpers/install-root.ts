import { spawn } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { observe, type RunResult } from './node-process.js';

/** The checkout whose installer/ the install tests run. */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const PREFIX = 'opt/custos-agent';

/** Runs a shell command line as a real bash process (what an administrator types). */
export function sh(line: string, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return observe(
    spawn('bash', ['-c', line], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ).done;
}

/**
 * The command lines of every ```sh block of a Markdown page, comments and blanks left out; with
 * `section` (a heading line, e.g. `## The Debian package`), only the blocks under that heading, up
 * to the next heading of the same or a higher level.
 */
export function shellLines(markdownPath: string, section?: string): string[] {
  let text = readFileSync(markdownPath, 'utf8');
  if (section !== undefined) {
    const start = text.split('\n').indexOf(section);
    if (start < 0) throw new Error(`${markdownPath} has no heading ${section}`);
    const level = /^#+/.exec(section)![0].length;
    const lines = text.split('\n').slice(start + 1);
    let fenced = false;
    const end = lines.findIndex((l) => {
      if (l.startsWith('```')) fenced = !fenced;
      return !fenced && /^#+ /.test(l) && /^#+/.exec(l)![0].length <= level;
    });
    text = lines.slice(0, end < 0 ? undefined : end).join('\n');
  }
  const lines: string[] = [];
  for (const m of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const raw of m[1]!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (line && !line.startsWith('#')) lines.push(line);
    }
  }
  return lines;
}

/** Every file and link under a tree (relative paths), for assertions on what was installed. */
export function walk(dir: string, out: string[] = [], base = dir): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    out.push(relative(base, p));
    if (e.isDirectory()) walk(p, out, base);
  }
  return out;
}

/** Symbolic links under `dir` whose target is outside `root` (or missing). */
export function linksLeaving(dir: string, root: string): string[] {
  const bad: string[] = [];
  const realRoot = realpathSync(root);
  for (const rel of walk(dir)) {
    const p = join(dir, rel);
    if (!lstatSync(p).isSymbolicLink()) continue;
    const target = resolve(dirname(p), readlinkSync(p));
    let real: string;
    try {
      real = realpathSync(target);
    } catch {
      bad.push(`${rel} -> ${readlinkSync(p)} (missing)`);
      continue;
    }
    if (real !== realRoot && !real.startsWith(`${realRoot}/`)) bad.push(`${rel} -> ${real}`);
  }
  return bad;
}

/** Total size in bytes of the regular files under a tree. */
export function treeBytes(dir: string): number {
  return walk(dir).reduce((n, rel) => {
    const st = lstatSync(join(dir, rel));
    return st.isFile() ? n + statSync(join(dir, rel)).size : n;
  }, 0);
}
