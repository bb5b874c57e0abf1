import { fieldError } from '../../http/errors.js';
import type { ReportFigureRow, ReportIncidentRow } from '../../ports/report-incidents-port.js';
import {
  FIGURE_GROUPING,
  type Filters,
  incidentQueryOf,
  type ReportKind,
  type ResolvedWindow,
  resolveWindow,
} from './filters.js';
import { countUse } from './limits.js';
import { type ReportCall, renamedFields } from './route-parts.js';
import { SEVERITY_KEYS, STATUS_KEYS } from './schemas.js';
import { isFigureKind, visibleReport } from './service.js';
import type { ReportsTable } from './tables.js';
import { applyView, type View, viewNames } from './view.js';

/** Document 2: a report returns up to 10,000 rows. */
export const REPORT_CAP = 10_000;

/** A view filter's 422 names the view parameter (stored filters were checked when saved). */
const VIEW_FIELD: Record<string, string> = {
  status: 'filter.status',
  severity: 'filter.severity',
  channel: 'filter.channel',
  policy_id: 'filter.policy',
  assignee: 'filter.assignee',
  category: 'filter.data_category',
  sort: 'sort',
};

export type ReportRows =
  | { kind: 'list'; rows: ReportIncidentRow[]; total: number }
  | { kind: 'figures'; rows: ReportFigureRow[]; total: number };

export interface ReportPage {
  report: ReportsTable;
  window: ResolvedWindow;
  page: ReportRows;
  /** Rows the whole report holds: the matches up to the cap. */
  rows: number;
  total: number;
  truncated: boolean;
}

/** Figure kinds show every group and take no view filter or sort (docs/reports.md). */
function figureView(v: View): void {
  const [first, ...more] = viewNames(v).map((field) => ({
    field,
    message: 'a figure report takes no view parameters',
  }));
  if (first) throw fieldError(first.field, first.message, more);
}

/** The incident query of a list report under a view, checked as the list checks it (422). */
function listQuery(c: ReportCall, report: ReportsTable, view: View) {
  const filters = JSON.parse(report.filters) as Filters;
  const window = resolveWindow(filters, c.ctx.clock.now());
  const out = applyView(incidentQueryOf(filters, window), view);
  renamedFields(
    () => c.incidents.check(c.principal, out.query),
    (f) => VIEW_FIELD[f] ?? f,
  );
  return { ...out, window };
}

/** Checks a view against a report without running anything (a refused request costs nothing). */
export function checkView(c: ReportCall, report: ReportsTable, view: View): void {
  if (isFigureKind(report.kind)) figureView(view);
  else listQuery(c, report, view);
}

/**
 * One page of a report (offset and limit within its first REPORT_CAP rows) over the report's
 * stored filters narrowed by the view; `limit: 0` only counts.
 */
export async function reportPage(
  c: ReportCall,
  report: ReportsTable,
  view: View,
  page: { limit: number; offset: number },
): Promise<ReportPage> {
  if (isFigureKind(report.kind)) {
    figureView(view);
    const window = resolveWindow(JSON.parse(report.filters) as Filters, c.ctx.clock.now());
    const all = await c.incidents.figures(
      c.query,
      c.principal,
      FIGURE_GROUPING[report.kind],
      window.from ?? '',
    );
    const rows = all.slice(page.offset, page.offset + page.limit);
    return {
      report,
      window,
      page: { kind: 'figures', rows, total: all.length },
      rows: all.length,
      total: all.length,
      truncated: false,
    };
  }
  const { query, empty, window } = listQuery(c, report, view);
  const limit = Math.max(0, Math.min(page.limit, REPORT_CAP - page.offset));
  const found = empty
    ? { rows: [], total: 0 }
    : await c.incidents.rows(c.query, c.principal, query, { limit, offset: page.offset });
  const rows = Math.min(found.total, REPORT_CAP);
  return {
    report,
    window,
    page: { kind: 'list', ...found },
    rows,
    total: found.total,
    truncated: found.total > REPORT_CAP,
  };
}

export async function runReport(
  c: ReportCall,
  id: string,
  view: View,
  paging: { page_size?: number | undefined; offset?: number | undefined },
) {
  const report = await visibleReport(c, id);
  const limit = paging.page_size ?? 50;
  const offset = paging.offset ?? 0;
  // The view is checked before the run is counted: a 422 costs nothing.
  checkView(c, report, view);
  await countUse(c, 'run', report.id);
  const p = await reportPage(c, report, view, { limit, offset });
  const counts = await summaryCounts(c, report, view);
  return {
    kind: report.kind as ReportKind,
    items: p.page.rows,
    total: p.total,
    limit,
    offset,
    window: p.window,
    truncated: p.truncated,
    cap: REPORT_CAP,
    summary: { rows: p.rows, complete: !p.truncated, ...counts },
  };
}

/** Severity and status counts of every match (not only the page; docs/reports.md, Summary). */
async function summaryCounts(c: ReportCall, report: ReportsTable, view: View) {
  const filters = JSON.parse(report.filters) as Filters;
  const window = resolveWindow(filters, c.ctx.clock.now());
  const base = isFigureKind(report.kind)
    ? { created_since: window.from ?? undefined }
    : incidentQueryOf(filters, window);
  const { query, empty } = isFigureKind(report.kind) ? { query: base, empty: false } : applyView(base, view);
  const counts = empty
    ? { by_severity: {}, by_status: {} }
    : await c.incidents.counts(c.query, c.principal, query);
  const every = (keys: readonly string[], found: Record<string, number>) =>
    Object.fromEntries(keys.map((k) => [k, found[k] ?? 0]));
  return {
    by_severity: every(SEVERITY_KEYS, counts.by_severity),
    by_status: every(STATUS_KEYS, counts.by_status),
  };
}
