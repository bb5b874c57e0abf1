import { type ChildProcess, spawn } from 'node:child_process';

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface NodeProcess {
  child: ChildProcess;
  /** What the process has written so far (stdout then stderr). */
  output(): { stdout: string; stderr: string };
  done: Promise<RunResult>;
}

/**
 * Runs a Node.js entry point (`dlp-agent`, `dlp-server`) as a real child process with this Node,
 * the current environment plus `env`, and collects what it writes. The one place agent tests and
 * the end-to-end test spawn processes, so every child is started and observed the same way.
 */
export function spawnNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  /** Inherited variables to leave out (e.g. the caller's own DLP_* server settings). */
  dropInherited?: RegExp,
): NodeProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !dropInherited?.test(name)),
  );
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return observe(child);
}

/**
 * Collects what a spawned child (stdio piped) writes until it exits: the one place agent test
 * helpers gather a process's output, whatever started it (`spawnNode`, `runExe`, `sh`).
 */
export function observe(child: ChildProcess): NodeProcess {
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
  return { child, output: () => ({ stdout, stderr }), done };
}
