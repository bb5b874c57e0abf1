import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { ServiceContext } from '../../service-context.js';
import { EXPOSED_MAX_RANK, type FindingItem, findingItem, SEVERITY_ORDER } from './shape.js';
import {
  findScan,
  findScanEndpoint,
  insertFindings,
  listFindings,
  scanEndpoints,
  silentRunningEndpoints,
  updateScan,
  updateScanEndpoint,
} from './store.js';

export interface ScanReport {
  state: 'running' | 'completed' | 'failed';
  files_seen: number;
  files_read: number;
  bytes_read: number;
  skipped_paths?: string[] | undefined;
  error?: string | undefined;
  findings: {
    path: string;
    severity: (typeof SEVERITY_ORDER)[number];
    detectors: { detector_id: string; category: string; match_count: number }[];
    policy_ids: string[];
  }[];
}

const OPEN = new Set(['queued', 'running']);
type Db = Kysely<Database> | Transaction<Database>;

/**
 * One progress report of the signed device on a scan it was sent (docs/discovery-scans.md,
 * Reports). A scan the device was not sent is the identical 404; a cancelled run answers
 * `cancelled: true` and stores nothing, so the agent stops; a finished run refuses (409).
 * Counts only grow (a late, smaller report does not lower them); a path already reported in
 * this run keeps its first finding.
 */
export async function recordScanReport(
  ctx: ServiceContext,
  device: { tenant_id: string; id: string },
  scanId: string,
  report: ScanReport,
): Promise<{ accepted_findings: number; cancelled: boolean }> {
  const tenantId = device.tenant_id;
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const run = await findScanEndpoint(trx, tenantId, scanId, device.id);
    if (!run) throw notFound();
    if (run.status === 'cancelled') return { accepted_findings: 0, cancelled: true };
    if (!OPEN.has(run.status)) throw new AppError('resource.conflict', 'this endpoint has finished the scan');
    const accepted = await insertFindings(
      trx,
      report.findings.map((f) => ({
        id: randomUUID(),
        tenant_id: tenantId,
        scan_id: scanId,
        device_id: device.id,
        path: f.path,
        severity: f.severity,
        severity_rank: SEVERITY_ORDER.indexOf(f.severity),
        detectors: JSON.stringify(f.detectors),
        policy_ids: JSON.stringify([...new Set(f.policy_ids)].sort()),
        found_at: now,
      })),
    );
    const finished = report.state !== 'running';
    await updateScanEndpoint(
      trx,
      { tenantId, scanId, deviceId: device.id },
      {
        status: report.state,
        files_seen: Math.max(Number(run.files_seen), report.files_seen),
        files_read: Math.max(Number(run.files_read), report.files_read),
        bytes_read: Math.max(Number(run.bytes_read), report.bytes_read),
        findings: Number(run.findings) + accepted,
        ...(report.skipped_paths ? { skipped_paths: JSON.stringify(report.skipped_paths) } : {}),
        ...(report.state === 'failed'
          ? { error: report.error ?? 'the endpoint could not run the scan' }
          : {}),
        started_at: run.started_at ?? now,
        reported_at: now,
        ...(finished ? { finished_at: now } : {}),
      },
    );
    await settleScan(trx, tenantId, scanId, now);
    return { accepted_findings: accepted, cancelled: false };
  });
}

/** The scan follows its endpoint runs: completed once none is open, else running (not once cancelled). */
async function settleScan(trx: Db, tenantId: string, scanId: string, now: string): Promise<void> {
  const runs = await scanEndpoints(trx, tenantId, [scanId]);
  const allDone = runs.every((r) => !OPEN.has(r.status));
  const scan = await findScan(trx, tenantId, scanId);
  if (scan && scan.status !== 'cancelled')
    await updateScan(
      trx,
      tenantId,
      scanId,
      allDone ? { status: 'completed', finished_at: now } : { status: 'running' },
    );
}

/** A running endpoint run with no report for this long is failed (the agent stopped or restarted). */
export const SILENT_RUN_MS = 60 * 60_000;

/**
 * Fails endpoint runs that have been `running` without a report for over an hour: the agent
 * reports at least once a minute while it walks, so such a run was lost (a restart, a crash, an
 * uninstall). Its scan then completes like any other. Returns how many runs were failed.
 */
export async function failSilentRuns(ctx: { db: Kysely<Database> }, now: Date): Promise<number> {
  const stale = await silentRunningEndpoints(ctx.db, new Date(now.getTime() - SILENT_RUN_MS).toISOString());
  for (const r of stale) {
    await ctx.db.transaction().execute(async (trx) => {
      await updateScanEndpoint(
        trx,
        { tenantId: r.tenant_id, scanId: r.scan_id, deviceId: r.device_id },
        { status: 'failed', error: 'the endpoint stopped reporting', finished_at: now.toISOString() },
      );
      await settleScan(trx, r.tenant_id, r.scan_id, now.toISOString());
    });
  }
  return stale.length;
}

/** `GET /discovery-scans/{id}/findings`: most severe first; `exposed_only` keeps high and critical. */
export async function scanFindings(
  ctx: ServiceContext,
  tenantId: string,
  scanId: string,
  filter: { exposed_only: boolean; agent_id?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ items: FindingItem[]; total: number; limit: number; offset: number }> {
  const scan = await findScan(ctx.db, tenantId, scanId);
  if (!scan) throw notFound();
  const { rows, total } = await listFindings(
    ctx.db,
    tenantId,
    scanId,
    { maxRank: filter.exposed_only ? EXPOSED_MAX_RANK : SEVERITY_ORDER.length, deviceId: filter.agent_id },
    page,
  );
  return { items: rows.map(findingItem), total, ...page };
}
