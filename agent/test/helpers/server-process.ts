import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real `dlp-server` entry point (compiled: `tsc -b` first, as `npm test` does). */
export const SERVER_CLI = fileURLToPath(new URL('../../../server/dist/cli.js', import.meta.url));

export interface RunningServer {
  child: ChildProcess;
  /** `https://127.0.0.1:<port>` (no /api/v1). */
  url: string;
  caPath: string;
  caPem: string;
  tenant: string;
  email: string;
  password: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `dlp-server start` on loopback with a temporary data directory and kernel-chosen ports,
 * and reads what it prints: API address, TLS CA, and the first-start Owner's sign-in.
 */
export async function startServer(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [SERVER_CLI, 'start'], {
    env: {
      ...process.env,
      DLP_DATA_DIR: dataDir,
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      DLP_LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const field = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(out)?.[1];
  const deadline = Date.now() + 60_000;
  while (!(field('API:') && field('password:'))) {
    if (child.exitCode !== null) throw new Error(`dlp-server exited ${child.exitCode}: ${err || out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`dlp-server did not print its banner: ${out}${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const api = field('API:')!;
  const caPath = field('TLS CA:')!;
  return {
    child,
    url: api.replace(/\/api\/v1$/, ''),
    caPath,
    caPem: readFileSync(caPath, 'utf8'),
    tenant: field('tenant:')!,
    email: field('e-mail:')!,
    password: field('password:')!,
    output: () => out + err,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
