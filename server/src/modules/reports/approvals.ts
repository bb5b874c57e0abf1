import { AppError } from '../../http/errors.js';
import { exportThreshold, findExportRequest, useExportApproval } from './export-store.js';
import { type ApprovalCall, tenantOf } from './route-parts.js';

/** Document 2: an approval is usable for under a day from its request. */
export const APPROVAL_LIFETIME_MS = 86_400_000;

const unusable = (field: string, message: string) =>
  new AppError('resource.conflict', 'the approval cannot be used for this export', [{ field, message }]);

export interface ExportAsk {
  reportId: string;
  view: string;
  format: string;
  rows: number;
}

/**
 * The export approval rule (document 2, Report details): above the tenant's
 * `approval_above_rows` an export is 403 `report.export_approval_required` (details rows and
 * threshold) unless `approval` names an approved, unused request of the caller under a day old
 * for this report, view and format; any other approval is 409 naming what does not fit. The
 * approval is used (once) here. Returns the approval used, or null when none was needed.
 */
export async function requireApproval(c: ApprovalCall, ask: ExportAsk, approval: string | undefined) {
  const threshold = await exportThreshold(c.ctx.db, tenantOf(c));
  if (threshold === null || ask.rows <= threshold) return null;
  if (approval === undefined)
    throw new AppError('report.export_approval_required', 'this export needs an approved export request', [
      { field: 'rows', message: String(ask.rows) },
      { field: 'threshold', message: String(threshold) },
    ]);
  const r = await findExportRequest(c.ctx.db, tenantOf(c), approval);
  if (!r || r.requested_by !== c.principal.userId)
    throw unusable('approval', 'is not an export request of yours');
  if (r.report_id !== ask.reportId) throw unusable('report', 'the approval is for another report');
  if (r.view !== ask.view) throw unusable('view', 'the approval is for another view');
  if (r.format !== ask.format) throw unusable('format', 'the approval is for another format');
  if (r.state !== 'approved') throw unusable('approval', `the request is ${r.state}`);
  if (r.used_at !== null) throw unusable('approval', 'the approval was already used');
  const now = c.ctx.clock.now();
  if (now.getTime() - Date.parse(r.created_at) >= APPROVAL_LIFETIME_MS)
    throw unusable('approval', 'the approval is a day old or more');
  if (!(await useExportApproval(c.ctx.db, tenantOf(c), r.id, now.toISOString())))
    throw unusable('approval', 'the approval was already used');
  return r.id;
}
