import { randomUUID } from 'node:crypto';
import { findUserById } from '../../http/auth-store.js';
import type { AuthRegistry } from '../../http/authenticate.js';
import { isAppError } from '../../http/errors.js';
import type { Permission } from '../../http/permissions.js';
import type { Principal } from '../../http/principal.js';
import type { ReportIncidentsPort } from '../../ports/report-incidents-port.js';
import { auditContextFor, type SweepParts, systemServiceContext } from '../../service-context.js';
import { exportReport, type ReportCall, viewOf, visibleReport } from '../reports/public.js';
import type { Lookup } from './address-rules.js';
import { deliver } from './delivery.js';
import { secretOf } from './destinations-service.js';
import { nextOccurrence } from './occurrence.js';
import { timeOf } from './schedules-service.js';
import {
  advanceSchedule,
  claimRetry,
  dueRetries,
  dueSchedules,
  findDestination,
  insertDelivery,
  insertRun,
  scheduleById,
  updateRun,
  updateSchedule,
} from './store.js';
import type { ReportScheduleRunsTable, ReportSchedulesTable } from './tables.js';

/**
 * The scheduler (document 2, Schedule rules; docs/report-schedules.md, Runs). Every instance
 * runs a pass on its own timer; the unique (schedule, occurrence) key of the runs table decides
 * which instance runs an occurrence, and a retry is taken by a conditional update, so nothing runs
 * twice across instances or restarts.
 */
export interface RunnerParts {
  sweep: SweepParts;
  masterKey: Buffer;
  queryTimeoutMs: number;
  auth: AuthRegistry;
  incidents: ReportIncidentsPort;
  lookup: Lookup;
}

/** Attempt n+1 waits RETRY_AFTER_S[n-1] seconds after attempt n failed; three attempts in all. */
export const RETRY_AFTER_S = [30, 120] as const;
const BATCH = 100;

/** What a run needs the person behind it to hold right now (document 2). */
const NEEDED: Permission[] = ['reports:schedule', 'incidents:read'];

/** An error that ends the run and pauses the schedule (authorization and object errors). */
class Permanent extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One pass: start the occurrences that have come, then the retries that are due. */
export async function schedulerPass(p: RunnerParts): Promise<void> {
  const now = p.sweep.clock.now();
  const { db } = p.sweep;
  for (const s of await dueSchedules(db, now.toISOString(), BATCH)) {
    const occurrence = s.next_run_at as string;
    const run: ReportScheduleRunsTable = {
      id: randomUUID(),
      tenant_id: s.tenant_id,
      schedule_id: s.id,
      occurrence_at: occurrence,
      state: 'running',
      attempts: 1,
      next_attempt_at: null,
      report_version: null,
      rows: null,
      error_code: null,
      detail: null,
      started_at: now.toISOString(),
      finished_at: null,
    };
    const mine = await insertRun(db, run);
    // Occurrences missed while no instance ran are not caught up: the next one is after now.
    await advanceSchedule(db, s.id, occurrence, nextOccurrence(timeOf(s), now).toISOString());
    if (mine) await attempt(p, s, run);
  }
  for (const r of await dueRetries(db, now.toISOString(), BATCH)) {
    if (!(await claimRetry(db, r.id, r.attempts))) continue;
    const s = await scheduleById(db, r.schedule_id);
    const claimed = { ...r, attempts: r.attempts + 1, state: 'running' };
    if (!s)
      await updateRun(
        db,
        r.id,
        finished(claimed, 'failed', 'schedule_deleted', 'the schedule was deleted', now.toISOString()),
      );
    else await attempt(p, s, claimed);
  }
}

function finished(
  r: ReportScheduleRunsTable,
  state: string,
  code: string | null,
  detail: string,
  at: string,
) {
  return { state, attempts: r.attempts, error_code: code, detail, next_attempt_at: null, finished_at: at };
}

/** The principal of the person the schedule runs as, from their current account and role. */
async function principalOf(p: RunnerParts, s: ReportSchedulesTable): Promise<Principal> {
  const user = await findUserById(p.sweep.db, s.tenant_id, s.run_as);
  if (user?.status !== 'active')
    throw new Permanent('principal_inactive', 'the person the schedule runs as is no longer active');
  const role = await p.auth.roleFor(p.sweep.db, s.tenant_id, user);
  const needed = s.destination_id ? [...NEEDED, 'incidents:export' as Permission] : NEEDED;
  const missing = needed.find((x) => !role.permissions.has(x));
  if (missing)
    throw new Permanent('principal_forbidden', `the person the schedule runs as no longer holds ${missing}`);
  return {
    kind: 'user',
    tenantId: s.tenant_id,
    userId: user.id,
    role: user.role,
    customRoleId: user.custom_role_id,
    ...role,
  };
}

/** One attempt of a run: checks, the report's CSV, its delivery; then the run's new state. */
async function attempt(p: RunnerParts, s: ReportSchedulesTable, run: ReportScheduleRunsTable): Promise<void> {
  const ctx = systemServiceContext(p.sweep, s.tenant_id);
  const now = () => p.sweep.clock.now().toISOString();
  const end = async (state: string, code: string | null, detail: string, rows: number | null = null) =>
    updateRun(p.sweep.db, run.id, { ...finished(run, state, code, detail, now()), rows });
  try {
    const principal = await principalOf(p, s);
    const c: ReportCall = {
      ctx,
      query: { ctx, queryTimeoutMs: p.queryTimeoutMs },
      principal,
      incidents: p.incidents,
    };
    const report = await visibleReport(c, s.report_id).catch((err: unknown) => {
      throw isAppError(err) && err.status === 404
        ? new Permanent('report_missing', 'the report was deleted')
        : err;
    });
    if (run.report_version === null)
      await updateRun(p.sweep.db, run.id, { report_version: report.row_version });
    else if (run.report_version !== report.row_version)
      return await end(
        'failed',
        'report_changed',
        'the report changed between attempts; the retry was not sent',
      );
    const destination = s.destination_id
      ? await findDestination(p.sweep.db, s.tenant_id, s.destination_id)
      : null;
    if (s.destination_id && !destination)
      throw new Permanent('destination_missing', 'the delivery destination is gone');
    const exported = await exportReport(c, report.id, viewOf({}), 'csv', undefined, false).catch(
      (err: unknown) => {
        throw isAppError(err) && err.status < 500 && err.status !== 429
          ? new Permanent(err.code, err.message)
          : err;
      },
    );
    const rows = Number(exported.headers['x-svc-report-rows']);
    if (!destination) return await succeeded(p, s, run, rows, null);
    const result = await deliver(
      {
        url: destination.url,
        secret: secretOf(p.masterKey, destination),
        caCertificate: destination.ca_certificate,
        body: exported.body,
        contentType: exported.headers['content-type'] ?? 'text/csv; charset=utf-8',
        headers: {
          'idempotency-key': `report-run-${run.id}`,
          'x-svc-schedule-id': s.id,
          'x-svc-occurrence': run.occurrence_at,
          ...Object.fromEntries(Object.entries(exported.headers).filter(([k]) => k.startsWith('x-svc-'))),
        },
      },
      p.lookup,
    );
    await insertDelivery(p.sweep.db, {
      id: randomUUID(),
      tenant_id: s.tenant_id,
      destination_id: destination.id,
      schedule_id: s.id,
      run_id: run.id,
      kind: 'report',
      attempt: run.attempts,
      outcome: result.outcome,
      http_status: result.httpStatus,
      detail: result.detail,
      bytes: exported.body.length,
      content_sha256: exported.headers['x-svc-export-sha256'] ?? null,
      at: now(),
    });
    if (result.outcome === 'delivered') return await succeeded(p, s, run, rows, destination.id);
    if (result.outcome === 'refused')
      throw new Permanent('address_refused', `the destination ${result.detail}`);
    await retryOrFail(p, run, 'delivery_failed', result.detail, rows);
  } catch (err) {
    if (err instanceof Permanent) return await pause(p, s, run, err);
    await retryOrFail(p, run, 'run_error', 'the report could not be produced', null);
  }
}

async function retryOrFail(
  p: RunnerParts,
  run: ReportScheduleRunsTable,
  code: string,
  detail: string,
  rows: number | null,
) {
  const wait = RETRY_AFTER_S[run.attempts - 1];
  if (wait === undefined) {
    await updateRun(p.sweep.db, run.id, {
      ...finished(run, 'failed', code, detail, p.sweep.clock.now().toISOString()),
      rows,
    });
    return;
  }
  const at = new Date(p.sweep.clock.now().getTime() + wait * 1000).toISOString();
  await updateRun(p.sweep.db, run.id, {
    state: 'retrying',
    error_code: code,
    detail,
    rows,
    next_attempt_at: at,
  });
}

async function succeeded(
  p: RunnerParts,
  s: ReportSchedulesTable,
  run: ReportScheduleRunsTable,
  rows: number,
  destinationId: string | null,
) {
  const ctx = systemServiceContext(p.sweep, s.tenant_id);
  const at = p.sweep.clock.now().toISOString();
  await p.sweep.db.transaction().execute(async (trx) => {
    const detail = destinationId ? 'delivered' : 'produced; no destination';
    await updateRun(trx, run.id, { ...finished(run, 'succeeded', null, detail, at), rows });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'report_schedule.run_succeeded',
        subject: { type: 'report_schedule', id: s.id },
        metadata: {
          report_id: s.report_id,
          run_id: run.id,
          occurrence_at: run.occurrence_at,
          attempt: run.attempts,
          rows,
          destination_id: destinationId,
          run_as: s.run_as,
        },
      },
      trx,
    );
  });
}

/** A permanent error: the run ends paused and so does the schedule, until someone enables it. */
async function pause(p: RunnerParts, s: ReportSchedulesTable, run: ReportScheduleRunsTable, err: Permanent) {
  const ctx = systemServiceContext(p.sweep, s.tenant_id);
  const at = p.sweep.clock.now().toISOString();
  await p.sweep.db.transaction().execute(async (trx) => {
    await updateRun(trx, run.id, finished(run, 'paused', err.code, err.message, at));
    await updateSchedule(trx, s.tenant_id, s.id, {
      enabled: 0,
      paused_reason: err.message,
      next_run_at: null,
      updated_at: at,
    });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'report_schedule.paused',
        subject: { type: 'report_schedule', id: s.id },
        metadata: { report_id: s.report_id, run_id: run.id, error_code: err.code, run_as: s.run_as },
      },
      trx,
    );
  });
}
