import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.js';
import '../../src/db/rate-buckets.js';
import { signInAs } from '../helpers/index.js';
import { parseCsv, type Reports, startReports } from './harness.js';

let r: Reports;
beforeEach(async () => {
  r = await startReports();
});
afterEach(async () => r.close());

describe('GET /reports/{id}/run', () => {
  it('pages the stored filters narrowed by the view, with the summary of every match', async () => {
    await r.t.raise(['alice', 'bob', 'carol']);
    await r.copies(60); // copies vary status, severity, channel (many-incidents.ts)
    const id = await r.report({ filters: { status: 'new,triaged,closed' } });
    const all = await r.call('GET', `/reports/${id}/run?page_size=25&sort=reference&dir=asc`);
    expect(all.statusCode, all.body).toBe(200);
    const run = all.json();
    expect(run).toMatchObject({ kind: 'list', limit: 25, offset: 0, cap: 10_000, truncated: false });
    expect(run.items).toHaveLength(25);
    const refs = run.items.map((i: { reference: string }) => Number(i.reference.slice(4)));
    expect(refs).toEqual([...refs].sort((a, b) => a - b));
    expect(run.items.every((i: { status: string }) => ['new', 'triaged', 'closed'].includes(i.status))).toBe(
      true,
    );
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(run.summary.rows).toBe(run.total);
    expect(run.summary.complete).toBe(true);
    expect(sum(run.summary.by_status)).toBe(run.total);
    expect(sum(run.summary.by_severity)).toBe(run.total);
    expect(run.summary.by_status.investigating).toBe(0);
    // A view filter narrows within the stored set; a value outside it gives no rows.
    const narrowed = (await r.call('GET', `/reports/${id}/run?filter.status=closed`)).json();
    expect(narrowed.total).toBe(run.summary.by_status.closed);
    expect(narrowed.items.every((i: { status: string }) => i.status === 'closed')).toBe(true);
    const outside = (await r.call('GET', `/reports/${id}/run?filter.status=investigating`)).json();
    expect(outside.total).toBe(0);
    const host = (await r.call('GET', `/reports/${id}/run?filter.hostname=NO-SUCH-HOST`)).json();
    expect(host.total).toBe(0);
    const second = (
      await r.call('GET', `/reports/${id}/run?page_size=25&offset=25&sort=reference&dir=asc`)
    ).json();
    expect(second.items[0].reference).not.toBe(run.items[0].reference);
  });

  it('stores assignee: me and resolves it for whoever runs the report', async () => {
    const [mine] = await r.t.raise(['alice', 'bob']);
    const assigned = await r.call('POST', `/incidents/${mine}/assign`, r.owner, {
      assignee_email: r.asker.email,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const id = await r.report({ filters: { assignee: 'me' } }, r.owner);
    const asAsker = (await r.call('GET', `/reports/${id}/run`, r.asker)).json();
    expect(asAsker.items.map((i: { id: string }) => i.id)).toEqual([mine]);
    expect((await r.call('GET', `/reports/${id}/run`, r.owner)).json().total).toBe(0);
  });

  it('refuses other parameters, page sizes and view values with 422 naming the parameter', async () => {
    const id = await r.report();
    for (const [q, field] of [
      ['limit=10', 'limit'],
      ['page_size=30', 'page_size'],
      ['sort=title', 'sort'],
      ['filter.status=opened', 'filter.status'],
      ['filter.title=x', 'filter.title'],
      ['dir=up', 'dir'],
    ] as const) {
      const res = await r.call('GET', `/reports/${id}/run?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(JSON.stringify(res.json().details), q).toContain(field);
    }
    const figures = await r.report({ kind: 'triage_sla', filters: { window: { last_days: 30 } } });
    const sorted = await r.call('GET', `/reports/${figures}/run?sort=severity`);
    expect(sorted.statusCode).toBe(422);
    expect(sorted.json().details[0].field).toBe('sort');
  });

  it('runs figure kinds over the window, grouped', async () => {
    await r.t.raise(['alice', 'bob']);
    await r.copies(20);
    const sla = await r.report({ kind: 'triage_sla', filters: { window: { last_days: 90 } } });
    const run = (await r.call('GET', `/reports/${sla}/run`)).json();
    expect(run.kind).toBe('triage_sla');
    const groups = run.items.map((i: { group: string }) => i.group);
    expect(groups).toEqual(['critical', 'high', 'medium', 'low', 'info'].filter((g) => groups.includes(g)));
    const incidents = run.items.reduce((a: number, i: { incidents: number }) => a + i.incidents, 0);
    expect(incidents).toBe(
      Object.values(run.summary.by_severity as Record<string, number>).reduce((a, b) => a + b, 0),
    );
    expect(run.window.last_days).toBe(90);
    const policy = await r.report({ kind: 'policy_effectiveness', filters: { window: { last_days: 7 } } });
    const byPolicy = (await r.call('GET', `/reports/${policy}/run`)).json();
    expect(byPolicy.items[0]).toMatchObject({ group: r.t.policy, label: 'Card numbers' });
    // By channel, with open and blocked counted as the incidents table has them.
    const db = r.t.h.ctx.db;
    const first = await db.selectFrom('incidents').select('id').orderBy('number').executeTakeFirstOrThrow();
    await db.updateTable('incidents').set({ action: 'block' }).where('id', '=', first.id).execute();
    const rows = await db.selectFrom('incidents').select(['channel', 'status', 'action']).execute();
    const expected = new Map<string, { group: string; incidents: number; open: number; blocked: number }>();
    for (const i of rows) {
      const g = expected.get(i.channel) ?? { group: i.channel, incidents: 0, open: 0, blocked: 0 };
      g.incidents++;
      if (i.status !== 'closed') g.open++;
      if (i.action === 'block') g.blocked++;
      expected.set(i.channel, g);
    }
    const summary = await r.report({ kind: 'executive_summary', filters: { window: { last_days: 90 } } });
    const byChannel = (await r.call('GET', `/reports/${summary}/run`)).json();
    const got = byChannel.items.map(({ group, incidents, open, blocked }: Record<string, unknown>) => ({
      group,
      incidents,
      open,
      blocked,
    }));
    const byGroup = (a: { group: unknown }, b: { group: unknown }) =>
      String(a.group).localeCompare(String(b.group));
    expect(got.sort(byGroup)).toEqual([...expected.values()].sort(byGroup));
    expect(got.some((g: { blocked: number }) => g.blocked === 1)).toBe(true);
  });

  it('caps at 10,000 rows and says it was truncated', async () => {
    await r.t.raise(['alice']);
    await r.copies(10_050);
    const id = await r.report();
    const raw = await r.call('GET', `/reports/${id}/run?page_size=200&offset=9900`);
    const run = raw.json();
    expect(run).toMatchObject({ total: 10_051, truncated: true, cap: 10_000 });
    expect(run.summary).toMatchObject({ rows: 10_000, complete: false });
    expect(run.items).toHaveLength(100);
  });

  it('allows 60 runs a minute per user (429 with Retry-After), kept as who and when for 25 hours', async () => {
    const id = await r.report();
    for (let i = 0; i < 60; i++)
      expect((await r.call('GET', `/reports/${id}/run`, r.asker)).statusCode).toBe(200);
    const refused = await r.call('GET', `/reports/${id}/run`, r.asker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('request.rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another person has their own allowance; a bad view costs nothing.
    expect((await r.call('GET', `/reports/${id}/run`, r.approver)).statusCode).toBe(200);
    expect((await r.call('GET', `/reports/${id}/run?sort=bad`, r.asker)).statusCode).toBe(422);
    r.t.h.ctx.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await r.call('GET', `/reports/${id}/run`, r.asker)).statusCode).toBe(200);
    const marks = () =>
      r.t.h.ctx.db
        .selectFrom('report_usage_marks')
        .selectAll()
        .where('user_id', '=', r.asker.userId)
        .execute();
    expect(await marks()).toHaveLength(61);
    // The allowance: on PostgreSQL the person's row of the shared rate_buckets (several instances
    // count alike, docs/deploy.md); on SQLite (one instance) a bucket in process memory.
    const buckets = await r.t.h.ctx.db
      .selectFrom('rate_buckets')
      .select('key')
      .where('kind', '=', 'report.run')
      .execute();
    expect(buckets.map((b) => b.key).includes(`${r.asker.tenantId}:${r.asker.userId}`)).toBe(
      dialectOf(r.t.h.ctx.db) === 'postgres',
    );
    r.t.h.ctx.clock.advance(25 * 3_600_000 + 1);
    const later = await signInAs(r.t.h.ctx, { role: 'security_analyst', tenant: r.owner.tenantSlug });
    expect((await r.call('GET', `/reports/${id}/run`, later)).statusCode).toBe(200);
    expect(await marks()).toHaveLength(0);
  });
});

describe('GET /reports/{id}/export', () => {
  it('sends CSV with every report header, the watermark on each row and the digest of the bytes sent', async () => {
    await r.t.raise(['alice', 'bob', 'carol']);
    const id = await r.report({ filters: { window: { last_days: 30 } } });
    const res = await r.call('GET', `/reports/${id}/export?sort=reference&dir=desc`, r.asker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const ref = res.headers['x-svc-export-reference'] as string;
    expect(ref).toMatch(/^EXP-[A-Z2-9]{10}$/);
    expect(res.headers['x-svc-report-rows']).toBe('3');
    expect(res.headers['x-svc-report-total']).toBe('3');
    expect(res.headers['x-svc-report-truncated']).toBe('false');
    const now = r.t.h.ctx.clock.now();
    const from = new Date(now.getTime() - 30 * 86_400_000);
    expect(res.headers['x-svc-report-window']).toBe(`${from.toISOString()}/${now.toISOString()}`);
    expect(res.headers['x-svc-export-sha256']).toBe(
      createHash('sha256').update(res.rawPayload).digest('hex'),
    );
    const rows = parseCsv(res.body);
    expect(rows[0]!.at(-1)).toBe('export_watermark');
    expect(rows).toHaveLength(4);
    for (const row of rows.slice(1)) expect(row.at(-1)).toBe(`${r.owner.tenantSlug}/${ref}`);
    const refs = rows.slice(1).map((x) => Number(x[0]!.slice(4)));
    expect(refs).toEqual([...refs].sort((a, b) => b - a));
    const again = await r.call('GET', `/reports/${id}/export`, r.asker);
    expect(again.headers['x-svc-export-reference']).not.toBe(ref);
    const audit = await r.t.h.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'report.exported')
      .orderBy('created_at')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.metadata)).toMatchObject({
      reference: ref,
      format: 'csv',
      rows: 3,
      view_parameters: ['sort', 'dir'],
      content_sha256: res.headers['x-svc-export-sha256'],
      approval_id: null,
    });
  });

  it('gives a printable document without script, marked, and refuses other formats', async () => {
    await r.t.raise(['alice', 'bob']);
    const id = await r.report();
    const res = await r.call('GET', `/reports/${id}/export?format=print`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain(`${r.owner.tenantSlug}/${res.headers['x-svc-export-reference']}`);
    expect(res.headers['x-svc-export-sha256']).toBe(
      createHash('sha256').update(res.rawPayload).digest('hex'),
    );
    expect((await r.call('GET', `/reports/${id}/export?format=pdf`)).statusCode).toBe(422);
  });

  it('needs incidents:export; another tenant gets 404; 30 exports an hour per user', async () => {
    const id = await r.report();
    expect((await r.call('GET', `/reports/${id}/export`, r.auditor)).statusCode).toBe(403);
    expect((await r.call('GET', `/reports/${id}/export`, r.stranger)).statusCode).toBe(404);
    for (let i = 0; i < 30; i++)
      expect((await r.call('GET', `/reports/${id}/export`, r.asker)).statusCode).toBe(200);
    const refused = await r.call('GET', `/reports/${id}/export`, r.asker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('request.rate_limited');
    expect(Number(refused.headers['retry-after'])).toBe(120);
  });
});
