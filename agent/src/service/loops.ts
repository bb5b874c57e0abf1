import type { Logger } from '../log.js';
import { repeat, type Wake } from '../schedule.js';

/** One timer loop of the running service. */
export interface ServiceLoop {
  name: string;
  /** The wait after each run, read each time (a server-requested wait applies at once). */
  everyMs: () => number;
  run: () => Promise<void>;
  /** The wait before the first run (0: at once). */
  firstAfterMs?: number;
  /** Ends the current wait early: the loop runs at once. */
  wake?: Wake;
}

/** What the loops do; the service supplies each job. */
export interface LoopJobs {
  checkin(): Promise<void>;
  upload(): Promise<{ wait_ms: number }>;
  discover(): Promise<void>;
  syncWatches(): Promise<void>;
  renewCertificate(): Promise<void>;
  /** Exception decisions (issue 18), on document 2's cadence. */
  pollExceptions?(): Promise<void>;
  exceptionPollMs?(): number;
}

export interface LoopIntervals {
  checkinMs: number;
  uploadMs: number;
  discoveryMs: number;
  /** Asks for a check-in at once (SIGHUP on Linux and macOS; docs/agent.md). */
  checkinNow?: Wake;
}

/** Removable volumes come and go: re-listed every 10 s (mountinfo is cheap to read). */
export const REMOVABLE_RESCAN_MS = 10_000;
/**
 * Renewal is checked every 15 min (no request unless due): it renews only when fewer than
 * `CertificateRenewBeforeDays` remain, and a failure's back-off (15 min to 6 h) is kept by its schedule.
 */
export const RENEWAL_CHECK_MS = 15 * 60_000;

/**
 * The loops of `dlp-agent run`: check-in, upload, discovery, removable media, renewal, and
 * exception decisions when the service has them.
 */
export function serviceLoops(jobs: LoopJobs, every: LoopIntervals): ServiceLoop[] {
  let uploadWait = 0;
  const poll = jobs.pollExceptions;
  const exceptions: ServiceLoop[] = poll
    ? [
        {
          name: 'exception decisions',
          everyMs: () => jobs.exceptionPollMs?.() ?? 15 * 60_000,
          run: () => poll(),
        },
      ]
    : [];
  return [
    ...exceptions,
    {
      name: 'check-in',
      everyMs: () => every.checkinMs,
      run: () => jobs.checkin(),
      firstAfterMs: every.checkinMs,
      wake: every.checkinNow,
    },
    {
      name: 'upload',
      everyMs: () => Math.max(uploadWait, every.uploadMs),
      run: async () => {
        uploadWait = (await jobs.upload()).wait_ms;
      },
    },
    { name: 'discovery', everyMs: () => every.discoveryMs, run: () => jobs.discover() },
    {
      name: 'removable media',
      everyMs: () => REMOVABLE_RESCAN_MS,
      run: () => jobs.syncWatches(),
      firstAfterMs: REMOVABLE_RESCAN_MS,
    },
    {
      name: 'certificate renewal',
      everyMs: () => RENEWAL_CHECK_MS,
      run: () => jobs.renewCertificate(),
      firstAfterMs: RENEWAL_CHECK_MS,
    },
  ];
}

/** Runs every loop until `signal` aborts; a failing run is logged and its loop goes on. */
export async function runLoops(signal: AbortSignal, loops: ServiceLoop[], log: Logger): Promise<void> {
  await Promise.all(
    loops.map((loop) =>
      repeat(
        signal,
        loop.everyMs,
        loop.run,
        (err) => log('error', `${loop.name} failed`, { error: err.message }),
        loop.firstAfterMs ?? 0,
        loop.wake,
      ),
    ),
  );
}
