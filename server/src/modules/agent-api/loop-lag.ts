import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** The sampling step of the delay histogram, in milliseconds (its figures include it). */
const RESOLUTION_MS = 10;

/**
 * Whether this process's event loop was late in the last window (DLP_INGEST_LATE_LOOP_MS,
 * docs/deploy.md, Ingest admission): the longest delay `monitorEventLoopDelay` saw in the
 * window, less its sampling step, above `limitMs`. Upload admission refuses new uploads while it
 * is, so an instance that cannot keep up gives its loop to check-ins and policy fetches (which
 * wait for it) before batches (which their endpoints keep and send again).
 */
export class LoopLag {
  private late = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly limitMs: number,
    windowMs = 500,
    private readonly histogram: Pick<
      IntervalHistogram,
      'max' | 'reset' | 'enable' | 'disable'
    > = monitorEventLoopDelay({ resolution: RESOLUTION_MS }),
  ) {
    histogram.enable();
    this.timer = setInterval(() => this.endWindow(), windowMs);
    this.timer.unref();
  }

  /** Closes the current window: late when its longest delay was above the limit. */
  endWindow(): void {
    this.late = this.histogram.max / 1e6 - RESOLUTION_MS > this.limitMs;
    this.histogram.reset();
  }

  get isLate(): boolean {
    return this.late;
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
