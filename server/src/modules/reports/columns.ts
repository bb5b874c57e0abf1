import type { ReportFigureRow, ReportIncidentRow } from '../../ports/report-incidents-port.js';

/**
 * The columns of a report export, in header order (docs/reports.md, Export): fields the run
 * shows, never a matched value or evidence; `export_watermark` is added last by the export.
 */
type Cell = string | number | null;

export const INCIDENT_COLUMNS: readonly [string, (r: ReportIncidentRow) => Cell][] = [
  ['reference', (r) => r.reference],
  ['title', (r) => r.title],
  ['severity', (r) => r.severity],
  ['status', (r) => r.status],
  ['priority_score', (r) => r.priority_score],
  ['risk_score', (r) => r.risk_score],
  ['channel', (r) => r.channel],
  ['action', (r) => r.action],
  ['hostname', (r) => r.hostname],
  ['username', (r) => r.username],
  ['policy_name', (r) => r.policy_name],
  ['assignee_email', (r) => r.assignee_email],
  ['first_seen_at', (r) => r.first_seen_at],
  ['last_seen_at', (r) => r.last_seen_at],
];

export const FIGURE_COLUMNS: readonly [string, (r: ReportFigureRow) => Cell][] = [
  ['group', (r) => r.group],
  ['label', (r) => r.label],
  ['incidents', (r) => r.incidents],
  ['open', (r) => r.open],
  ['blocked', (r) => r.blocked],
  ['response_met', (r) => r.response_met],
  ['response_missed', (r) => r.response_missed],
  ['resolution_met', (r) => r.resolution_met],
  ['resolution_missed', (r) => r.resolution_missed],
  ['false_positives', (r) => r.false_positives],
];

/** Header names and cell lists of a page of rows, whichever kind it holds. */
export function table(
  page: { kind: 'list'; rows: ReportIncidentRow[] } | { kind: 'figures'; rows: ReportFigureRow[] },
) {
  if (page.kind === 'list')
    return {
      header: INCIDENT_COLUMNS.map(([n]) => n),
      cells: page.rows.map((r) => INCIDENT_COLUMNS.map(([, get]) => get(r))),
    };
  return {
    header: FIGURE_COLUMNS.map(([n]) => n),
    cells: page.rows.map((r) => FIGURE_COLUMNS.map(([, get]) => get(r))),
  };
}
