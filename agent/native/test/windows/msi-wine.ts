import { spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { CACHE, NODE_EXE, PREFIX } from './wine.js';

/**
 * The MSI tests' machine: a copy of the Wine test prefix (the shared one stays clean), its own
 * wineserver session, and the MSI built from wix/ around a payload. Payload: CUSTOS_MSI_PAYLOAD
 * (the single-executable directory of `npm run package`), else a stand-in staged from Windows
 * node.exe and the built agent (wix/stage-node-payload.sh).
 */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
export const STAND_IN = process.env.CUSTOS_MSI_PAYLOAD === undefined;
const ENTRY_ARGS = STAND_IN ? '"[INSTALLDIR]app\\node_modules\\@custos\\agent\\bin\\dlp-agent.js" ' : '';

export interface WineMachine {
  prefix: string;
  /** Where the service's Wine debug output lands (services.exe was started with +eventlog,+service). */
  serviceTrace: string;
  msi: string;
  /** Runs a Windows program; stdio to files (Windows node.exe cannot write to a Unix pipe). */
  run(
    args: string[],
    opts?: { winedebug?: string; env?: NodeJS.ProcessEnv },
  ): { status: number | null; stdout: string; stderr: string };
  /** drive_c path of a Windows path under C:. */
  c(path: string): string;
  reg(args: string[]): string;
  /** Regular files under a C: folder (none when it does not exist). */
  files(path: string): string[];
  stop(): void;
}

/** Node >= 24 needs the one-byte VirtualAlloc2 patch under Wine 8 (scripts/native-wine-setup.sh). */
function patchForWine(exe: string): void {
  const b = readFileSync(exe);
  const name = Buffer.from('VirtualAlloc2\0');
  const at = b.indexOf(name);
  if (at < 0) return; // already patched, or an older Node
  b[at + 12] = 88;
  writeFileSync(exe, b);
}

export function buildMsi(work: string): string {
  let payload = process.env.CUSTOS_MSI_PAYLOAD ?? '';
  if (STAND_IN) {
    payload = join(work, 'payload');
    const staged = spawnSync('bash', ['wix/stage-node-payload.sh', payload, NODE_EXE], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    if (staged.status !== 0) throw new Error('wix/stage-node-payload.sh failed');
  } else {
    // A test copy: the patch breaks the Authenticode signature, the shipped file is never touched.
    cpSync(payload, join(work, 'payload'), { recursive: true });
    payload = join(work, 'payload');
    patchForWine(join(payload, 'dlp-agent.exe'));
  }
  const msi = join(work, 'custos-agent.msi');
  const built = spawnSync(
    'bash',
    ['wix/build.sh', '--payload', payload, '--entry-args', ENTRY_ARGS, '--out', msi],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`wix/build.sh failed: ${built.stderr}`);
  return msi;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export function wineMachine(work: string, msi: string): WineMachine {
  const prefix = join(work, 'prefix');
  spawnSync('cp', ['-a', PREFIX, prefix]);
  const serviceTrace = join(work, 'services-stderr.txt');
  const env = (winedebug: string, extra: NodeJS.ProcessEnv = {}) => ({
    ...process.env,
    WINEPREFIX: prefix,
    WINEDEBUG: winedebug,
    ...extra,
  });
  const run: WineMachine['run'] = (args, opts = {}) => {
    const out = join(work, 'out.txt');
    const err = join(work, 'err.txt');
    const o = openSync(out, 'w');
    const e = openSync(err, 'w');
    try {
      const r = spawnSync('wine', args, {
        stdio: ['ignore', o, e],
        env: env(opts.winedebug ?? '-all', opts.env),
        timeout: 240_000,
      });
      return { status: r.status, stdout: readFileSync(out, 'utf8'), stderr: readFileSync(err, 'utf8') };
    } finally {
      closeSync(o);
      closeSync(e);
    }
  };
  const reg = (args: string[]) => run(['reg', ...args]).stdout;
  // Set before the session starts, so services.exe (and the agent service) see it: the keep-alive
  // switch Wine 8 needs (transport/client.ts).
  const envKey = 'HKLM\\System\\CurrentControlSet\\Control\\Session Manager\\Environment';
  reg(['add', envKey, '/v', 'DLP_AGENT_TCP_KEEPALIVE', '/t', 'REG_SZ', '/d', 'off', '/f']);
  // A service process gets ServicesPipeTimeout to connect its dispatcher and report a first state,
  // or StartServices fails with 1053: 30 s on Windows, 10 s in Wine 8. Windows' value here, so a
  // machine loaded by other builds does not fail an installation Windows would complete (Wine
  // reads it as REG_SZ; set to 200 ms, the installed service's start fails with exactly 1053).
  reg([
    'add',
    'HKLM\\System\\CurrentControlSet\\Control',
    '/v',
    'ServicesPipeTimeout',
    '/t',
    'REG_SZ',
    '/d',
    '30000',
    '/f',
  ]);
  spawnSync('wineserver', ['-k'], { env: env('-all'), stdio: 'ignore' });
  spawnSync('wineserver', ['-p'], { env: env('-all'), stdio: 'ignore' });
  // The session's first process starts services.exe: with +eventlog (the agent's events) and
  // +service with timestamps (when a service process connected and which state it reported, so a
  // StartServices failure such as 1053 can be read from the trace), and its stderr kept.
  const t = openSync(serviceTrace, 'w');
  spawnSync('wine', ['cmd', '/c', 'exit'], {
    stdio: ['ignore', 'ignore', t],
    env: env('+timestamp,+eventlog,+service'),
  });
  closeSync(t);
  const c = (path: string) => join(prefix, 'drive_c', ...path.replace(/^C:\\/i, '').split('\\'));
  const files = (path: string): string[] => {
    const root = c(path);
    if (!existsSync(root)) return [];
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else out.push(p.slice(root.length + 1));
      }
    };
    walk(root);
    return out;
  };
  return {
    prefix,
    serviceTrace,
    msi,
    run,
    c,
    reg,
    files,
    stop() {
      spawnSync('wineserver', ['-k'], { env: env('-all'), stdio: 'ignore' });
    },
  };
}

export function cacheWork(name: string): string {
  const dir = join(CACHE, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Polls a condition (a process we do not own is reaching a state), up to a deadline. */
export async function waitFor(what: string, check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
