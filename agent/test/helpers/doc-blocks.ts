import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { whenTrue } from './wait.js';

/** The repository root (this file is agent/test/helpers/doc-blocks.ts). */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The shell blocks a document marks for its test: a fenced `sh` block between
 * `<!-- test:NAME -->` and `<!-- /test:NAME -->`. Several blocks of one name are returned in order.
 * A name with no block is an error, so a marker lost in an edit fails the test.
 */
export function markedBlocks(file: string, name: string): string[] {
  const text = readFileSync(join(REPO, file), 'utf8');
  const pattern = new RegExp(
    `<!-- test:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\s*<!-- /test:${name} -->`,
    'g',
  );
  const blocks = [...text.matchAll(pattern)].map((m) => m[1]!);
  if (blocks.length === 0) throw new Error(`${file} has no block marked test:${name}`);
  return blocks;
}

/**
 * Replaces the value of one `NAME=value` line of a block: what a reader types in from what the
 * server printed. The documented line must be there, so the substitution cannot silently miss.
 */
export function setVariable(block: string, name: string, value: string): string {
  const line = new RegExp(`^${name}=(?:'[^']*'|\\S+)(.*)$`, 'm');
  if (!line.test(block)) throw new Error(`the block has no ${name}=… line`);
  return block.replace(line, (_all, rest: string) => `${name}=${value}${rest}`);
}

/**
 * A directory that looks like a fresh checkout after `npm ci`: the repository's packages, build
 * output and node_modules linked in, but its own working files (`.data/`), so documented relative
 * paths work without touching the developer's `.data/`.
 */
export function fakeCheckout(dir: string): string {
  for (const name of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'node_modules',
    'engine',
    'server',
    'agent',
    'console',
    'installer',
    'scripts',
    'docs',
  ])
    symlinkSync(join(REPO, name), join(dir, name));
  return dir;
}

/** What a shell inherits: this process's environment without server settings or npm's own. */
export function shellEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DLP_|npm_|NPM_|INIT_CWD$)/.test(k)),
  );
  // Offline like every test: npm and npx never ask a registry.
  return { ...inherited, npm_config_offline: 'true', npm_config_update_notifier: 'false', ...extra };
}

export interface ShellRun {
  child: ChildProcess;
  output(): string;
  done: Promise<{ code: number | null; output: string }>;
  /** Ctrl-C for the whole job (its own process group), then SIGKILL after 20 s. */
  interrupt(): Promise<void>;
}

/**
 * Runs a block with bash as a reader's terminal would, but stopping at the first failing command
 * (`-e -o pipefail`) so a documented line that stops working fails the test.
 */
export function runShell(script: string, cwd: string, env: NodeJS.ProcessEnv): ShellRun {
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, output: out }));
  });
  return {
    child,
    output: () => out,
    done,
    async interrupt() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid!, 'SIGINT');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, 20_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/**
 * Waits until `pattern` appears in what a run printed, checked on each chunk it prints; fails
 * early if the run ends.
 */
export async function waitForOutput(run: ShellRun, pattern: RegExp, ms = 120_000): Promise<RegExpExecArray> {
  const found = () => pattern.exec(run.output());
  if (run.child.exitCode === null && !found())
    await whenTrue([run.child.stdout!, run.child.stderr!], 'data', () => found() !== null, `${pattern}`, ms, {
      source: run.child,
      event: 'close',
      describe: () => `the command ended: ${run.output()}`,
    });
  const m = found();
  if (!m) throw new Error(`the command ended: ${run.output()}`);
  return m;
}
