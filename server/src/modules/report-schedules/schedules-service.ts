import { randomUUID } from 'node:crypto';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { type ReportCall, visibleReport } from '../reports/public.js';
import { type Cadence, isKnownZone, nextOccurrence } from './occurrence.js';
import {
  deleteSchedule,
  findDestination,
  findSchedule,
  insertSchedule,
  listRuns,
  listSchedules,
  updateSchedule,
} from './store.js';
import type { ReportScheduleRunsTable, ReportSchedulesTable } from './tables.js';

/** Report schedules (document 2; docs/report-schedules.md, Schedules). */
export interface ScheduleInput {
  timezone?: string | undefined;
  local_minute?: number | undefined;
  cadence?: Cadence | undefined;
  day?: number | null | undefined;
  enabled?: boolean | undefined;
  destination_id?: string | null | undefined;
  delivery_format?: 'csv' | undefined;
}

export const timeOf = (s: Pick<ReportSchedulesTable, 'timezone' | 'local_minute' | 'cadence' | 'day'>) => ({
  timezone: s.timezone,
  local_minute: s.local_minute,
  cadence: s.cadence as Cadence,
  day: s.day,
});

export function scheduleView(s: ReportSchedulesTable, reportName: string) {
  return {
    id: s.id,
    report_id: s.report_id,
    report_name: reportName,
    timezone: s.timezone,
    local_minute: s.local_minute,
    cadence: s.cadence as Cadence,
    day: s.day,
    enabled: s.enabled === 1,
    destination_id: s.destination_id,
    delivery_format: 'csv' as const,
    state:
      s.paused_reason !== null
        ? ('paused' as const)
        : s.enabled === 1
          ? ('active' as const)
          : ('disabled' as const),
    paused_reason: s.paused_reason,
    next_run_at: s.next_run_at,
    run_as: s.run_as,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export function runView(r: ReportScheduleRunsTable) {
  return {
    id: r.id,
    schedule_id: r.schedule_id,
    occurrence_at: r.occurrence_at,
    state: r.state as 'running' | 'retrying' | 'succeeded' | 'failed' | 'paused',
    attempts: r.attempts,
    next_attempt_at: r.next_attempt_at,
    rows: r.rows,
    error_code: r.error_code,
    detail: r.detail,
    started_at: r.started_at,
    finished_at: r.finished_at,
  };
}

/** The cadence's day: weekly 0 (Monday)..6, monthly 1..31, daily none (422 `day` otherwise). */
function checkDay(cadence: Cadence, day: number | null): void {
  if (cadence === 'daily' && day !== null) throw fieldError('day', 'a daily schedule takes no day');
  if (cadence === 'weekly' && (day === null || day > 6))
    throw fieldError('day', 'a weekly schedule takes a day from 0 (Monday) to 6 (Sunday)');
  if (cadence === 'monthly' && (day === null || day < 1))
    throw fieldError('day', 'a monthly schedule takes a day of the month from 1 to 31');
}

/** A destination of this tenant; a delivery also needs incidents:export of whoever saves it. */
async function checkDestination(ctx: ServiceContext, p: Principal, id: string | null): Promise<void> {
  if (id === null) return;
  if (!(await findDestination(ctx.db, p.tenantId, id)))
    throw fieldError('destination_id', 'must name a delivery destination of this organisation');
  if (!p.permissions.has('incidents:export'))
    throw new AppError('auth.forbidden', 'delivering a report needs incidents:export', [
      { field: 'permission', message: 'incidents:export' },
    ]);
}

async function names(c: ReportCall, rows: ReportSchedulesTable[]) {
  const found = new Map<string, string>();
  // A deleted report's schedules stay listed (empty name) until deleted; their next run pauses.
  for (const s of rows)
    if (!found.has(s.report_id))
      found.set(
        s.report_id,
        await visibleReport(c, s.report_id).then(
          (r) => r.name,
          () => '',
        ),
      );
  return rows.map((s) => scheduleView(s, found.get(s.report_id) ?? ''));
}

export async function listForReport(c: ReportCall, reportId: string) {
  await visibleReport(c, reportId);
  return { items: await names(c, await listSchedules(c.ctx.db, c.principal.tenantId, reportId)) };
}

export async function listAll(c: ReportCall) {
  return { items: await names(c, await listSchedules(c.ctx.db, c.principal.tenantId)) };
}

export async function visibleSchedule(c: ReportCall, id: string): Promise<ReportSchedulesTable> {
  const s = await findSchedule(c.ctx.db, c.principal.tenantId, id);
  if (!s) throw notFound('report schedule');
  return s;
}

export async function getSchedule(c: ReportCall, id: string) {
  const s = await visibleSchedule(c, id);
  return (await names(c, [s]))[0]!;
}

const auditMeta = (s: ReportSchedulesTable) => ({
  report_id: s.report_id,
  cadence: s.cadence,
  timezone: s.timezone,
  local_minute: s.local_minute,
  enabled: s.enabled === 1,
  destination_id: s.destination_id,
});

export async function createSchedule(
  c: ReportCall,
  reportId: string,
  input: Required<Pick<ScheduleInput, 'timezone' | 'local_minute' | 'cadence'>> & ScheduleInput,
) {
  const report = await visibleReport(c, reportId);
  if (!isKnownZone(input.timezone)) throw fieldError('timezone', 'must be an IANA time zone name');
  const day = input.day ?? null;
  checkDay(input.cadence, day);
  const destination = input.destination_id ?? null;
  await checkDestination(c.ctx, c.principal, destination);
  const now = c.ctx.clock.now();
  const enabled = input.enabled ?? true;
  const row: ReportSchedulesTable = {
    id: randomUUID(),
    tenant_id: c.principal.tenantId,
    report_id: report.id,
    run_as: c.principal.userId,
    timezone: input.timezone,
    local_minute: input.local_minute,
    cadence: input.cadence,
    day,
    enabled: enabled ? 1 : 0,
    destination_id: destination,
    delivery_format: 'csv',
    paused_reason: null,
    next_run_at: enabled ? nextOccurrence(timeOf({ ...input, day }), now).toISOString() : null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await c.ctx.db.transaction().execute(async (trx) => {
    await insertSchedule(trx, row);
    await c.ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: 'report_schedule.created',
        subject: { type: 'report_schedule', id: row.id },
        metadata: auditMeta(row),
      },
      trx,
    );
  });
  return scheduleView(row, report.name);
}

/**
 * PATCH: the changed fields are checked as on creation; whoever saves becomes the principal the
 * runs are checked against; `enabled: true` resumes a paused schedule from the next occurrence.
 */
export async function changeSchedule(c: ReportCall, id: string, input: ScheduleInput) {
  const s = await visibleSchedule(c, id);
  const report = await visibleReport(c, s.report_id);
  const timezone = input.timezone ?? s.timezone;
  if (input.timezone !== undefined && !isKnownZone(timezone))
    throw fieldError('timezone', 'must be an IANA time zone name');
  const cadence = input.cadence ?? (s.cadence as Cadence);
  const day = input.day !== undefined ? input.day : input.cadence !== undefined ? null : s.day;
  checkDay(cadence, day);
  const destination = input.destination_id !== undefined ? input.destination_id : s.destination_id;
  await checkDestination(c.ctx, c.principal, destination);
  const enabled = input.enabled ?? (s.enabled === 1 && s.paused_reason === null);
  const now = c.ctx.clock.now();
  const time = { timezone, local_minute: input.local_minute ?? s.local_minute, cadence, day };
  const next: ReportSchedulesTable = {
    ...s,
    ...time,
    run_as: c.principal.userId,
    enabled: enabled ? 1 : 0,
    destination_id: destination,
    paused_reason: enabled ? null : s.paused_reason,
    next_run_at: enabled ? nextOccurrence(time, now).toISOString() : null,
    updated_at: now.toISOString(),
  };
  const { id: _id, tenant_id, report_id, created_at, ...change } = next;
  await c.ctx.db.transaction().execute(async (trx) => {
    await updateSchedule(trx, s.tenant_id, s.id, change);
    await c.ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: 'report_schedule.updated',
        subject: { type: 'report_schedule', id },
        metadata: auditMeta(next),
      },
      trx,
    );
  });
  return scheduleView(next, report.name);
}

export async function removeSchedule(c: ReportCall, id: string): Promise<void> {
  const s = await visibleSchedule(c, id);
  await c.ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteSchedule(trx, s.tenant_id, id))) throw notFound('report schedule');
    await c.ctx.audit.write(
      auditContextFor(c.ctx),
      { action: 'report_schedule.deleted', subject: { type: 'report_schedule', id }, metadata: auditMeta(s) },
      trx,
    );
  });
}

export async function scheduleRuns(c: ReportCall, id: string) {
  const s = await visibleSchedule(c, id);
  return { items: (await listRuns(c.ctx.db, s.tenant_id, s.id)).map(runView) };
}
