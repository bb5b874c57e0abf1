import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { spawnNode } from './node-process.js';
import { whenTrue } from './wait.js';

/**
 * What systemd does for the agent's unit (`Restart=on-failure`), in a test: runs
 * `node <executable> run --state-dir D` and starts it again — from the same path, whatever the
 * file holds now — whenever it leaves with a non-zero code (the update's restart code is 75).
 * Output of every run is kept.
 */
export class SupervisedAgent extends EventEmitter {
  readonly exits: (number | null)[] = [];
  log = '';
  private child: ChildProcess | null = null;
  private stopping = false;
  /** Where the current run's output starts in `log`. */
  private runFrom = 0;

  constructor(
    readonly executable: string,
    readonly stateDir: string,
    readonly env: NodeJS.ProcessEnv,
  ) {
    super();
    this.start();
  }

  private start(): void {
    this.runFrom = this.log.length;
    const p = spawnNode(this.executable, ['run', '--state-dir', this.stateDir], this.env);
    this.child = p.child;
    const take = (d: Buffer) => {
      this.log += d.toString();
      this.emit('output');
    };
    p.child.stdout!.on('data', take);
    p.child.stderr!.on('data', take);
    void p.done.then((r) => {
      this.exits.push(r.code);
      this.emit('output');
      if (!this.stopping && r.code !== 0 && this.exits.length < 20) this.start();
      else this.emit('ended');
    });
  }

  /** Waits for a log line containing `text` (counting from `from`, an offset in the log). */
  waitFor(text: string, ms: number, from = 0): Promise<void> {
    return whenTrue([this], 'output', () => this.log.indexOf(text, from) >= 0, `agent log: ${text}`, ms);
  }

  /**
   * Asks the running agent for a check-in at once (SIGHUP, docs/agent.md), once it can take the
   * signal: before its handler is in place, SIGHUP would end the process.
   */
  async checkInNow(ms = 30_000): Promise<void> {
    await this.waitFor('SIGHUP checks in at once', ms, this.runFrom);
    this.child?.kill('SIGHUP');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (!this.child || this.child.exitCode !== null) return;
    const ended = new Promise((r) => this.once('ended', r));
    this.child.kill('SIGTERM');
    await ended;
  }
}
