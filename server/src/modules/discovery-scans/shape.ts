import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { findAgent } from '../agents/public.js';
import { findingCounts, scanEndpoints } from './store.js';
import type {
  DiscoveryScanEndpointsTable,
  DiscoveryScanFindingsTable,
  DiscoveryScansTable,
  ScanStatus,
} from './tables.js';

/** Severities as the engine names them, most severe first; the index is the stored rank. */
export const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low'] as const;
/** `exposed_only` (document 2): high and critical findings only. */
export const EXPOSED_MAX_RANK = 1;

export interface FindingTotals {
  total: number;
  exposed: number;
  by_severity: { critical: number; high: number; medium: number; low: number };
}

export interface ScanSummary {
  id: string;
  reference: string;
  name: string;
  status: ScanStatus;
  paths: string[];
  agent_ids: string[];
  group_ids: string[];
  endpoints: number;
  endpoints_finished: number;
  repeat_every_hours: number | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface EndpointRun {
  agent_id: string;
  hostname: string | null;
  status: DiscoveryScanEndpointsTable['status'];
  files_seen: number;
  files_read: number;
  bytes_read: number;
  findings: number;
  skipped_paths: string[];
  error: string | null;
  started_at: string | null;
  reported_at: string | null;
  finished_at: string | null;
}

export interface ScanRecord extends ScanSummary {
  previous_run_id: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  findings: FindingTotals;
  endpoint_runs: EndpointRun[];
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

function summaryOf(s: DiscoveryScansTable, runs: DiscoveryScanEndpointsTable[]): ScanSummary {
  return {
    id: s.id,
    reference: `DS-${s.number}`,
    name: s.name,
    status: s.status,
    paths: JSON.parse(s.paths) as string[],
    agent_ids: JSON.parse(s.agent_ids) as string[],
    group_ids: JSON.parse(s.group_ids) as string[],
    endpoints: runs.length,
    endpoints_finished: runs.filter((r) => FINISHED.has(r.status)).length,
    repeat_every_hours: s.repeat_every_hours,
    created_by: s.created_by,
    created_at: s.created_at,
    finished_at: s.finished_at,
  };
}

export async function scanSummaries(
  db: Kysely<Database>,
  tenantId: string,
  scans: DiscoveryScansTable[],
): Promise<ScanSummary[]> {
  const runs = await scanEndpoints(
    db,
    tenantId,
    scans.map((s) => s.id),
  );
  return scans.map((s) =>
    summaryOf(
      s,
      runs.filter((r) => r.scan_id === s.id),
    ),
  );
}

export async function scanRecord(db: Kysely<Database>, scan: DiscoveryScansTable): Promise<ScanRecord> {
  const runs = await scanEndpoints(db, scan.tenant_id, [scan.id]);
  const counts = await findingCounts(db, scan.tenant_id, scan.id);
  const by_severity = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const c of counts) {
    if (c.severity in by_severity) by_severity[c.severity as keyof typeof by_severity] = Number(c.n);
  }
  const endpoint_runs: EndpointRun[] = [];
  for (const r of runs) {
    const agent = await findAgent(db, scan.tenant_id, r.device_id);
    endpoint_runs.push({
      agent_id: r.device_id,
      hostname: agent?.hostname ?? null,
      status: r.status,
      files_seen: Number(r.files_seen),
      files_read: Number(r.files_read),
      bytes_read: Number(r.bytes_read),
      findings: Number(r.findings),
      skipped_paths: JSON.parse(r.skipped_paths) as string[],
      error: r.error,
      started_at: r.started_at,
      reported_at: r.reported_at,
      finished_at: r.finished_at,
    });
  }
  return {
    ...summaryOf(scan, runs),
    previous_run_id: scan.previous_run_id,
    cancelled_by: scan.cancelled_by,
    cancel_reason: scan.cancel_reason,
    findings: {
      total: by_severity.critical + by_severity.high + by_severity.medium + by_severity.low,
      exposed: by_severity.critical + by_severity.high,
      by_severity,
    },
    endpoint_runs,
  };
}

export interface FindingItem {
  id: string;
  agent_id: string;
  path: string;
  severity: (typeof SEVERITY_ORDER)[number];
  exposed: boolean;
  detectors: { detector_id: string; category: string; match_count: number }[];
  policy_ids: string[];
  found_at: string;
}

export function findingItem(r: DiscoveryScanFindingsTable): FindingItem {
  return {
    id: r.id,
    agent_id: r.device_id,
    path: r.path,
    severity: r.severity as FindingItem['severity'],
    exposed: r.severity_rank <= EXPOSED_MAX_RANK,
    detectors: JSON.parse(r.detectors) as FindingItem['detectors'],
    policy_ids: JSON.parse(r.policy_ids) as string[],
    found_at: r.found_at,
  };
}
