import { randomUUID } from 'node:crypto';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import {
  canonicalFilters,
  FIGURE_GROUPING,
  type Filters,
  incidentQueryOf,
  type ReportKind,
  resolveWindow,
} from './filters.js';
import { auditOf, type ReportCall, renamedFields, tenantOf } from './route-parts.js';
import { deleteReport, findReport, insertReport, listReports, updateReport } from './store.js';
import type { ReportsTable } from './tables.js';
import { findTemplate } from './templates.js';

export interface ReportInput {
  name: string;
  description?: string | null | undefined;
  subject?: string | null | undefined;
  kind?: ReportKind | undefined;
  filters?: Filters | undefined;
  template_id?: string | null | undefined;
}

export interface ReportChange extends Partial<ReportInput> {
  expected_version?: number | undefined;
}

export function reportView(r: ReportsTable) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    subject: r.subject,
    kind: r.kind as ReportKind,
    filters: JSON.parse(r.filters) as Filters,
    template_id: r.template_id,
    row_version: r.row_version,
    created_by: r.created_by,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** A stored filter's name as a report names it: `filters.<name>` (the window is one filter). */
const filterField = (field: string) =>
  field === 'created_since' || field === 'created_until' ? 'filters.window' : `filters.${field}`;

/**
 * The rules of a report's kind, filters and template (document 2; docs/reports.md): figure kinds
 * take exactly `{window: {last_days: 1..90}}`; a list report's filters are checked by the
 * incident list's own parser; a template keeps its kind and filters unchanged.
 */
function checkShape(c: ReportCall, kind: ReportKind, filters: Filters, templateId: string | null): void {
  if (templateId !== null) {
    const t = findTemplate(templateId);
    if (!t) throw fieldError('template_id', 'must name a built-in template (GET /report-templates)');
    if (t.kind !== kind) throw fieldError('kind', 'must be the kind of the template');
    if (canonicalFilters(t.filters) !== canonicalFilters(filters))
      throw fieldError('filters', 'must be the template filters unchanged (omit them to use the template)');
  }
  if (kind !== 'list') {
    const w = filters.window;
    const keys = Object.keys(filters);
    if (keys.length !== 1 || !w || !('last_days' in w) || Object.keys(w).length !== 1 || w.last_days > 90)
      throw fieldError('filters', 'a figure report takes exactly {window: {last_days: 1..90}}');
    return;
  }
  const w = filters.window;
  if (w && 'from' in w && Date.parse(w.from) >= Date.parse(w.to))
    throw fieldError('filters.window', 'from must be before to');
  const query = incidentQueryOf(filters, resolveWindow(filters, c.ctx.clock.now()));
  renamedFields(() => c.incidents.check(c.principal, query), filterField);
}

export async function listReportViews(c: ReportCall) {
  return { items: (await listReports(c.ctx.db, tenantOf(c))).map(reportView) };
}

export async function visibleReport(c: ReportCall, id: string): Promise<ReportsTable> {
  const r = await findReport(c.ctx.db, tenantOf(c), id);
  if (!r) throw notFound('report');
  return r;
}

export async function createReport(c: ReportCall, input: ReportInput) {
  const templateId = input.template_id ?? null;
  const template = templateId === null ? undefined : findTemplate(templateId);
  const kind = input.kind ?? template?.kind ?? 'list';
  const filters = input.filters ?? template?.filters ?? {};
  checkShape(c, kind, filters, templateId);
  const now = c.ctx.clock.now().toISOString();
  const row: ReportsTable = {
    id: randomUUID(),
    tenant_id: tenantOf(c),
    name: input.name.trim(),
    description: blankToNull(input.description),
    subject: blankToNull(input.subject),
    kind,
    filters: canonicalFilters(filters),
    template_id: templateId,
    row_version: 1,
    created_by: c.principal.userId,
    created_at: now,
    updated_at: now,
  };
  await c.ctx.db.transaction().execute(async (trx) => {
    await insertReport(trx, row);
    await c.ctx.audit.write(
      auditOf(c),
      {
        action: 'report.created',
        subject: { type: 'report', id: row.id },
        metadata: { kind, template_id: templateId },
      },
      trx,
    );
  });
  return reportView(row);
}

export async function changeReport(c: ReportCall, id: string, change: ReportChange) {
  const r = await visibleReport(c, id);
  if (change.expected_version !== undefined && change.expected_version !== r.row_version)
    throw new AppError('resource.conflict', 'the report changed since it was read', [
      { field: 'expected_version', message: 'is not the current version' },
    ]);
  const kind = change.kind ?? (r.kind as ReportKind);
  const filters = change.filters ?? (JSON.parse(r.filters) as Filters);
  let templateId = change.template_id === undefined ? r.template_id : change.template_id;
  // A report that no longer has its template's kind and filters is no longer that template,
  // unless the change names the template again (then it must match: 422 otherwise).
  if (change.template_id === undefined && templateId !== null) {
    const t = findTemplate(templateId);
    if (!t || t.kind !== kind || canonicalFilters(t.filters) !== canonicalFilters(filters)) templateId = null;
  }
  checkShape(c, kind, filters, templateId);
  const next = {
    name: change.name === undefined ? r.name : change.name.trim(),
    description: change.description === undefined ? r.description : blankToNull(change.description),
    subject: change.subject === undefined ? r.subject : blankToNull(change.subject),
    kind,
    filters: canonicalFilters(filters),
    template_id: templateId,
    updated_at: c.ctx.clock.now().toISOString(),
  };
  await c.ctx.db.transaction().execute(async (trx) => {
    if (!(await updateReport(trx, tenantOf(c), id, r.row_version, next)))
      throw new AppError('resource.conflict', 'the report changed since it was read');
    await c.ctx.audit.write(
      auditOf(c),
      {
        action: 'report.updated',
        subject: { type: 'report', id },
        metadata: { kind, template_id: templateId },
      },
      trx,
    );
  });
  return reportView({ ...r, ...next, row_version: r.row_version + 1 });
}

export async function removeReport(c: ReportCall, id: string, reason: string) {
  await visibleReport(c, id);
  await c.ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteReport(trx, tenantOf(c), id))) throw notFound('report');
    await c.ctx.audit.write(
      auditOf(c),
      { action: 'report.deleted', subject: { type: 'report', id }, metadata: { reason: reason.trim() } },
      trx,
    );
  });
}

export const isFigureKind = (kind: string): kind is keyof typeof FIGURE_GROUPING => kind in FIGURE_GROUPING;
