import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runSchedulerPass, useDeliveryLookup } from '../../src/modules/report-schedules/public.js';
import { ensureLocalTls } from '../../src/tls/local-ca.js';
import { makeTempDir, stepUp } from '../helpers/index.js';
import { type Reports, startReports } from '../reports/harness.js';

/**
 * Scheduled delivery against a real HTTPS receiver with its own CA (pinned by the destination),
 * the scheduler's passes at an injected clock, and a resolver the test points names with.
 */
interface Seen {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
let r: Reports;
let receiver: https.Server;
let port = 0;
let caPem = '';
let tlsDir = '';
let answer: { status: number; location?: string } = { status: 200 };
const seen: Seen[] = [];
const hosts: Record<string, string> = { 'receiver.test': '127.0.0.1' };
const SECRET = 'receiver-shared-secret-0001';
let report = '';

beforeAll(async () => {
  tlsDir = await makeTempDir('custos-receiver-');
  // Real time: the TLS stack checks the certificate against the machine's clock.
  const tls = await ensureLocalTls(tlsDir, ['receiver.test'], new Date());
  caPem = tls.caPem;
  receiver = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end('receiver text that must never be stored');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  r = await startReports();
  useDeliveryLookup(r.t.h.ctx.db, async (host) => {
    const a = hosts[host];
    if (!a) throw new Error('ENOTFOUND');
    return [{ address: a, family: a.includes(':') ? 6 : 4 }];
  });
  await r.t.raise(['alice', 'bob', 'carol']);
  report = await r.report({ name: 'Daily digest' });
}, 60_000);

afterAll(async () => {
  await r.close();
  await new Promise((resolve) => receiver.close(resolve));
  await fs.rm(tlsDir, { recursive: true, force: true });
});

afterEach(async () => {
  // No schedule of one test may come due in the next.
  await r.t.h.ctx.db.deleteFrom('report_schedules').execute();
  answer = { status: 200 };
  hosts['receiver.test'] = '127.0.0.1';
  seen.length = 0;
});

const ctx = () => r.t.h.ctx;
const call = (method: string, url: string, body?: unknown, who = r.owner) =>
  ctx().app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
/** Moves the clock; the people stay signed in (sessions are not what this file tests). */
async function moveTo(at: number): Promise<void> {
  ctx().clock.set(new Date(at));
  await ctx()
    .db.updateTable('sessions')
    .set({
      last_activity_at: new Date(at).toISOString(),
      expires_at: new Date(at + 86_400_000).toISOString(),
    })
    .execute();
}
const advance = (ms: number) => moveTo(ctx().clock.now().getTime() + ms);
const hmac = (body: Buffer) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

async function destination(extra: Record<string, unknown> = {}): Promise<string> {
  await stepUp(ctx(), r.owner, 'incident_delivery');
  const res = await call('POST', '/report-delivery-destinations', {
    name: 'Receiver',
    url: `https://receiver.test:${port}/inbox`,
    secret: SECRET,
    ca_certificate: caPem,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A daily schedule delivering to `dest`, and the clock moved to its first occurrence. */
async function dueSchedule(dest: string | null, who = r.owner): Promise<{ id: string; at: string }> {
  const res = await call(
    'POST',
    `/reports/${report}/schedules`,
    { timezone: 'Europe/Istanbul', local_minute: 13 * 60, cadence: 'daily', destination_id: dest },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  await moveTo(Date.parse(res.json().next_run_at));
  return { id: res.json().id, at: res.json().next_run_at };
}

const runs = async (id: string) => (await call('GET', `/report-schedules/${id}/runs`)).json().items;
const pass = () => runSchedulerPass(ctx().db);

describe('scheduled delivery over HTTPS', () => {
  it('tests a destination with svc.report_delivery_test.v1, signed, through the pinned CA', async () => {
    const dest = await destination();
    const res = await call('POST', `/report-delivery-destinations/${dest}/test`);
    expect(res.json()).toEqual({ ok: true, detail: 'answered 200', schema: 'svc.report_delivery_test.v1' });
    expect(seen).toHaveLength(1);
    const got = seen[0]!;
    expect(JSON.parse(got.body.toString()).schema).toBe('svc.report_delivery_test.v1');
    expect(got.body.toString()).not.toMatch(/incident|INC-/i);
    expect(got.headers['x-svc-signature']).toBe(hmac(got.body));
    // Without the pinned CA the receiver's certificate is not trusted (system CAs only).
    const unpinned = await destination({ ca_certificate: null });
    const refused = await call('POST', `/report-delivery-destinations/${unpinned}/test`);
    expect(refused.json().ok).toBe(false);
    expect(refused.json().detail).toMatch(/certificate was not trusted/);
    expect(seen).toHaveLength(1);
    const list = (await call('GET', `/report-deliveries?destination_id=${dest}`)).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'test', outcome: 'delivered', http_status: 200 });
  });

  it('delivers an occurrence once, with the idempotency key and an HMAC over the exact body', async () => {
    const dest = await destination();
    const s = await dueSchedule(dest);
    await pass();
    await pass(); // a second pass (or a restarted server) finds the occurrence taken
    const [run, ...more] = await runs(s.id);
    expect(more).toEqual([]);
    expect(run).toMatchObject({ occurrence_at: s.at, state: 'succeeded', attempts: 1, rows: 3 });
    expect(seen).toHaveLength(1);
    const got = seen[0]!;
    expect(got.path).toBe('/inbox');
    expect(got.headers['idempotency-key']).toBe(`report-run-${run.id}`);
    expect(got.headers['x-svc-signature']).toBe(hmac(got.body));
    expect(got.headers['x-svc-signature']).not.toBe(hmac(Buffer.concat([got.body, Buffer.from('\n')])));
    expect(got.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(got.headers['x-svc-report-rows']).toBe('3');
    expect(got.body.toString().split('\r\n')[0]).toContain('export_watermark');
    const next = (await call('GET', `/report-schedules/${s.id}`)).json().next_run_at;
    expect(Date.parse(next) - Date.parse(s.at)).toBe(24 * 3_600_000);
    const deliveries = (await call('GET', '/report-deliveries')).json().items;
    expect(deliveries[0]).toMatchObject({ run_id: run.id, kind: 'report', outcome: 'delivered', attempt: 1 });
    expect(JSON.stringify(deliveries)).not.toContain('receiver text');
  });

  it('never follows a redirect; retries at 30 and 120 seconds, then stops after the third attempt', async () => {
    const dest = await destination();
    answer = { status: 302, location: `https://receiver.test:${port}/elsewhere` };
    const s = await dueSchedule(dest);
    await pass();
    let [run] = await runs(s.id);
    expect(run).toMatchObject({ state: 'retrying', attempts: 1, error_code: 'delivery_failed' });
    expect(run.detail).toMatch(/redirects are not followed/);
    expect(Date.parse(run.next_attempt_at) - Date.parse(s.at)).toBe(30_000);
    await advance(29_000);
    await pass();
    expect(seen).toHaveLength(1);
    await advance(1_000);
    await pass();
    [run] = await runs(s.id);
    expect(run).toMatchObject({ state: 'retrying', attempts: 2 });
    await advance(119_000);
    await pass();
    expect(seen).toHaveLength(2);
    await advance(1_000);
    await pass();
    [run] = await runs(s.id);
    expect(run).toMatchObject({ state: 'failed', attempts: 3, next_attempt_at: null });
    await advance(600_000);
    await pass();
    expect(seen).toHaveLength(3);
    expect(seen.every((x) => x.path === '/inbox')).toBe(true);
    expect(new Set(seen.map((x) => x.headers['idempotency-key']))).toEqual(new Set([`report-run-${run.id}`]));
    // The schedule itself goes on.
    expect((await call('GET', `/report-schedules/${s.id}`)).json().state).toBe('active');
  });

  it('fails a retry when the report changed between attempts', async () => {
    const dest = await destination();
    answer = { status: 503 };
    const s = await dueSchedule(dest);
    await pass();
    expect((await call('POST', `/reports/${report}`, { name: 'Daily digest (v2)' })).statusCode).toBe(200);
    answer = { status: 200 };
    await advance(30_000);
    await pass();
    const [run] = await runs(s.id);
    expect(run).toMatchObject({ state: 'failed', error_code: 'report_changed', attempts: 2 });
    expect(seen).toHaveLength(1);
  });

  it('checks the address again at use: a name now resolving to 169.254.169.254 or fe80:: pauses the schedule', async () => {
    for (const bad of ['169.254.169.254', 'fe80::1']) {
      const dest = await destination();
      hosts['receiver.test'] = bad;
      const s = await dueSchedule(dest);
      await pass();
      const [run] = await runs(s.id);
      expect(run).toMatchObject({ state: 'paused', error_code: 'address_refused' });
      expect(run.detail).toMatch(/link-local/);
      const after = (await call('GET', `/report-schedules/${s.id}`)).json();
      expect(after).toMatchObject({ state: 'paused', enabled: false, next_run_at: null });
      expect(after.paused_reason).toMatch(/link-local/);
      const tested = await call('POST', `/report-delivery-destinations/${dest}/test`);
      expect(tested.json()).toMatchObject({ ok: false, schema: 'svc.report_delivery_test.v1' });
      expect(seen).toHaveLength(0);
      // Enabling it again resumes it from the next occurrence.
      hosts['receiver.test'] = '127.0.0.1';
      const resumed = await call('PATCH', `/report-schedules/${s.id}`, { enabled: true });
      expect(resumed.json()).toMatchObject({ state: 'active', paused_reason: null });
      await r.t.h.ctx.db.deleteFrom('report_schedules').execute();
    }
  });

  it("checks the principal's permissions at run time and pauses on a permanent refusal", async () => {
    const dest = await destination();
    const s = await dueSchedule(dest, r.asker);
    // The analyst who saved it is now an auditor: no reports:schedule, no incidents:export.
    await ctx().db.updateTable('users').set({ role: 'auditor' }).where('id', '=', r.asker.userId).execute();
    try {
      await pass();
      const [run] = await runs(s.id);
      expect(run).toMatchObject({ state: 'paused', error_code: 'principal_forbidden', attempts: 1 });
      expect(seen).toHaveLength(0);
    } finally {
      await ctx()
        .db.updateTable('users')
        .set({ role: 'security_analyst' })
        .where('id', '=', r.asker.userId)
        .execute();
    }
  });
});
