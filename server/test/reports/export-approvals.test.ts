import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Reports, startReports } from './harness.js';

let r: Reports;
let report: string;
beforeEach(async () => {
  r = await startReports();
  await r.t.raise(['alice', 'bob', 'carol']);
  report = await r.report({ name: 'All' });
});
afterEach(async () => r.close());

const REASON = { reason: 'Quarterly audit sample' };

/** Moves the clock; the people stay signed in (sessions are not what this file tests). */
async function later(ms: number): Promise<void> {
  r.t.h.ctx.clock.advance(ms);
  const now = r.t.h.ctx.clock.now();
  await r.t.h.ctx.db
    .updateTable('sessions')
    .set({
      last_activity_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .execute();
}

async function approved(view = '', who = r.asker): Promise<string> {
  const asked = await r.call('POST', `/reports/${report}/export-requests${view}`, who, REASON);
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().id as string;
  expect((await r.call('POST', `/reports/export-requests/${id}/approve`, r.approver)).statusCode).toBe(204);
  return id;
}

describe('export approvals', () => {
  it('refuses an export above the threshold with rows and threshold, and lets one below through', async () => {
    expect((await r.call('GET', `/reports/${report}/export`, r.asker)).statusCode).toBe(200);
    await r.threshold(2);
    const refused = await r.call('GET', `/reports/${report}/export`, r.asker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'report.export_approval_required',
      details: [
        { field: 'rows', message: '3' },
        { field: 'threshold', message: '2' },
      ],
    });
    // A view with two rows or fewer needs nothing.
    expect((await r.call('GET', `/reports/${report}/export?filter.hostname=none`, r.asker)).statusCode).toBe(
      200,
    );
    await r.threshold(null);
    expect((await r.call('GET', `/reports/${report}/export`, r.asker)).statusCode).toBe(200);
  });

  it('creates a request (201), answers the pending one again (200), and 409 when none is needed', async () => {
    expect((await r.call('POST', `/reports/${report}/export-requests`, r.asker, REASON)).statusCode).toBe(
      409,
    );
    await r.threshold(1);
    const first = await r.call('POST', `/reports/${report}/export-requests`, r.asker, REASON);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rows: 3, threshold: 1 });
    const again = await r.call('POST', `/reports/${report}/export-requests`, r.asker, REASON);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const print = await r.call('POST', `/reports/${report}/export-requests?format=print`, r.asker, REASON);
    expect(print.statusCode).toBe(201);
    const list = await r.call('GET', '/reports/export-requests?state=pending', r.approver);
    expect(
      list
        .json()
        .items.map((i: { id: string }) => i.id)
        .sort(),
    ).toEqual([first.json().id, print.json().id].sort());
    expect(list.json().items[0]).toMatchObject({
      report_name: 'All',
      requested_by_email: r.asker.email,
      mine: false,
    });
    expect((await r.call('GET', '/reports/export-requests', r.stranger)).json().items).toEqual([]);
  });

  it('is decided by someone other than the asker; withdrawn by the asker only; pending only', async () => {
    await r.threshold(1);
    const asked = await r.call('POST', `/reports/${report}/export-requests`, r.asker, REASON);
    const id = asked.json().id;
    const self = await r.call('POST', `/reports/export-requests/${id}/approve`, r.asker);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('report.export_self_decision_refused');
    expect((await r.call('POST', `/reports/export-requests/${id}/reject`, r.asker)).statusCode).toBe(403);
    expect((await r.call('POST', `/reports/export-requests/${id}/withdraw`, r.approver)).statusCode).toBe(
      403,
    );
    expect((await r.call('POST', `/reports/export-requests/${id}/approve`, r.stranger)).statusCode).toBe(404);
    expect((await r.call('POST', `/reports/export-requests/${id}/withdraw`, r.asker)).statusCode).toBe(204);
    expect((await r.call('POST', `/reports/export-requests/${id}/approve`, r.approver)).statusCode).toBe(409);
    const other = (await r.call('POST', `/reports/${report}/export-requests`, r.asker, REASON)).json().id;
    expect((await r.call('POST', `/reports/export-requests/${other}/reject`, r.approver)).statusCode).toBe(
      204,
    );
    const states = await r.t.h.ctx.db.selectFrom('report_export_requests').select(['id', 'state']).execute();
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [id]: 'withdrawn',
      [other]: 'rejected',
    });
    const audit = await r.t.h.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'like', 'report.export_%')
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'report.export_requested',
      'report.export_withdrawn',
      'report.export_requested',
      'report.export_rejected',
    ]);
  });

  it('an approval works once, for the asker, this report, view and format, under a day', async () => {
    await r.threshold(1);
    const id = await approved('?sort=reference');
    const use = (q: string, who = r.asker) => r.call('GET', `/reports/${report}/export?${q}`, who);
    const conflict = async (q: string, field: string, who = r.asker) => {
      const res = await use(q, who);
      expect(res.statusCode, q).toBe(409);
      expect(res.json().details[0].field, q).toBe(field);
    };
    await conflict(`approval=${id}&sort=reference`, 'approval', r.approver);
    await conflict(`approval=${id}`, 'view');
    await conflict(`approval=${id}&sort=reference&format=print`, 'format');
    const otherReport = await r.report({ name: 'Other' });
    const elsewhere = await r.call(
      'GET',
      `/reports/${otherReport}/export?approval=${id}&sort=reference`,
      r.asker,
    );
    expect(elsewhere.json().details[0].field).toBe('report');
    const ok = await use(`approval=${id}&sort=reference`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['x-svc-report-rows']).toBe('3');
    await conflict(`approval=${id}&sort=reference`, 'approval');
    const audit = await r.t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'report.exported')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.metadata).approval_id).toBe(id);

    // Pending is not approved; a day old is too old.
    const pending = (
      await r.call('POST', `/reports/${report}/export-requests?format=print`, r.asker, REASON)
    ).json().id;
    await conflict(`approval=${pending}&format=print`, 'approval');
    expect((await r.call('POST', `/reports/export-requests/${pending}/approve`, r.approver)).statusCode).toBe(
      204,
    );
    await later(86_400_000 - 1_000);
    const stillOk = await r.call(
      'GET',
      `/reports/${report}/export?approval=${pending}&format=print`,
      r.asker,
    );
    expect(stillOk.statusCode).toBe(200); // just under a day old
    const late = await approved('?filter.status=new');
    await later(86_400_000 - 1);
    expect((await use(`approval=${late}&filter.status=new`)).statusCode).toBe(200);
    const dayOld = await approved('?filter.status=new,closed');
    await later(86_400_000);
    await conflict(`approval=${dayOld}&filter.status=new,closed`, 'approval');
  });

  it('uses an approval exactly once when several exports race for it', async () => {
    await r.threshold(1);
    const id = await approved();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => r.call('GET', `/reports/${report}/export?approval=${id}`, r.asker)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });
});
