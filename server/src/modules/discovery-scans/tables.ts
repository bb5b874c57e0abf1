/** Discovery scans (migration 0840; docs/discovery-scans.md). Lists are JSON text. */
export interface DiscoveryScansTable {
  id: string;
  tenant_id: string;
  number: number;
  /** The first scan's id: every re-run of it shares the series. */
  series_id: string;
  previous_run_id: string | null;
  name: string;
  paths: string;
  agent_ids: string;
  group_ids: string;
  status: ScanStatus;
  /** Recurring scans (migration 0841): the series runs again this many hours after a run began. */
  repeat_every_hours: number | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
}

export type ScanStatus = 'queued' | 'running' | 'completed' | 'cancelled';
export type EndpointRunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface DiscoveryScanEndpointsTable {
  tenant_id: string;
  scan_id: string;
  device_id: string;
  status: EndpointRunStatus;
  files_seen: number;
  files_read: number;
  bytes_read: number;
  findings: number;
  skipped_paths: string;
  error: string | null;
  started_at: string | null;
  reported_at: string | null;
  finished_at: string | null;
}

export interface DiscoveryScanFindingsTable {
  id: string;
  tenant_id: string;
  scan_id: string;
  device_id: string;
  path: string;
  severity: string;
  /** 0 critical … 3 low: `exposed_only` keeps ranks 0 and 1 and the list sorts by it. */
  severity_rank: number;
  detectors: string;
  policy_ids: string;
  found_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    discovery_scans: DiscoveryScansTable;
    discovery_scan_endpoints: DiscoveryScanEndpointsTable;
    discovery_scan_findings: DiscoveryScanFindingsTable;
  }
}
