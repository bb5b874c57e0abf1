import { createHash, randomBytes } from 'node:crypto';
import { csvLine } from '../incidents/public.js';
import { findTenantById } from '../tenants/public.js';
import { requireApproval } from './approvals.js';
import { table } from './columns.js';
import type { ResolvedWindow } from './filters.js';
import { countUse } from './limits.js';
import { PRINT_CSP, printDocument } from './print.js';
import { auditOf, type ReportCall, tenantOf } from './route-parts.js';
import { checkView, REPORT_CAP, reportPage } from './run-service.js';
import { visibleReport } from './service.js';
import { type View, viewKey, viewNames } from './view.js';

export const EXPORT_FORMATS = ['csv', 'print'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `EXP-` and ten characters of an unambiguous alphabet: readable over the phone, never reused in practice. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function exportReference(): string {
  const bytes = randomBytes(10);
  return `EXP-${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const windowText = (w: ResolvedWindow) => (w.from && w.to ? `${w.from}/${w.to}` : 'all');

export interface ReportExport {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * GET /reports/{id}/export (document 2; docs/reports.md, Export): the report's first 10,000 rows
 * in the view's order as CSV (every row carries `export_watermark`) or as a printable document
 * (the mark on every page). Each export has a reference and an audit entry; the SHA-256 header is
 * the digest of exactly the bytes sent.
 */
export async function exportReport(
  c: ReportCall,
  id: string,
  view: View,
  format: ExportFormat,
  approval: string | undefined,
  /** False for a scheduled delivery: it is not a person's export within the rate limit. */
  counted = true,
): Promise<ReportExport> {
  const report = await visibleReport(c, id);
  checkView(c, report, view);
  if (counted) await countUse(c, 'export', report.id);
  const p = await reportPage(c, report, view, { limit: REPORT_CAP, offset: 0 });
  // Read but not yet sent: the approval rule decides whether anything leaves.
  const approvalId = await requireApproval(
    c,
    { reportId: report.id, view: viewKey(view), format, rows: p.rows },
    approval,
  );
  const tenant = await findTenantById(c.ctx.db, tenantOf(c));
  const reference = exportReference();
  const mark = `${tenant?.slug ?? ''}/${reference}`;
  const { header, cells } = table(p.page);
  const day = c.ctx.clock.now().toISOString();
  let text: string;
  if (format === 'csv') {
    const lines = [csvLine([...header, 'export_watermark'])];
    for (const row of cells) lines.push(csvLine([...row, mark]));
    text = lines.join('');
  } else {
    text = printDocument({
      title: report.name,
      mark,
      facts: [
        ['Kind', report.kind],
        ['Window', windowText(p.window)],
        ['Rows', `${p.rows} of ${p.total}${p.truncated ? ' (truncated)' : ''}`],
        ['Exported', day],
      ],
      header,
      cells,
    });
  }
  const body = Buffer.from(text, 'utf8');
  const sha256 = createHash('sha256').update(body).digest('hex');
  await c.ctx.audit.write(auditOf(c), {
    action: 'report.exported',
    subject: { type: 'report', id: report.id },
    metadata: {
      reference,
      format,
      rows: p.rows,
      total: p.total,
      truncated: p.truncated,
      view_parameters: viewNames(view),
      content_sha256: sha256,
      approval_id: approvalId,
    },
  });
  const file = `report-${day.slice(0, 10)}-${reference}.${format === 'csv' ? 'csv' : 'html'}`;
  return {
    body,
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'text/html; charset=utf-8',
      'content-disposition': `${format === 'csv' ? 'attachment' : 'inline'}; filename="${file}"`,
      ...(format === 'print' ? { 'content-security-policy': PRINT_CSP } : {}),
      'x-svc-report-rows': String(p.rows),
      'x-svc-report-total': String(p.total),
      'x-svc-report-truncated': String(p.truncated),
      'x-svc-report-window': windowText(p.window),
      'x-svc-export-reference': reference,
      'x-svc-export-sha256': sha256,
    },
  };
}
