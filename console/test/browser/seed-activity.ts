import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../server/src/config.js';
import { connectDatabase } from '../../../server/src/db/connect.js';
import { addEventHours } from '../../../server/src/modules/agent-events/public.js';
import type { AgentEventsTable } from '../../../server/src/modules/agent-events/tables.js';
import { insertFindings } from '../../../server/src/modules/discovery-scans/store.js';
import { findTenantBySlug } from '../../../server/src/modules/tenants/store.js';
import { insertEndpoint } from '../../../server/test/helpers/endpoints.js';
import type { TestContext } from '../../../server/test/helpers/test-app.js';

/** Opens the running server's SQLite file (WAL: the server keeps serving) for one seeding step. */
async function withDb<T>(
  dataDir: string,
  tenantSlug: string,
  work: (db: TestContext['db'], tenantId: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig({ DLP_DATA_DIR: dataDir }, dataDir);
  const { db } = connectDatabase(config);
  try {
    const tenant = await findTenantBySlug(db, tenantSlug);
    if (!tenant) throw new Error(`no tenant ${tenantSlug}`);
    return await work(db, tenant.id);
  } finally {
    await db.destroy();
  }
}

/**
 * One endpoint and two events as ingest leaves them (rows and hourly roll-up): a USB copy 90
 * minutes ago whose requested block the endpoint could only audit (reduced by capability), always
 * in a whole hour the total reads from the roll-up, and a discovery event 10 minutes ago. Answers
 * the endpoint's host name.
 */
export async function seedActivity(dataDir: string, tenantSlug: string): Promise<string> {
  return withDb(dataDir, tenantSlug, async (db, tenantId) => {
    const now = new Date();
    const ctx = { db, clock: { now: () => now } } as unknown as TestContext;
    const device = await insertEndpoint(ctx, tenantId);
    type Varying = Pick<
      AgentEventsTable,
      'channel' | 'action' | 'requested_action' | 'file_name' | 'payload'
    >;
    const event = (minutes: number, e: Varying): AgentEventsTable => ({
      id: randomUUID(),
      tenant_id: tenantId,
      device_id: device,
      batch_id: randomUUID(),
      received_at: now.toISOString(),
      occurred_at: new Date(now.getTime() - minutes * 60_000).toISOString(),
      occurred_at_reported: null,
      severity: 'high',
      decided_by_policy_id: null,
      evaluated_offline: 0,
      policy_version: null,
      user_name: 'ayse',
      user_id: null,
      hostname: `host-${device.slice(0, 6)}`,
      file_path: '/home/ayse/cards.csv',
      file_blake3: null,
      file_size_bytes: 10,
      file_mark_zone: null,
      file_mark_host: null,
      file_mark_referrer_host: null,
      match_count: 2,
      evidence_requested: 0,
      incident_id: null,
      size_bytes: 100,
      ...e,
    });
    const events = [
      event(90, {
        channel: 'removable_storage',
        action: 'audit',
        requested_action: 'block',
        file_name: 'cards.csv',
        payload: JSON.stringify({
          detectors: [],
          enforcement: 'reduced_by_capability',
          matched_policy_ids: [],
        }),
      }),
      event(10, {
        channel: 'discovery',
        action: 'audit',
        requested_action: 'audit',
        file_name: 'payroll.xlsx',
        payload: JSON.stringify({ detectors: [], enforcement: 'applied', matched_policy_ids: [] }),
      }),
    ];
    // As ingest does: the events and the hourly roll-up the timeline and total read commit together.
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('agent_events').values(events).execute();
      await addEventHours(tx, tenantId, events);
    });
    return `host-${device.slice(0, 6)}`;
  });
}

/** Findings of a scan as the agent's reports leave them: one critical, one low. */
export async function seedScanFindings(dataDir: string, tenantSlug: string, scanId: string): Promise<void> {
  await withDb(dataDir, tenantSlug, async (db, tenantId) => {
    const run = await db
      .selectFrom('discovery_scan_endpoints')
      .select('device_id')
      .where('scan_id', '=', scanId)
      .executeTakeFirstOrThrow();
    const finding = (path: string, severity: string, rank: number) => ({
      id: randomUUID(),
      tenant_id: tenantId,
      scan_id: scanId,
      device_id: run.device_id,
      path,
      severity,
      severity_rank: rank,
      detectors: JSON.stringify([{ detector_id: 'payment_card', category: 'financial', match_count: 3 }]),
      policy_ids: '[]',
      found_at: new Date().toISOString(),
    });
    await insertFindings(db, [
      finding('/srv/share/cards.csv', 'critical', 0),
      finding('/srv/share/old-list.txt', 'low', 3),
    ]);
  });
}
