import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunResult, spawnNode } from './node-process.js';

export type { RunResult } from './node-process.js';

/** The real `dlp-agent` entry point (runs the compiled agent: `tsc -b` first, as `npm test` does). */
export const AGENT_BIN = fileURLToPath(new URL('../../bin/dlp-agent.js', import.meta.url));
export const AGENT_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export function startAgent(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; done: Promise<RunResult> } {
  const { child, done } = spawnNode(AGENT_BIN, args, env);
  return { child, done };
}

export function runAgent(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return startAgent(args, env).done;
}

export interface Enrolment {
  server: string;
  token: string;
  caFile: string;
  stateDir: string;
  /** Extra arguments, e.g. `--json`. */
  extra?: string[];
}

/** `dlp-agent enroll` with a software key (the same argument list every enrolling test needs). */
export function enrolAgent(e: Enrolment, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return runAgent(
    [
      'enroll',
      '--server',
      e.server,
      '--token',
      e.token,
      '--ca-file',
      e.caFile,
      '--state-dir',
      e.stateDir,
      '--key',
      'software',
      ...(e.extra ?? []),
    ],
    env,
  );
}
