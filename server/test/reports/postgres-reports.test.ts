import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import '../../src/db/rate-buckets.js';
import { insertEndpoint } from '../helpers/endpoints.js';
import { makeTempDir, type SignedIn, signInAs, type TestContext, testClock } from '../helpers/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

/**
 * Reports on PostgreSQL: the incident port's queries (summary, figures), the run limit in the
 * shared `rate_buckets` rows, and an approval used exactly once when two exports race for it.
 */
let pg: TestPostgres;
let ctx: TestContext;
let owner: SignedIn;
let approver: SignedIn;
beforeAll(async () => {
  pg = await startPostgres();
  const dataDir = await makeTempDir();
  const key = Buffer.alloc(32, 7).toString('base64');
  const config = loadConfig(
    { DLP_DATA_DIR: dataDir, DLP_DATABASE_URL: pg.url, DLP_MASTER_KEY: key, DLP_FACTOR_KEY: key },
    dataDir,
  );
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  const clock = testClock('2026-01-20T09:00:00.000Z');
  const app = await buildApp({ config, db, clock }, {});
  await app.ready();
  ctx = {
    app,
    db,
    clock,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
  owner = await signInAs(ctx, { role: 'owner' });
  approver = await signInAs(ctx, { role: 'security_analyst', tenant: owner.tenantSlug });
  const device = await insertEndpoint(ctx, owner.tenantId);
  const severities = ['critical', 'high', 'high'];
  for (let n = 1; n <= 3; n++) {
    const when = new Date(clock.now().getTime() - n * 60_000).toISOString();
    await db
      .insertInto('incidents')
      .values({
        id: randomUUID(),
        tenant_id: owner.tenantId,
        number: n,
        reference: `INC-${n}`,
        title: `Card numbers in report-${n}.xlsx`,
        severity: severities[n - 1]!,
        status: n === 3 ? 'closed' : 'new',
        row_version: 1,
        correlation_key: `seed-${n}`,
        action_kind: 'at_rest',
        policy_id: null,
        policy_name: 'Card numbers',
        device_id: device,
        group_id: null,
        hostname: 'finance-pc-7',
        username: 'ayse',
        channel: 'file_discovery',
        content_hash: null,
        file_path: `/srv/share/report-${n}.xlsx`,
        file_name: `report-${n}.xlsx`,
        file_size_bytes: 2048,
        policy_version: 1,
        action: n === 1 ? 'block' : 'audit',
        requested_action: 'audit',
        evaluated_offline: 0,
        superseded_policy_ids: '[]',
        synthetic: 0,
        synthetic_by: null,
        event_count: 1,
        match_count: 3,
        risk_score: 40,
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
      })
      .execute();
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pg?.stop();
});

const call = (method: 'POST' | 'GET', url: string, who: SignedIn = owner, body?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(body ? { payload: body } : {}) });

describe('reports on PostgreSQL', { timeout: 120_000 }, () => {
  it('runs list and figure reports with their summaries', async () => {
    const list = (
      await call('POST', '/reports', owner, { name: 'All', filters: { window: { last_days: 7 } } })
    ).json();
    const run = await call('GET', `/reports/${list.id}/run?sort=priority_score`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().summary).toMatchObject({
      rows: 3,
      complete: true,
      by_severity: { critical: 1, high: 2, medium: 0 },
      by_status: { new: 2, closed: 1 },
    });
    const sla = (
      await call('POST', '/reports', owner, {
        name: 'SLA',
        kind: 'executive_summary',
        filters: { window: { last_days: 7 } },
      })
    ).json();
    const figures = await call('GET', `/reports/${sla.id}/run`);
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().items).toEqual([
      expect.objectContaining({ group: 'file_discovery', incidents: 3, open: 2, blocked: 1 }),
    ]);
  });

  it('uses an approval exactly once when two exports race for it', async () => {
    const report = (await call('POST', '/reports', owner, { name: 'Race' })).json().id;
    expect(
      (
        await call('POST', '/settings/report-exports', owner, {
          approval_above_rows: 1,
          reason: 'Second person please',
        })
      ).statusCode,
    ).toBe(200);
    const asked = await call('POST', `/reports/${report}/export-requests`, owner, { reason: 'Audit sample' });
    expect(asked.statusCode).toBe(201);
    expect(
      (await call('POST', `/reports/export-requests/${asked.json().id}/approve`, approver)).statusCode,
    ).toBe(204);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('GET', `/reports/${report}/export?approval=${asked.json().id}`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('counts runs per user in the shared rate_buckets rows', async () => {
    const report = (await call('POST', '/reports', approver, { name: 'Limit' })).json().id;
    for (let i = 0; i < 60; i++)
      expect((await call('GET', `/reports/${report}/run`, approver)).statusCode).toBe(200);
    const refused = await call('GET', `/reports/${report}/run`, approver);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    const bucket = await ctx.db
      .selectFrom('rate_buckets')
      .selectAll()
      .where('kind', '=', 'report.run')
      .execute();
    expect(bucket.map((b) => b.key)).toContain(`${approver.tenantId}:${approver.userId}`);
  });
});
