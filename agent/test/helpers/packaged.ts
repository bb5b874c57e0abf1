import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './install-root.js';
import { observe, type RunResult } from './node-process.js';

/** What `npm run package` writes (scripts/package/build.mjs). */
export const PACKAGE_DIR = join(REPO, 'dist/package');
export const LINUX_EXE = join(PACKAGE_DIR, 'linux-x64/dlp-agent');
export const DEB = join(PACKAGE_DIR, 'custos-agent_0.1.0_amd64.deb');

export interface BuildInfo {
  version: string;
  commit: string;
  node: string;
  artifacts: Record<string, { bytes: number; sha256: string; assets?: Record<string, string> }>;
}

/**
 * Builds the Linux executable and the .deb from this checkout (`tsc -b` has run, as `npm test`
 * does), the way `npm run package` does, and answers the build's record. Always built afresh: an
 * executable left from an earlier checkout must not pass for this one.
 */
export function buildLinuxPackage(): BuildInfo {
  execFileSync(
    process.execPath,
    [join(REPO, 'scripts/package/build.mjs'), '--target', 'linux-x64', '--deb'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  if (!existsSync(LINUX_EXE) || !existsSync(DEB))
    throw new Error('npm run package wrote no executable or .deb');
  return JSON.parse(readFileSync(join(PACKAGE_DIR, 'build-info.json'), 'utf8')) as BuildInfo;
}

/**
 * Runs an executable with only the environment given (plus PATH): nothing of the test's own Node
 * (NODE_OPTIONS and the like) reaches it.
 */
export function runExe(
  exe: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RunResult> {
  return observe(
    spawn(exe, args, {
      cwd,
      env: { PATH: process.env.PATH, HOME: cwd, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ).done;
}
