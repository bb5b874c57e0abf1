import { AppError } from '../../http/errors.js';
import { type SweepParts, systemServiceContext } from '../../service-context.js';
import { failSilentRuns } from './report-service.js';
import { rerunScan } from './service.js';
import { recurringSeriesHeads } from './store.js';

/** How often the schedule looks for due scans. */
export const SCHEDULE_EVERY_MS = 5 * 60_000;
const FIRST_MS = 30_000;

/**
 * Recurring scans (docs/discovery-scans.md): a series with `repeat_every_hours` whose newest run
 * completed runs again once that many hours have passed since the newest run was created. The
 * new run is a re-run started by the server (actor `system`), linked by `previous_run_id`. A
 * series whose newest run was cancelled stops repeating; one whose targets have no active
 * endpoint left is skipped (and tried again at the next pass). First, endpoint runs silent for
 * over an hour are failed (`failSilentRuns`). Returns the runs started.
 */
export async function runDueScans(
  parts: SweepParts,
  now: Date,
  log: (msg: string, fields: Record<string, unknown>) => void = () => {},
): Promise<number> {
  await failSilentRuns(parts, now);
  let started = 0;
  for (const head of await recurringSeriesHeads(parts.db)) {
    const due = Date.parse(head.created_at) + (head.repeat_every_hours ?? 0) * 3_600_000;
    if (due > now.getTime()) continue;
    try {
      await rerunScan(systemServiceContext(parts, head.tenant_id), head.id);
      started += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      log('recurring discovery scan not started', { scan_id: head.id, code: err.code });
    }
  }
  return started;
}

/** Runs `pass` 30 seconds after the call, then every five minutes; the returned function stops it. */
export function startScanSchedule(pass: () => void): () => void {
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    pass();
    every = setInterval(pass, SCHEDULE_EVERY_MS);
    every.unref();
  }, FIRST_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
