import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../http/errors.js';
import type { ExportFormat } from './export-service.js';
import {
  decideExportRequest,
  exportThreshold,
  findExportRequest,
  insertExportRequest,
  listExportRequests,
  pendingExportRequest,
  saveExportThreshold,
} from './export-store.js';
import { type ApprovalCall, auditOf, type ReportCall, tenantOf } from './route-parts.js';
import { checkView, reportPage } from './run-service.js';
import { visibleReport } from './service.js';
import type { ReportExportRequestsTable } from './tables.js';
import { type View, viewFromKey, viewKey } from './view.js';

export const REQUEST_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;

const requestAnswer = (r: ReportExportRequestsTable) => ({ id: r.id, rows: r.rows, threshold: r.threshold });

/**
 * POST /reports/{id}/export-requests (document 2): asks for the export of this report, view and
 * format. 201 with `{id, rows, threshold}`; the caller's pending request for the same export
 * answers 200 again; 409 when the export needs no approval.
 */
export async function requestExport(
  c: ReportCall,
  id: string,
  view: View,
  format: ExportFormat,
  reason: string,
) {
  const report = await visibleReport(c, id);
  checkView(c, report, view);
  const { rows } = await reportPage(c, report, view, { limit: 0, offset: 0 });
  return askExportApproval(c, { report_id: report.id, view: viewKey(view), format }, rows, reason);
}

/**
 * Records the caller's request to export `rows` rows of one export (a report's view and format,
 * or an Activity Explorer query under the pseudo report `activity-events`): 201 `{id, rows,
 * threshold}`, the caller's pending request for the same export again with 200, 409 when the
 * export needs no approval. Approve, reject and withdraw are the reports routes'.
 */
export async function askExportApproval(
  c: ApprovalCall,
  what: { report_id: string; view: string; format: string },
  rows: number,
  reason: string,
) {
  const threshold = await exportThreshold(c.ctx.db, tenantOf(c));
  if (threshold === null || rows <= threshold)
    throw new AppError('resource.conflict', 'this export needs no approval', [
      {
        field: 'rows',
        message: threshold === null ? 'the tenant has no export threshold' : 'at or below the threshold',
      },
    ]);
  const key = { ...what, requested_by: c.principal.userId };
  const pending = await pendingExportRequest(c.ctx.db, tenantOf(c), key);
  if (pending) return { created: false, answer: requestAnswer(pending) };
  const row: ReportExportRequestsTable = {
    id: randomUUID(),
    tenant_id: tenantOf(c),
    ...key,
    reason: reason.trim(),
    rows,
    threshold,
    state: 'pending',
    decided_by: null,
    decided_at: null,
    used_at: null,
    created_at: c.ctx.clock.now().toISOString(),
  };
  await c.ctx.db.transaction().execute(async (trx) => {
    await insertExportRequest(trx, row);
    await c.ctx.audit.write(
      auditOf(c),
      {
        action: 'report.export_requested',
        subject: { type: 'report_export_request', id: row.id },
        metadata: { report_id: what.report_id, format: what.format, rows, threshold },
      },
      trx,
    );
  });
  return { created: true, answer: requestAnswer(row) };
}

export async function listRequests(c: ReportCall, state: string | undefined) {
  const rows = await listExportRequests(c.ctx.db, tenantOf(c), state);
  return {
    items: rows.map((r) => {
      const v = viewFromKey(r.view);
      return {
        id: r.id,
        report_id: r.report_id,
        report_name: r.report_name ?? null,
        requested_by: r.requested_by,
        requested_by_email: r.requested_by_email ?? null,
        reason: r.reason,
        format: r.format,
        view: {
          sort: v.sort ?? null,
          dir: v.dir ?? null,
          filters: Object.entries(v.filters).map(([name, value]) => ({ name, value: value ?? '' })),
        },
        rows: r.rows,
        threshold: r.threshold,
        state: r.state,
        decided_by_email: r.decided_by_email ?? null,
        decided_at: r.decided_at,
        used_at: r.used_at,
        created_at: r.created_at,
        mine: r.requested_by === c.principal.userId,
      };
    }),
  };
}

/**
 * Approve or reject: anyone holding incidents:export but the asker (403
 * `report.export_self_decision_refused`). Withdraw: the asker only. Only a pending request moves
 * (409 otherwise); each move is audited.
 */
export async function decideRequest(c: ReportCall, id: string, decision: 'approve' | 'reject' | 'withdraw') {
  const r = await findExportRequest(c.ctx.db, tenantOf(c), id);
  if (!r) throw notFound('export request');
  const mine = r.requested_by === c.principal.userId;
  if (decision !== 'withdraw' && mine)
    throw new AppError(
      'report.export_self_decision_refused',
      'someone other than the asker decides an export request',
    );
  if (decision === 'withdraw' && !mine)
    throw new AppError('auth.forbidden', 'only the asker withdraws an export request');
  const state = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'withdrawn';
  await c.ctx.db.transaction().execute(async (trx) => {
    if (
      !(await decideExportRequest(
        trx,
        tenantOf(c),
        id,
        state,
        c.principal.userId,
        c.ctx.clock.now().toISOString(),
      ))
    )
      throw new AppError('resource.conflict', 'the export request is no longer pending', [
        { field: 'state', message: `is ${r.state}` },
      ]);
    await c.ctx.audit.write(
      auditOf(c),
      {
        action: `report.export_${state}`,
        subject: { type: 'report_export_request', id },
        metadata: { report_id: r.report_id, format: r.format, rows: r.rows },
      },
      trx,
    );
  });
}

/** POST /settings/report-exports (tenant:manage): the approval threshold, audited with its reason. */
export async function setExportSettings(c: ReportCall, value: number | null, reason: string) {
  const before = await exportThreshold(c.ctx.db, tenantOf(c));
  const at = c.ctx.clock.now().toISOString();
  await c.ctx.db.transaction().execute(async (trx) => {
    await saveExportThreshold(trx, tenantOf(c), value, c.principal.userId, at);
    await c.ctx.audit.write(
      auditOf(c),
      {
        action: 'settings.report_exports_changed',
        subject: null,
        metadata: { approval_above_rows: value, previous_above_rows: before, reason: reason.trim() },
      },
      trx,
    );
  });
  return { approval_above_rows: value, updated_at: at };
}
