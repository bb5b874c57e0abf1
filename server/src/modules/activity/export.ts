import { createHash } from 'node:crypto';
import { auditContextFor } from '../../service-context.js';
import { activityRows } from '../agent-events/public.js';
import { csvLine } from '../incidents/public.js';
import { askExportApproval, countUse, exportReference, requireApproval } from '../reports/public.js';
import { findTenantById } from '../tenants/public.js';
import { activityTotal } from './counts.js';
import type { ActivityQuery } from './query.js';
import { windowOf } from './query.js';
import { type ActivityCall, filterOf, rowOf } from './service.js';

/** The pseudo report id under which Activity Explorer export requests are kept and approved. */
export const ACTIVITY_EXPORT = 'activity-events';
/** The most rows one export sends (as a report export). */
export const EXPORT_CAP = 10_000;

/** The approval key of a query: its filters as given, sorted (docs/activity-explorer.md, Export). */
export function queryKey(q: ActivityQuery): string {
  const filters = Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify({ sort: null, dir: null, filters });
}

const COLUMNS = [
  'id',
  'occurred_at',
  'received_at',
  'endpoint_id',
  'hostname',
  'user_name',
  'channel',
  'file_name',
  'requested_action',
  'applied_action',
  'enforcement_result',
  'reduced',
  'outcome',
  'severity',
  'policy_id',
  'match_count',
  'categories',
  'incident_id',
] as const;

const cell = (v: unknown) =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join(';') : String(v);

/**
 * POST /activity-events/export (incidents:export): the first 10,000 matching events, newest
 * first, as CSV with `export_watermark` on every row, the report export's headers and its
 * approval rule (document 2; docs/activity-explorer.md, Export).
 */
export async function exportActivity(c: ActivityCall, q: ActivityQuery, approval: string | undefined) {
  const w = windowOf(q, c.ctx.clock.now());
  const f = await filterOf(c, q, w);
  // One export budget per person: report and activity exports draw on the same 30 an hour.
  await countUse(c, 'export', ACTIVITY_EXPORT);
  const rows = await activityRows(c.ctx.db, f, { limit: EXPORT_CAP, offset: 0 });
  const total = await activityTotal(c.ctx.db, f);
  const approvalId = await requireApproval(
    c,
    { reportId: ACTIVITY_EXPORT, view: queryKey(q), format: 'csv', rows: rows.length },
    approval,
  );
  const tenant = await findTenantById(c.ctx.db, c.principal.tenantId);
  const reference = exportReference();
  const mark = `${tenant?.slug ?? ''}/${reference}`;
  const lines = [csvLine([...COLUMNS, 'export_watermark'])];
  for (const r of rows) {
    const row = rowOf(r);
    lines.push(csvLine([...COLUMNS.map((k) => cell(row[k])), mark]));
  }
  const body = Buffer.from(lines.join(''), 'utf8');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const truncated = total > rows.length;
  await c.ctx.audit.write(auditContextFor(c.ctx), {
    action: 'activity.exported',
    subject: null,
    metadata: {
      reference,
      format: 'csv',
      rows: rows.length,
      total,
      truncated,
      view_parameters: Object.keys(q).sort(),
      content_sha256: sha256,
      approval_id: approvalId,
    },
  });
  const window = `${f.from}/${f.to}`;
  return {
    body,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="activity-${c.ctx.clock.now().toISOString().slice(0, 10)}-${reference}.csv"`,
      'x-svc-report-rows': String(rows.length),
      'x-svc-report-total': String(total),
      'x-svc-report-truncated': String(truncated),
      'x-svc-report-window': window,
      'x-svc-export-reference': reference,
      'x-svc-export-sha256': sha256,
    },
  };
}

/** POST /activity-events/export-requests: asks for an approval of this query's export. */
export async function requestActivityExport(c: ActivityCall, q: ActivityQuery, reason: string) {
  const w = windowOf(q, c.ctx.clock.now());
  const f = await filterOf(c, q, w);
  const total = await activityTotal(c.ctx.db, f);
  return askExportApproval(
    c,
    { report_id: ACTIVITY_EXPORT, view: queryKey(q), format: 'csv' },
    Math.min(total, EXPORT_CAP),
    reason,
  );
}
