import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The real `dlp-agent` entry point (runs the compiled agent: `tsc -b` first, as `npm test` does). */
export const AGENT_BIN = fileURLToPath(new URL('../../bin/dlp-agent.js', import.meta.url));
export const AGENT_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function startAgent(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; done: Promise<RunResult> } {
  const child = spawn(process.execPath, [AGENT_BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => {
    stdout += d;
  });
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const done = new Promise<RunResult>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function runAgent(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return startAgent(args, env).done;
}
