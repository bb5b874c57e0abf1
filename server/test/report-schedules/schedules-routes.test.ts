import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSchedulerPass, useDeliveryLookup } from '../../src/modules/report-schedules/public.js';
import { stepUp } from '../helpers/index.js';
import { type Reports, startReports } from '../reports/harness.js';

let r: Reports;
let report: string;
let other: string;
const hosts: Record<string, string> = {
  'receiver.example': '203.0.113.10',
  'metadata.example': '169.254.169.254',
  'linklocal.example': 'fe80::1',
  'mapped.example': '::ffff:169.254.169.254',
  'split.example': '203.0.113.11',
};
beforeAll(async () => {
  r = await startReports();
  useDeliveryLookup(r.t.h.ctx.db, async (host) => {
    if (host === 'split.example')
      return [
        { address: '203.0.113.11', family: 4 },
        { address: 'fe80::1', family: 6 },
      ];
    const a = hosts[host];
    if (!a) throw new Error('ENOTFOUND');
    return [{ address: a, family: a.includes(':') ? 6 : 4 }];
  });
  report = await r.report({ name: 'Weekly' });
  other = await r.report({ name: 'Other' }, r.stranger);
  await stepUp(r.t.h.ctx, r.owner, 'incident_delivery');
}, 60_000);
afterAll(async () => r.close());

const call = (method: string, url: string, who = r.owner, body?: unknown) =>
  r.t.h.ctx.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });

const DAILY = { timezone: 'Europe/Berlin', local_minute: 8 * 60, cadence: 'daily' };

describe('report schedules', () => {
  it('creates, reads, lists, changes and deletes a schedule with its next occurrence', async () => {
    // The harness clock is 2026-01-20 (CET, UTC+1): 08:00 Berlin is 07:00Z.
    const made = await call('POST', `/reports/${report}/schedules`, r.asker, DAILY);
    expect(made.statusCode, made.body).toBe(201);
    const s = made.json();
    expect(s).toMatchObject({
      report_id: report,
      report_name: 'Weekly',
      cadence: 'daily',
      day: null,
      enabled: true,
      state: 'active',
      destination_id: null,
      delivery_format: 'csv',
      run_as: r.asker.userId,
      paused_reason: null,
    });
    expect(s.next_run_at).toMatch(/T07:00:00\.000Z$/);
    expect((await call('GET', `/report-schedules/${s.id}`)).json().id).toBe(s.id);
    expect(
      (await call('GET', `/reports/${report}/schedules`)).json().items.map((x: { id: string }) => x.id),
    ).toContain(s.id);
    expect((await call('GET', '/report-schedules')).json().items.map((x: { id: string }) => x.id)).toContain(
      s.id,
    );
    const changed = await call('PATCH', `/report-schedules/${s.id}`, r.owner, {
      cadence: 'monthly',
      day: 31,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ cadence: 'monthly', day: 31, run_as: r.owner.userId });
    expect(changed.json().next_run_at).toBe('2026-01-31T07:00:00.000Z');
    const off = await call('PATCH', `/report-schedules/${s.id}`, r.owner, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, state: 'disabled', next_run_at: null });
    expect((await call('GET', `/report-schedules/${s.id}/runs`)).json()).toEqual({ items: [] });
    expect((await call('DELETE', `/report-schedules/${s.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/report-schedules/${s.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown zone, a day that does not fit the cadence, and a foreign destination (422)', async () => {
    const bad = async (body: object, field: string) => {
      const res = await call('POST', `/reports/${report}/schedules`, r.owner, { ...DAILY, ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().details[0].field).toBe(field);
    };
    await bad({ timezone: 'Mars/Olympus' }, 'timezone');
    await bad({ day: 3 }, 'day');
    await bad({ cadence: 'weekly' }, 'day');
    await bad({ cadence: 'weekly', day: 7 }, 'day');
    await bad({ cadence: 'monthly', day: 0 }, 'day');
    await bad({ local_minute: 1440 }, 'local_minute');
    await bad({ destination_id: '00000000-0000-4000-8000-000000000000' }, 'destination_id');
    expect((await call('GET', '/report-schedules')).json().items).toHaveLength(0);
  });

  it('needs reports:schedule and incidents:read; another tenant sees the same 404', async () => {
    expect((await call('GET', '/report-schedules', r.auditor)).statusCode).toBe(403);
    expect((await call('POST', `/reports/${report}/schedules`, r.auditor, DAILY)).statusCode).toBe(403);
    const made = await call('POST', `/reports/${report}/schedules`, r.owner, DAILY);
    const id = made.json().id;
    const missing = await call('GET', '/report-schedules/00000000-0000-4000-8000-000000000000', r.stranger);
    const foreign = await call('GET', `/report-schedules/${id}`, r.stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await call('PATCH', `/report-schedules/${id}`, r.stranger, { enabled: false })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/report-schedules/${id}`, r.stranger)).statusCode).toBe(404);
    expect((await call('GET', `/report-schedules/${id}/runs`, r.stranger)).statusCode).toBe(404);
    expect((await call('POST', `/reports/${other}/schedules`, r.owner, DAILY)).statusCode).toBe(404);
    expect((await call('GET', '/report-schedules', r.stranger)).json().items).toEqual([]);
    await call('DELETE', `/report-schedules/${id}`);
  });
});

describe('a deleted report', () => {
  it('leaves its schedules listed; their next run pauses them (report_missing)', async () => {
    const gone = await r.report({ name: 'Short-lived' });
    const made = (await call('POST', `/reports/${gone}/schedules`, r.owner, DAILY)).json();
    expect(
      (await call('DELETE', `/reports/${gone}`, r.owner, { reason: 'No longer needed.' })).statusCode,
    ).toBe(204);
    const listed = await call('GET', '/report-schedules');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.find((x: { id: string }) => x.id === made.id)).toMatchObject({
      report_name: '',
    });
    r.t.h.ctx.clock.set(made.next_run_at);
    await runSchedulerPass(r.t.h.ctx.db);
    r.t.h.ctx.clock.set('2026-01-20T09:00:00.000Z');
    const after = await r.t.h.ctx.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ enabled: 0, next_run_at: null });
    expect(after.paused_reason).toMatch(/deleted/);
    await r.t.h.ctx.db.deleteFrom('report_schedules').where('id', '=', made.id).execute();
  });
});

describe('delivery destinations', () => {
  const body = {
    name: 'SIEM inbox',
    url: 'https://receiver.example/hooks/reports',
    secret: 'a-long-shared-secret-0123',
  };

  it('needs integrations:write and step-up incident_delivery to create or change; the secret is write-only', async () => {
    expect((await call('GET', '/report-delivery-destinations', r.asker)).statusCode).toBe(403);
    const noStep = await call('POST', '/report-delivery-destinations', r.t.h.owner, body);
    expect(noStep.statusCode).toBe(201); // the owner confirmed in beforeAll
    const made = noStep.json();
    expect(made).toEqual({
      id: made.id,
      name: 'SIEM inbox',
      url: 'https://receiver.example/hooks/reports',
      signed: true,
      has_ca_certificate: false,
      created_by: r.owner.userId,
      created_at: made.created_at,
      updated_at: made.updated_at,
    });
    expect(JSON.stringify((await call('GET', '/report-delivery-destinations')).json())).not.toContain(
      'secret-0123',
    );
    const unsigned = await call('PATCH', `/report-delivery-destinations/${made.id}`, r.owner, {
      secret: null,
    });
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.json().signed).toBe(false);
    const badCa = await call('PATCH', `/report-delivery-destinations/${made.id}`, r.owner, {
      ca_certificate: 'x',
    });
    expect(badCa.statusCode).toBe(422);
    expect(badCa.json().details[0].field).toBe('ca_certificate');
    // An Admin without a fresh step-up is refused, and nothing changes.
    const admin = await signInAdmin();
    const refused = await call('POST', '/report-delivery-destinations', admin, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.step_up_required');
    expect(
      (await call('PATCH', `/report-delivery-destinations/${made.id}`, admin, { name: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/report-delivery-destinations', admin)).json().items).toHaveLength(1);
  });

  it('refuses http, user-info and addresses that are link-local or metadata in any form, at save', async () => {
    const refused = async (url: string, why: RegExp) => {
      const res = await call('POST', '/report-delivery-destinations', r.owner, { ...body, url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(res.json().details[0]).toMatchObject({ field: 'url' });
      expect(res.json().details[0].message).toMatch(why);
      expect(res.body).not.toContain(url);
    };
    await refused('http://receiver.example/x', /https/);
    await refused('https://user:pw@receiver.example/x', /user name or password/);
    await refused('https://169.254.169.254/latest/meta-data', /link-local/);
    await refused('https://[fe80::1]/x', /link-local/);
    await refused('https://[::ffff:169.254.169.254]/x', /link-local/);
    await refused('https://[::ffff:a9fe:a9fe]/x', /link-local/);
    await refused('https://[64:ff9b::a9fe:a9fe]/x', /link-local/);
    await refused('https://[2002:a9fe:a9fe::1]/x', /link-local/);
    await refused('https://[fd00:ec2::254]/x', /metadata/);
    await refused('https://0x a9fe a9fe/x', /absolute https URL/);
    await refused('https://2852039166/x', /link-local/); // 169.254.169.254 as one number
    await refused('https://metadata.example/x', /link-local/);
    await refused('https://linklocal.example/x', /link-local/);
    await refused('https://mapped.example/x', /link-local/);
    await refused('https://split.example/x', /link-local/);
    await refused('https://nowhere.example/x', /does not resolve/);
  });

  it('lists deliveries (latest 100) for the tenant and by destination', async () => {
    const res = await call('GET', '/report-deliveries?destination_id=00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    expect((await call('GET', '/report-deliveries?destination_id=nope')).statusCode).toBe(422);
    expect((await call('GET', '/report-deliveries', r.auditor)).statusCode).toBe(403);
  });
});

async function signInAdmin() {
  const { signInAs } = await import('../helpers/index.js');
  return signInAs(r.t.h.ctx, { role: 'admin', tenant: r.owner.tenantSlug });
}
