import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../helpers/index.js';
import { parseCsv } from '../reports/harness.js';
import { type Activity, at, startActivity } from './activity-harness.js';

let a: Activity;
beforeEach(async () => {
  a = await startActivity();
});
afterEach(async () => a.close());

describe('GET /activity-events/discovery-runs', () => {
  it('starts a new inferred run after a gap over 15 minutes, per endpoint, counting events', async () => {
    const other = await a.t.h.ctx.db
      .selectFrom('devices')
      .select('id')
      .where('id', '=', a.t.d.deviceId)
      .executeTakeFirstOrThrow();
    await a.seed([
      { channel: 'discovery', occurred_at: at(-120), match_count: 1 },
      { channel: 'discovery', occurred_at: at(-110) },
      { channel: 'discovery', occurred_at: at(-95) }, // exactly 15 minutes: the same run
      { channel: 'discovery', occurred_at: at(-79) }, // 16 minutes: a new run
      { channel: 'browser_upload', occurred_at: at(-78) }, // not discovery
    ]);
    const r = await a.t.h.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/activity-events/discovery-runs?from=${at(-180)}&to=${at(0)}`,
      headers: a.t.h.owner.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.gap_minutes).toBe(15);
    expect(body.runs).toEqual([
      {
        endpoint_id: other.id,
        hostname: 'PC-1',
        started_at: at(-79),
        ended_at: at(-79),
        events: 1,
        events_with_matches: 0,
        incidents: 0,
      },
      {
        endpoint_id: other.id,
        hostname: 'PC-1',
        started_at: at(-120),
        ended_at: at(-95),
        events: 3,
        events_with_matches: 1,
        incidents: 0,
      },
    ]);
    expect(r.body).not.toMatch(/files?_scanned|files scanned/i);
  });
});

describe('POST /activity-events/export and export-requests', () => {
  it('sends CSV with the watermark and the report export headers, digest over the bytes', async () => {
    await a.seed([
      { occurred_at: at(-5), file_name: 'a,"b".txt' },
      { occurred_at: at(-6), action: 'block' },
    ]);
    const r = await a.post('/activity-events/export', { outcome: 'blocked,audited' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['x-svc-report-rows']).toBe('2');
    expect(r.headers['x-svc-report-total']).toBe('2');
    expect(r.headers['x-svc-report-truncated']).toBe('false');
    expect(r.headers['x-svc-report-window']).toBe(`${at(-24 * 60)}/${at(0)}`);
    const ref = String(r.headers['x-svc-export-reference']);
    expect(ref).toMatch(/^EXP-[A-Z2-9]{10}$/);
    expect(r.headers['x-svc-export-sha256']).toBe(createHash('sha256').update(r.rawPayload).digest('hex'));
    const rows = parseCsv(r.body);
    expect(rows[0]).toContain('requested_action');
    expect(rows[0]?.at(-1)).toBe('export_watermark');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.at(-1)).toBe(`${a.t.h.owner.tenantSlug}/${ref}`);
    expect(rows.map((x) => x[rows[0]!.indexOf('file_name')])).toContain('a,"b".txt');
    const audit = await a.t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'activity.exported')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.metadata).toContain(ref);
    expect(audit[0]!.metadata).not.toContain('a,');
  });

  it('shares the 30 exports an hour of the report exports, then 429 with Retry-After', async () => {
    for (let i = 0; i < 30; i += 1)
      expect((await a.post('/activity-events/export', {})).statusCode).toBe(200);
    const r = await a.post('/activity-events/export', {});
    expect(r.statusCode).toBe(429);
    expect(r.json().code).toBe('request.rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('needs incidents:export and names a bad filter', async () => {
    const auditor = await signInAs(a.t.h.ctx, { role: 'auditor', tenant: a.t.h.owner.tenantSlug });
    expect((await a.post('/activity-events/export', {}, auditor)).statusCode).toBe(403);
    const bad = await a.post('/activity-events/export', { channel: 'teleport' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().details)).toContain('channel');
  });

  it('above the threshold needs an approved request, single use, decided by someone else', async () => {
    await a.seed(Array.from({ length: 4 }, (_, i) => ({ occurred_at: at(-1 - i) })));
    const set = await a.post('/settings/report-exports', {
      approval_above_rows: 3,
      reason: 'Large exports need a second person.',
    });
    expect(set.statusCode, set.body).toBe(200);
    const asker = await signInAs(a.t.h.ctx, { role: 'security_analyst', tenant: a.t.h.owner.tenantSlug });
    const query = { channel: 'browser_upload' };
    const refused = await a.post('/activity-events/export', query, asker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('report.export_approval_required');
    expect(refused.json().details).toEqual([
      { field: 'rows', message: '4' },
      { field: 'threshold', message: '3' },
    ]);
    const ask = await a.post(
      '/activity-events/export-requests',
      { query, reason: 'Quarterly audit sample.' },
      asker,
    );
    expect(ask.statusCode, ask.body).toBe(201);
    expect(ask.json()).toMatchObject({ rows: 4, threshold: 3 });
    const again = await a.post(
      '/activity-events/export-requests',
      { query, reason: 'Quarterly audit sample.' },
      asker,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(ask.json().id);
    const id = ask.json().id as string;
    expect((await a.post(`/reports/export-requests/${id}/approve`, undefined, asker)).statusCode).toBe(403);
    expect((await a.post(`/reports/export-requests/${id}/approve`, undefined)).statusCode).toBe(204);
    // Another query is not what was approved.
    const other = await a.post('/activity-events/export', { ...query, user: 'alice', approval: id }, asker);
    expect(other.statusCode).toBe(409);
    expect(JSON.stringify(other.json().details)).toContain('view');
    const ok = await a.post('/activity-events/export', { ...query, approval: id }, asker);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['x-svc-report-rows']).toBe('4');
    expect((await a.post('/activity-events/export', { ...query, approval: id }, asker)).statusCode).toBe(409);
    // Under the threshold no request is needed.
    const small = await a.post('/activity-events/export-requests', {
      query: { ...query, from: at(-2) },
      reason: 'Quarterly audit sample.',
    });
    expect(small.statusCode).toBe(409);
  });
});
