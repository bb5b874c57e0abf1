import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { queueCommand } from '../agents/public.js';
import { type ScanRecord, type ScanSummary, scanRecord, scanSummaries } from './shape.js';
import {
  cancelOpenEndpoints,
  findScan,
  insertScan,
  latestOfSeries,
  listScans,
  nextScanNumber,
  updateScan,
} from './store.js';
import type { DiscoveryScansTable, ScanStatus } from './tables.js';
import { checkPaths, resolveTargets } from './targets.js';

/** The agent command a scan is delivered as (docs/agent-interface.md, Commands). */
export const SCAN_COMMAND = 'DiscoveryScan';

export interface ScanInput {
  name: string;
  agent_ids: string[];
  group_ids: string[];
  paths: string[];
  repeat_every_hours: number | null;
}

const tenantOf = (ctx: ServiceContext) => auditContextFor(ctx).tenantId;

/**
 * Creates a scan (one run) and queues its command for each endpoint's next check-in, in one
 * transaction: a refused request queues nothing. `series` links a re-run to the runs before it.
 */
async function createRun(
  ctx: ServiceContext,
  input: ScanInput,
  series: { id: string; previous: string } | null,
): Promise<ScanRecord> {
  const tenantId = tenantOf(ctx);
  if (input.name.trim() === '') throw fieldError('name', 'must not be blank');
  const paths = checkPaths(input.paths);
  const devices = await resolveTargets(ctx.db, tenantId, input.agent_ids, input.group_ids);
  const now = ctx.clock.now().toISOString();
  const id = randomUUID();
  // Two creations at once may take the same number: the unique index refuses one, which retries.
  for (let attempt = 1; ; attempt++) {
    try {
      await insertRun(ctx, { id, tenantId, now, input, paths, devices, series });
      break;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
  return (await getScan(ctx, id))!;
}

interface RunRows {
  id: string;
  tenantId: string;
  now: string;
  input: ScanInput;
  paths: string[];
  devices: string[];
  series: { id: string; previous: string } | null;
}

/** The scan, its endpoint runs, their commands and the audit entry, in one transaction. */
async function insertRun(ctx: ServiceContext, r: RunRows): Promise<void> {
  const { id, tenantId, now, input, paths, devices, series } = r;
  await ctx.db.transaction().execute(async (trx) => {
    const number = await nextScanNumber(trx, tenantId);
    const row: DiscoveryScansTable = {
      id,
      tenant_id: tenantId,
      number,
      series_id: series?.id ?? id,
      previous_run_id: series?.previous ?? null,
      name: input.name.trim(),
      paths: JSON.stringify(paths),
      agent_ids: JSON.stringify(input.agent_ids),
      group_ids: JSON.stringify(input.group_ids),
      status: 'queued',
      repeat_every_hours: input.repeat_every_hours,
      // Null when the schedule started the run (the audit entry's actor is then `system`).
      created_by: ctx.actor?.id ?? null,
      created_at: now,
      finished_at: null,
      cancelled_by: null,
      cancel_reason: null,
    };
    await insertScan(
      trx,
      row,
      devices.map((device_id) => ({
        tenant_id: tenantId,
        scan_id: id,
        device_id,
        status: 'queued' as const,
        files_seen: 0,
        files_read: 0,
        bytes_read: 0,
        findings: 0,
        skipped_paths: '[]',
        error: null,
        started_at: null,
        reported_at: null,
        finished_at: null,
      })),
    );
    for (const device_id of devices) {
      await queueCommand(trx, {
        id: randomUUID(),
        tenant_id: tenantId,
        device_id,
        kind: SCAN_COMMAND,
        payload: JSON.stringify({ scan_id: id, paths }),
        created_at: now,
      });
    }
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'discovery_scan.created',
        subject: { type: 'discovery_scan', id },
        metadata: { name: input.name.trim(), number, item_count: devices.length },
      },
      trx,
    );
  });
}

export function createScan(ctx: ServiceContext, input: ScanInput): Promise<ScanRecord> {
  return createRun(ctx, input, null);
}

/**
 * Runs a scan again with the same name, paths and targets (groups resolved anew). The new run's
 * `previous_run_id` is the series' newest run; a series runs one at a time (409 while it runs).
 */
export async function rerunScan(ctx: ServiceContext, id: string): Promise<ScanRecord> {
  const tenantId = tenantOf(ctx);
  const scan = await findScan(ctx.db, tenantId, id);
  if (!scan) throw notFound();
  const latest = (await latestOfSeries(ctx.db, tenantId, scan.series_id)) ?? scan;
  if (latest.status === 'queued' || latest.status === 'running')
    throw new AppError('resource.conflict', 'the newest run of this scan has not finished; cancel it first');
  return createRun(
    ctx,
    {
      name: scan.name,
      paths: JSON.parse(scan.paths) as string[],
      agent_ids: JSON.parse(scan.agent_ids) as string[],
      group_ids: JSON.parse(scan.group_ids) as string[],
      repeat_every_hours: latest.repeat_every_hours,
    },
    { id: scan.series_id, previous: latest.id },
  );
}

/** Stops a queued or running scan: open endpoint runs become cancelled; reports after it store nothing. */
export async function cancelScan(ctx: ServiceContext, id: string, reason: string): Promise<ScanRecord> {
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const scan = await findScan(trx, tenantId, id);
    if (!scan) throw notFound();
    if (scan.status === 'completed' || scan.status === 'cancelled')
      throw new AppError('resource.conflict', 'the scan has already finished');
    await cancelOpenEndpoints(trx, tenantId, id, now);
    await updateScan(trx, tenantId, id, {
      status: 'cancelled',
      finished_at: now,
      cancelled_by: userIdOf(ctx),
      cancel_reason: reason,
    });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'discovery_scan.cancelled',
        subject: { type: 'discovery_scan', id },
        metadata: { name: scan.name, number: scan.number, reason_length: reason.length },
      },
      trx,
    );
  });
  return (await getScan(ctx, id))!;
}

export async function getScan(ctx: ServiceContext, id: string): Promise<ScanRecord | undefined> {
  const tenantId = tenantOf(ctx);
  const scan = await findScan(ctx.db, tenantId, id);
  return scan ? scanRecord(ctx.db, scan) : undefined;
}

export async function listScanPage(
  ctx: ServiceContext,
  filter: { status?: ScanStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ items: ScanSummary[]; total: number; limit: number; offset: number }> {
  const tenantId = tenantOf(ctx);
  const { rows, total } = await listScans(ctx.db, tenantId, filter, page);
  return { items: await scanSummaries(ctx.db, tenantId, rows), total, ...page };
}
