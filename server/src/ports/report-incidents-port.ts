import type { Principal } from '../http/principal.js';
import type { ServiceContext } from '../service-context.js';

/**
 * What the reports module reads of incidents (docs/reports.md, Wiring). The incidents module
 * answers it through its `public.ts`; the registry joins the two, so reports never reach into
 * incident files and incidents never learn about reports.
 */

/** A report's incident query: the list's filter names with their wire values (strings, sets comma-separated). */
export interface ReportIncidentQuery {
  status?: string | undefined;
  severity?: string | undefined;
  channel?: string | undefined;
  action?: string | undefined;
  category?: string | undefined;
  username?: string | undefined;
  policy_id?: string | undefined;
  search?: string | undefined;
  open_only?: boolean | undefined;
  min_risk?: number | undefined;
  enforcement?: string | undefined;
  assignee?: string | undefined;
  origin?: string | undefined;
  regime?: string | undefined;
  sla?: string | undefined;
  file_state?: string | undefined;
  device?: string | undefined;
  person?: string | undefined;
  anomaly?: string | undefined;
  created_since?: string | undefined;
  created_until?: string | undefined;
  /** Exact endpoint name, no case (view parameter `filter.hostname`). */
  hostname?: string | undefined;
  /** The incident list's sort (`column:dir`). */
  sort?: string | undefined;
}

/** The incident fields a report shows (never a matched value, preview or evidence text). */
export interface ReportIncidentRow {
  id: string;
  reference: string;
  title: string;
  severity: string;
  status: string;
  priority_score: number;
  risk_score: number;
  channel: string;
  action: string;
  hostname: string | null;
  username: string | null;
  policy_id: string | null;
  policy_name: string | null;
  assignee_email: string | null;
  created_at: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** One group of a figure report: counts over the incidents of the window. */
export interface ReportFigureRow {
  group: string;
  label: string;
  incidents: number;
  open: number;
  blocked: number;
  response_met: number;
  response_missed: number;
  resolution_met: number;
  resolution_missed: number;
  false_positives: number;
}

export type FigureGrouping = 'severity' | 'policy' | 'channel';

/** What a report's incident query runs with: the request's context and the list's time limit. */
export interface ReportQueryParts {
  ctx: ServiceContext;
  queryTimeoutMs: number;
}

export interface ReportIncidentsPort {
  /** Checks a query as the incident list would (422 naming the field); runs nothing. */
  check(principal: Principal, q: ReportIncidentQuery): void;
  /** Rows in the list's order for the query, with the total that matched. */
  rows(
    parts: ReportQueryParts,
    principal: Principal,
    q: ReportIncidentQuery,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ReportIncidentRow[]; total: number }>;
  /** Counts of the matching incidents by severity and by status. */
  counts(
    parts: ReportQueryParts,
    principal: Principal,
    q: ReportIncidentQuery,
  ): Promise<{ by_severity: Record<string, number>; by_status: Record<string, number> }>;
  /** Figure rows over the incidents created since `since`, grouped as asked. */
  figures(
    parts: ReportQueryParts,
    principal: Principal,
    grouping: FigureGrouping,
    since: string,
  ): Promise<ReportFigureRow[]>;
}
