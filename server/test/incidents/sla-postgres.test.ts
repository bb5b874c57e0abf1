import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { AuditWriter } from '../../src/http/audit.js';
import { createTenant } from '../../src/modules/identity/public.js';
import { recordSlaTransition } from '../../src/modules/incidents/sla-clock.js';
import { type SLA_FILTER_VALUES, slaCondition, slaTargets } from '../../src/modules/incidents/sla-store.js';
import type { IncidentsTable } from '../../src/modules/incidents/tables.js';
import { makeTempDir, testClock } from '../helpers/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

/** The `sla` filter conditions and the clock's writes on PostgreSQL (bigint, CASE, timestamps). */
let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const T0 = '2026-01-20T09:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function incident(tenantId: string, n: number, severity: string): IncidentsTable {
  return {
    id: randomUUID(),
    tenant_id: tenantId,
    number: n,
    reference: `INC-${n}`,
    title: `Incident ${n}`,
    severity,
    status: 'new',
    row_version: 1,
    correlation_key: null,
    action_kind: 'at_rest',
    policy_id: null,
    policy_name: null,
    device_id: randomUUID(),
    group_id: null,
    hostname: null,
    username: null,
    channel: 'file_create',
    content_hash: null,
    file_path: null,
    file_name: null,
    file_size_bytes: null,
    policy_version: null,
    action: 'audit',
    requested_action: 'audit',
    evaluated_offline: 0,
    superseded_policy_ids: '[]',
    synthetic: 0,
    synthetic_by: null,
    event_count: 1,
    match_count: 1,
    risk_score: 0,
    priority_score: 0,
    assignee_id: null,
    assignee_email: null,
    disposition: null,
    resolution: null,
    response_met: null,
    resolution_met: null,
    first_seen_at: T0,
    last_seen_at: T0,
    created_at: T0,
    updated_at: T0,
    closed_at: null,
  };
}

describe('SLA on PostgreSQL', { timeout: 120_000 }, () => {
  it('records outcomes and answers every sla filter value', async () => {
    const dataDir = await makeTempDir();
    const key = Buffer.alloc(32, 3).toString('base64');
    const config = loadConfig(
      { DLP_DATA_DIR: dataDir, DLP_DATABASE_URL: pg.url, DLP_MASTER_KEY: key, DLP_FACTOR_KEY: key },
      dataDir,
    );
    const { db } = connectDatabase(config);
    try {
      await migrateToLatest(db);
      const clock = testClock();
      const created = await createTenant(
        { db, clock, audit: new AuditWriter(db, clock) },
        { slug: 'pg', name: 'PG', ownerEmail: 'o@pg.example' },
      );
      const tenantId = created.tenantId;
      const late = incident(tenantId, 1, 'high');
      const paused = incident(tenantId, 2, 'high');
      const fresh = incident(tenantId, 3, 'critical');
      await db.insertInto('incidents').values([late, paused, fresh]).execute();
      const move = async (r: IncidentsTable, from: string, to: string, ms: number) => {
        await db.updateTable('incidents').set({ status: to }).where('id', '=', r.id).execute();
        await recordSlaTransition(db, r, from, to, at(ms));
      };
      await move(late, 'new', 'triaged', 5 * HOUR);
      await move(paused, 'new', 'triaged', HOUR);
      await move(paused, 'triaged', 'awaiting_user', 3 * DAY + HOUR);
      await move(late, 'triaged', 'closed', 4 * DAY);
      const targets = await slaTargets(db, tenantId);
      const ids = async (v: (typeof SLA_FILTER_VALUES)[number]) =>
        (
          await db
            .selectFrom('incidents')
            .select('reference')
            .where('tenant_id', '=', tenantId)
            .where((eb) => slaCondition(eb, v, targets, at(10 * DAY)))
            .orderBy('reference')
            .execute()
        ).map((r) => r.reference);
      expect(await ids('response_missed')).toEqual(['INC-1']);
      expect(await ids('response_met')).toEqual(['INC-2']);
      expect(await ids('resolution_missed')).toEqual(['INC-1']);
      expect(await ids('resolution_met')).toEqual([]);
      expect(await ids('response_overdue')).toEqual(['INC-3']);
      expect(await ids('resolution_overdue')).toEqual(['INC-2', 'INC-3']);
      expect(await ids('breached')).toEqual(['INC-1', 'INC-2', 'INC-3']);
    } finally {
      await db.destroy();
    }
  });
});
