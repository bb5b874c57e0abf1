import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import type { FromShard, ShardFigures, ShardInit, ToShard } from './shard.js';

/**
 * The repository's root, found from this module's place: in the repository (tests) or inside the
 * bundle run.mjs makes under node_modules/.cache/fleet-sim.
 */
function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'scripts', 'fleet-sim', 'worker.ts'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('fleet simulator: scripts/fleet-sim/worker.ts not found');
    dir = up;
  }
  return dir;
}

/**
 * worker.ts as one ES module, bundled by esbuild the way run.mjs bundles the simulator (a worker
 * thread loads plain JavaScript, not TypeScript), named by its content's hash so runs at once and
 * runs of different builds never load each other's, and placed beside run.mjs's bundle, three
 * folders below the root, where the agent's helpers resolve their packages as they do there.
 */
async function workerBundle(): Promise<string> {
  const root = repositoryRoot();
  const out = await build({
    entryPoints: [join(root, 'scripts', 'fleet-sim', 'worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  });
  const code = out.outputFiles[0]!.contents;
  const dir = join(root, 'node_modules', '.cache', 'fleet-sim');
  const file = join(dir, `worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}

type Reply = Exclude<FromShard, { type: 'enrolled' } | { type: 'failed' }>;

/**
 * The main thread's handle on one worker: posts messages, and waits for a reply by its type.
 * A worker that fails (an error it reports, an uncaught one, or its exit before the reply)
 * rejects every wait, so a broken shard fails the run instead of hanging it.
 */
export class Shard {
  private readonly arrived = new Map<string, Reply>();
  private readonly waiting = new Map<string, { resolve(m: Reply): void; reject(e: Error): void }>();
  private failure: Error | null = null;
  /** Called with the shard's count of endpoints enrolled so far, after each one. */
  onEnrolled: (total: number) => void = () => {};
  readonly exited: Promise<void>;

  constructor(
    readonly init: ShardInit,
    private readonly worker: Worker,
  ) {
    worker.on('message', (m: FromShard) => {
      if (m.type === 'enrolled') this.onEnrolled(m.total);
      else if (m.type === 'failed') this.fail(new Error(`worker ${init.shard}: ${m.message}`));
      else {
        const w = this.waiting.get(m.type);
        this.waiting.delete(m.type);
        if (w) w.resolve(m);
        else this.arrived.set(m.type, m);
      }
    });
    worker.on('error', (err) => this.fail(err));
    this.exited = new Promise((resolve) =>
      worker.on('exit', (code) => {
        this.fail(new Error(`worker ${init.shard} exited (${code}) before answering`));
        resolve();
      }),
    );
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const w of this.waiting.values()) w.reject(this.failure);
    this.waiting.clear();
  }

  post(m: ToShard): void {
    this.worker.postMessage(m);
  }

  reply<T extends Reply['type']>(type: T): Promise<Extract<Reply, { type: T }>> {
    const got = this.arrived.get(type);
    if (got) {
      this.arrived.delete(type);
      return Promise.resolve(got as Extract<Reply, { type: T }>);
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) =>
      this.waiting.set(type, { resolve: resolve as (m: Reply) => void, reject }),
    );
  }

  /** The run's figures, after which the worker closes its pools and ends. */
  async figures(): Promise<ShardFigures> {
    this.post({ type: 'stop' });
    const { figures } = await this.reply('figures');
    await this.exited;
    return figures;
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * Starts a worker per shard, one after the other: each opens its check-in lanes' first
 * connections before the next starts (worker.ts), so round robin behind the balancer puts each
 * shard's lanes on different instances.
 */
export async function startShards(inits: ShardInit[]): Promise<Shard[]> {
  const file = await workerBundle();
  const shards: Shard[] = [];
  try {
    for (const init of inits) {
      const shard = new Shard(init, new Worker(file, { workerData: init, execArgv: [] }));
      shards.push(shard);
      await shard.reply('ready');
    }
  } catch (err) {
    await Promise.all(shards.map((s) => s.terminate()));
    throw err;
  }
  return shards;
}
