import type { DecisionPipeline } from '../pipeline.js';
import { runDiscovery } from '../sensors/discovery.js';
import { FileStateStore } from '../sensors/file-state-store.js';
import { insideStateDir } from '../service/discovery-pass.js';
import type { AgentState } from '../service/state.js';
import { HttpError } from '../transport/errors.js';
import { FindingSink, type ScanFinding, ScanStopped } from './finding-sink.js';
import { type ScanCommand, scanCommandOf, scanRoots } from './scope.js';

/** Findings per report (the server takes at most 500). */
const BATCH = 200;
/** A walk reports at least this often: the server fails a run silent for an hour. */
const REPORT_EVERY_MS = 60_000;

interface Progress {
  files_seen: number;
  files_read: number;
  bytes_read: number;
}

/**
 * Runs the discovery scans the server sends at check-in, one at a time in arrival order, beside
 * the service's loops (docs/discovery-scans.md). A scan walks the monitored paths with the same
 * walker and the same decision as discovery, but over a fresh in-memory file store, so every file
 * is read whatever the incremental pass remembers; nothing is queued as an event. Progress and
 * findings go to `POST /agent/discovery-scans/{id}/report`; a `cancelled` answer or a 409 ends
 * the scan at once.
 */
export class DiscoveryScanRunner {
  private readonly waiting: ScanCommand[] = [];
  private readonly known = new Set<string>();
  private running: Promise<void> | null = null;
  private current: FindingSink | null = null;

  constructor(
    private readonly s: AgentState,
    private readonly pipeline: Pick<DecisionPipeline, 'evaluate'>,
  ) {}

  /** Queues a `DiscoveryScan` command (a repeated scan id is ignored); `kick` starts it. */
  accept(cmd: { payload?: unknown }): void {
    const scan = scanCommandOf(cmd);
    if (!scan) {
      this.s.log('warn', 'DiscoveryScan not carried out', { reason: 'malformed payload' });
      return;
    }
    if (this.known.has(scan.scan_id)) return;
    this.known.add(scan.scan_id);
    this.waiting.push(scan);
  }

  /**
   * Starts the queued scans, once the check-in that brought them is over: a scan sent with the
   * first check-in then runs under the bundle that check-in fetched.
   */
  kick(): void {
    if (this.waiting.length === 0) return;
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no scan is waiting or running (`dlp-agent run --once` waits for it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Ends the running scan at its next file (the service is stopping). */
  stop(): void {
    this.waiting.length = 0;
    if (this.current) this.current.stopped = true;
  }

  private async drain(): Promise<void> {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      try {
        await this.run(next);
      } catch (err) {
        this.s.log('warn', 'discovery scan ended early', {
          scan_id: next.scan_id,
          error: (err as Error).message,
        });
      }
    }
  }

  private post(scanId: string, body: Record<string, unknown>) {
    return this.s.transport.json<{ cancelled?: boolean }>(
      'POST',
      `/api/v1/agent/discovery-scans/${scanId}/report`,
      body,
      { key: this.s.key, deviceId: this.s.enrollment.device_id },
    );
  }

  private async run(scan: ScanCommand): Promise<void> {
    const s = this.s;
    const rt = s.runtime;
    const progress: Progress = { files_seen: 0, files_read: 0, bytes_read: 0 };
    if (!rt) {
      await this.post(scan.scan_id, {
        state: 'failed',
        ...progress,
        error: 'no policy is in force on this endpoint',
        findings: [],
      });
      return;
    }
    const { roots, skipped } = scanRoots(rt.monitored_paths, scan.paths);
    s.log('info', 'discovery scan started', { scan_id: scan.scan_id, roots: roots.length });
    let pending: ScanFinding[] = [];
    let cancelled = false;
    let lastSent = Date.now();
    const send = async (state: 'running' | 'completed') => {
      lastSent = Date.now();
      const batch = pending.splice(0, 500);
      const answer = await this.post(scan.scan_id, {
        state: state === 'completed' && pending.length > 0 ? 'running' : state,
        ...progress,
        skipped_paths: skipped,
        findings: batch,
      });
      if (answer.cancelled) cancelled = true;
    };
    const report = async () => {
      progress.files_read = sink.filesRead;
      progress.bytes_read = sink.bytesRead;
      await send('running');
      if (cancelled) sink.stopped = true;
    };
    const sink = new FindingSink(
      this.pipeline,
      async (f) => {
        pending.push(f);
        if (pending.length >= BATCH) await report();
      },
      async () => {
        if (Date.now() - lastSent >= REPORT_EVERY_MS) await report();
      },
    );
    this.current = sink;
    const store = new FileStateStore(':memory:');
    try {
      await send('running');
      if (cancelled) return;
      const stats = await runDiscovery(
        roots.map((path) => ({ path, channel: 'discovery' })),
        {
          store,
          sink,
          maxReadBytes: s.config.maxReadBytes,
          skip: insideStateDir(s),
          bundleVersion: rt.bundle_version,
          log: (m) => s.log('debug', m),
        },
      );
      Object.assign(progress, {
        files_seen: stats.files_seen,
        files_read: stats.files_inspected,
        bytes_read: stats.bytes_read,
      });
      do await send('completed');
      while (pending.length > 0 && !cancelled);
      s.log('info', 'discovery scan done', { scan_id: scan.scan_id, ...progress });
    } catch (err) {
      if (err instanceof ScanStopped || (err instanceof HttpError && err.status === 409)) {
        s.log('info', 'discovery scan stopped', { scan_id: scan.scan_id });
        return;
      }
      throw err;
    } finally {
      this.current = null;
      pending = [];
      store.close();
      s.platform.releaseFreedMemory();
    }
  }
}
