import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Debian packages the TPM tests need (the same list as `.ci/run`). */
const PACKAGES = [
  'swtpm',
  'swtpm-tools',
  'tpm2-tools',
  'libtss2-esys-3.0.2-0',
  'libtss2-tctildr0',
  'libtss2-mu0',
  'libtss2-rc0',
  'libtss2-tcti-swtpm0',
];

function hasSwtpm(): boolean {
  return spawnSync('swtpm', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure swtpm is installed, installing it through the project's own script when it is not.
 * Returns undefined when it is available, or the reason it cannot be (the caller prints it and
 * skips; the tests never skip silently).
 */
export function ensureSwtpm(): string | undefined {
  if (hasSwtpm()) return undefined;
  const script = resolve(import.meta.dirname, '../../../scripts/install-test-deps.sh');
  try {
    execFileSync('bash', [script, ...PACKAGES], { stdio: 'pipe' });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    return `swtpm could not be installed (${stderr || String(err)})`;
  }
  return hasSwtpm() ? undefined : 'swtpm is still missing after installing its packages';
}

async function listenOn(port: number): Promise<Server | undefined> {
  const srv = createServer();
  return new Promise((r) => {
    srv.once('error', () => r(undefined));
    srv.listen(port, '127.0.0.1', () => r(srv));
  });
}

/**
 * Two consecutive free loopback ports: the swtpm TCTI of tpm2-tss always reaches the control
 * channel on the server port + 1.
 */
async function freePortPair(): Promise<number> {
  for (;;) {
    const first = await listenOn(0);
    if (!first) continue;
    const port = (first.address() as { port: number }).port;
    const second = port < 65535 ? await listenOn(port + 1) : undefined;
    await new Promise<void>((r) => first.close(() => r()));
    if (second) {
      await new Promise<void>((r) => second.close(() => r()));
      return port;
    }
  }
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((r) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      r(true);
    });
    s.once('error', () => r(false));
  });
}

/** A real software TPM 2.0 on a loopback port, with its state in a temporary directory. */
export class Swtpm {
  readonly dir: string;
  port = 0;
  #child: ChildProcess | undefined;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async start(): Promise<Swtpm> {
    const tpm = new Swtpm(await mkdtemp(join(tmpdir(), 'custos-swtpm-')));
    await mkdir(join(tpm.dir, 'state'), { recursive: true });
    await tpm.restart();
    return tpm;
  }

  get tcti(): string {
    return `swtpm:host=127.0.0.1,port=${this.port}`;
  }

  /**
   * Starts (or starts again, with the same TPM state), on a fresh free port pair or, with
   * `samePort`, on the ports it had (what a TPM restart looks like to a connected client).
   */
  async restart(options: { samePort?: boolean } = {}): Promise<void> {
    await this.stop();
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = options.samePort && this.port !== 0 ? this.port : await freePortPair();
      const child = spawn(
        'swtpm',
        [
          'socket',
          '--tpm2',
          '--server',
          `type=tcp,port=${port},bindaddr=127.0.0.1`,
          '--ctrl',
          `type=tcp,port=${port + 1},bindaddr=127.0.0.1`,
          '--tpmstate',
          `dir=${join(this.dir, 'state')}`,
          '--flags',
          'startup-clear,not-need-init',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let exited = false;
      child.once('exit', () => {
        exited = true;
      });
      for (let i = 0; i < 100 && !exited; i++) {
        if (await accepts(port)) {
          this.port = port;
          this.#child = child;
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGKILL');
    }
    throw new Error('swtpm did not start');
  }

  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((r) => {
      child.once('exit', () => r());
      child.kill('SIGTERM');
    });
  }

  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
