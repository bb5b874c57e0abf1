import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../server/src/config.js';
import { connectDatabase } from '../../../server/src/db/connect.js';
import '../../../server/src/modules/incidents/tables.js';
import '../../../server/src/modules/evidence/tables.js';
import { findTenantBySlug } from '../../../server/src/modules/tenants/store.js';
import { insertEndpoint } from '../../../server/test/helpers/endpoints.js';
import type { TestContext } from '../../../server/test/helpers/test-app.js';

const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

/**
 * Incidents written straight into a running server's SQLite file (WAL: the server keeps
 * serving), as ingest would have left them: for what the console shows and does with them.
 * A real agent raising them is the later end-to-end test (issue 17, Done when).
 */
export async function seedIncidents(dataDir: string, tenantSlug: string, count: number): Promise<string[]> {
  const config = loadConfig({ DLP_DATA_DIR: dataDir }, dataDir);
  const { db } = connectDatabase(config);
  try {
    const tenant = await findTenantBySlug(db, tenantSlug);
    if (!tenant) throw new Error(`no tenant ${tenantSlug}`);
    const at = new Date();
    const ctx = { db, clock: { now: () => at } } as unknown as TestContext;
    const device = await insertEndpoint(ctx, tenant.id);
    const ids: string[] = [];
    const row = (n: number) => {
      const id = randomUUID();
      ids.push(id);
      const when = new Date(at.getTime() - n * 60_000).toISOString();
      return {
        id,
        tenant_id: tenant.id,
        number: n,
        reference: `INC-${n}`,
        title: `Card numbers in report-${n}.xlsx`,
        severity: SEVERITIES[n % SEVERITIES.length]!,
        status: 'new',
        row_version: 1,
        correlation_key: `seed-${n}`,
        action_kind: 'at_rest',
        policy_id: null,
        policy_name: 'Card numbers',
        device_id: device,
        group_id: null,
        hostname: 'finance-pc-7',
        username: n % 2 === 0 ? 'ayse' : 'ivan',
        channel: 'file_discovery',
        content_hash: null,
        file_path: `/srv/share/report-${n}.xlsx`,
        file_name: `report-${n}.xlsx`,
        file_size_bytes: 2048,
        policy_version: 1,
        action: 'audit',
        requested_action: 'audit',
        evaluated_offline: 0,
        superseded_policy_ids: '[]',
        synthetic: 0,
        synthetic_by: null,
        event_count: 1,
        match_count: 3 + n,
        risk_score: 40 + n,
        priority_score: 100 - n,
        assignee_id: null,
        assignee_email: null,
        disposition: null,
        resolution: null,
        first_seen_at: when,
        last_seen_at: when,
        created_at: when,
        updated_at: when,
        closed_at: null,
      };
    };
    // Many rows per statement, one transaction: 100,000 incidents take seconds, not minutes.
    const BATCH = 200;
    await db.transaction().execute(async (trx) => {
      for (let from = 1; from <= count; from += BATCH) {
        const rows = [];
        for (let n = from; n < Math.min(count + 1, from + BATCH); n++) rows.push(row(n));
        await trx.insertInto('incidents').values(rows).execute();
      }
    });
    await db
      .insertInto('incident_counters')
      .values({ tenant_id: tenant.id, next_number: count + 1 })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ next_number: count + 1 }))
      .execute();
    return ids;
  } finally {
    await db.destroy();
  }
}

/** One stored copy and one withheld notice on an incident, as the agent's uploads leave them. */
export async function seedEvidence(dataDir: string, tenantSlug: string, incidentId: string): Promise<void> {
  const config = loadConfig({ DLP_DATA_DIR: dataDir }, dataDir);
  const { db } = connectDatabase(config);
  try {
    const tenant = await findTenantBySlug(db, tenantSlug);
    if (!tenant) throw new Error(`no tenant ${tenantSlug}`);
    const incident = await db
      .selectFrom('incidents')
      .select('device_id')
      .where('id', '=', incidentId)
      .executeTakeFirstOrThrow();
    const at = new Date();
    const later = new Date(at.getTime() + 30 * 86_400_000).toISOString();
    const common = { tenant_id: tenant.id, incident_id: incidentId, device_id: incident.device_id };
    await db
      .insertInto('evidence_files')
      .values({
        ...common,
        id: randomUUID(),
        event_id: randomUUID(),
        size_bytes: 2048,
        blake3: '0'.repeat(64),
        state: 'stored',
        stored_at: at.toISOString(),
        expires_at: later,
        deleted_at: null,
      })
      .execute();
    await db
      .insertInto('evidence_withheld')
      .values({
        ...common,
        id: randomUUID(),
        event_id: randomUUID(),
        reason: 'over_cap',
        recorded_at: at.toISOString(),
      })
      .execute();
  } finally {
    await db.destroy();
  }
}
