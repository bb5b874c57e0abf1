import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueScans } from '../../src/modules/discovery-scans/schedule.js';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';

/**
 * Discovery scans (document 2; docs/discovery-scans.md): creation delivers a DiscoveryScan command
 * at check-in, the signed device reports progress and findings, `exposed_only` keeps high and
 * critical, a re-run names the run before it, cancel stops the agent. One app for the file.
 */
let h: AgentHarness;
let ringId = '';
let d1: TestDevice; // in Ring 1
let d2: TestDevice; // in Ring 1
let d3: TestDevice; // no group

beforeAll(async () => {
  h = await startHarness();
  ringId = (await call('POST', '/agent-groups', { name: 'Ring 1' })).json().id;
  d1 = await enrolDevice(h, 'ed25519', { agent_group: 'Ring 1' });
  d2 = await enrolDevice(h, 'ed25519', { agent_group: 'Ring 1' });
  d3 = await enrolDevice(h);
}, 60_000);
afterAll(async () => h.close());

function call(method: 'GET' | 'POST', url: string, payload?: object, who: SignedIn = h.owner) {
  return h.ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

const commandsOf = async (d: TestDevice) =>
  (await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody())).json().commands as {
    kind: string;
    payload: { scan_id: string; paths: string[] };
  }[];

const report = (d: TestDevice, scanId: string, body: Record<string, unknown>) =>
  signed(h, d, 'POST', `/api/v1/agent/discovery-scans/${scanId}/report`, {
    state: 'running',
    files_seen: 0,
    files_read: 0,
    bytes_read: 0,
    findings: [],
    ...body,
  });

const finding = (path: string, severity: string) => ({
  path,
  severity,
  detectors: [{ detector_id: 'payment_card', category: 'financial', match_count: 2 }],
  policy_ids: [],
});

const scanCount = async () => (await call('GET', '/discovery-scans')).json().total as number;

describe('discovery scans', () => {
  it('creates a scan over a group and an agent; each endpoint collects its command once', async () => {
    const r = await call('POST', '/discovery-scans', {
      name: ' Cards at rest ',
      group_ids: [ringId],
      agent_ids: [d3.deviceId],
      paths: ['/srv/share'],
    });
    expect(r.statusCode).toBe(201);
    const scan = r.json();
    expect(scan).toMatchObject({
      reference: expect.stringMatching(/^DS-\d+$/),
      name: 'Cards at rest',
      status: 'queued',
      paths: ['/srv/share'],
      endpoints: 3,
      endpoints_finished: 0,
      previous_run_id: null,
      findings: { total: 0, exposed: 0 },
    });
    expect(scan.endpoint_runs.map((e: { status: string }) => e.status)).toEqual([
      'queued',
      'queued',
      'queued',
    ]);
    for (const d of [d1, d2, d3]) {
      const cmds = await commandsOf(d);
      expect(cmds).toEqual([
        expect.objectContaining({
          kind: 'DiscoveryScan',
          payload: { scan_id: scan.id, paths: ['/srv/share'] },
        }),
      ]);
      expect(await commandsOf(d)).toEqual([]);
    }
    const audit = await h.ctx.db
      .selectFrom('audit_events')
      .select(['action'])
      .where('subject_id', '=', scan.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['discovery_scan.created']);
    expect((await call('GET', `/discovery-scans?status=queued`)).json().items[0].id).toBe(scan.id);
    // Closed out for the next tests.
    expect(
      (await call('POST', `/discovery-scans/${scan.id}/cancel`, { reason: 'set-up only' })).statusCode,
    ).toBe(200);
  });

  it('refuses by field, by permission and across tenants, creating and queueing nothing', async () => {
    const before = await scanCount();
    const queued = async () =>
      (await h.ctx.db.selectFrom('agent_commands').select('id').where('collected_at', 'is', null).execute())
        .length;
    const q0 = await queued();
    const field = async (body: object) => {
      const r = await call('POST', '/discovery-scans', body);
      expect(r.statusCode).toBe(422);
      return r.json().details[0].field as string;
    };
    expect(await field({ name: 'x' })).toBe('agent_ids');
    expect(await field({ name: 'x', agent_ids: ['00000000-0000-4000-8000-000000000000'] })).toBe(
      'agent_ids[0]',
    );
    expect(await field({ name: 'x', group_ids: ['00000000-0000-4000-8000-000000000000'] })).toBe(
      'group_ids[0]',
    );
    expect(await field({ name: 'x', agent_ids: [d3.deviceId], paths: ['relative/dir'] })).toBe('paths[0]');
    expect(await field({ name: 'x', agent_ids: [d3.deviceId], paths: ['/a/../etc'] })).toBe('paths[0]');
    expect(await field({ name: 'x', agent_ids: [d3.deviceId], paths: ['/a', '/a'] })).toBe('paths[1]');
    expect(await field({ name: '  ', agent_ids: [d3.deviceId] })).toBe('name');
    expect(await field({ name: 'x', agent_ids: [d3.deviceId], extra: 1 })).toBe('extra');

    // Another tenant's endpoint is refused exactly like a missing one.
    const other = await signInAs(h.ctx, { role: 'owner' });
    const theirs = await call('POST', '/discovery-scans', { name: 'x', agent_ids: [d3.deviceId] }, other);
    expect([theirs.statusCode, theirs.json().details[0]]).toEqual([
      422,
      { field: 'agent_ids[0]', message: 'is not an endpoint of this tenant' },
    ]);

    const analyst = await signInAs(h.ctx, { role: 'security_analyst', tenant: h.owner.tenantSlug });
    expect((await call('GET', '/discovery-scans', undefined, analyst)).statusCode).toBe(200);
    expect(
      (await call('POST', '/discovery-scans', { name: 'x', agent_ids: [d3.deviceId] }, analyst)).statusCode,
    ).toBe(403);
    const viewer = await signInAs(h.ctx, { role: 'viewer', tenant: h.owner.tenantSlug });
    expect((await call('GET', '/discovery-scans', undefined, viewer)).statusCode).toBe(403);
    expect(await scanCount()).toBe(before);
    expect(await queued()).toBe(q0);
  });

  it('takes reports from the endpoints it was sent to; exposed_only keeps high and critical', async () => {
    const scan = (
      await call('POST', '/discovery-scans', { name: 'Exposure', agent_ids: [d1.deviceId, d3.deviceId] })
    ).json();
    await commandsOf(d1);
    await commandsOf(d3);
    // A device the scan was not sent to sees no such scan.
    const stranger = await report(d2, scan.id, { findings: [finding('/x', 'high')] });
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'resource.not_found']);

    const first = await report(d1, scan.id, {
      files_seen: 10,
      files_read: 8,
      bytes_read: 4096,
      findings: [
        finding('/srv/a.csv', 'critical'),
        finding('/srv/b.csv', 'medium'),
        finding('/srv/c.csv', 'high'),
      ],
    });
    expect(first.json()).toEqual({ accepted_findings: 3, cancelled: false });
    // A retried report of the same path adds nothing; smaller counts do not lower the totals.
    const again = await report(d1, scan.id, { files_seen: 5, findings: [finding('/srv/a.csv', 'critical')] });
    expect(again.json()).toEqual({ accepted_findings: 0, cancelled: false });
    let detail = (await call('GET', `/discovery-scans/${scan.id}`)).json();
    expect(detail.status).toBe('running');
    expect(detail.endpoint_runs.find((e: { agent_id: string }) => e.agent_id === d1.deviceId)).toMatchObject({
      status: 'running',
      hostname: 'host-1',
      files_seen: 10,
      files_read: 8,
      bytes_read: 4096,
      findings: 3,
    });
    expect(JSON.stringify(detail)).not.toMatch(/files_scanned|scanned_files/);

    const all = (await call('GET', `/discovery-scans/${scan.id}/findings`)).json();
    expect(all.items.map((f: { path: string }) => f.path)).toEqual([
      '/srv/a.csv',
      '/srv/c.csv',
      '/srv/b.csv',
    ]);
    const exposed = (await call('GET', `/discovery-scans/${scan.id}/findings?exposed_only=true`)).json();
    expect(exposed).toMatchObject({ total: 2 });
    expect(exposed.items.map((f: { severity: string; exposed: boolean }) => [f.severity, f.exposed])).toEqual(
      [
        ['critical', true],
        ['high', true],
      ],
    );
    expect(
      (await call('GET', `/discovery-scans/${scan.id}/findings?agent_id=${d3.deviceId}`)).json().total,
    ).toBe(0);

    expect(
      (await report(d1, scan.id, { state: 'completed', files_seen: 12, files_read: 9, bytes_read: 5000 }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `/discovery-scans/${scan.id}`)).json().status).toBe('running');
    const failed = await report(d3, scan.id, { state: 'failed', error: 'no policy in force' });
    expect(failed.statusCode).toBe(200);
    detail = (await call('GET', `/discovery-scans/${scan.id}`)).json();
    expect(detail).toMatchObject({
      status: 'completed',
      endpoints_finished: 2,
      findings: { total: 3, exposed: 2, by_severity: { critical: 1, high: 1, medium: 1, low: 0 } },
    });
    expect(detail.finished_at).not.toBeNull();
    const late = await report(d1, scan.id, { findings: [finding('/srv/late.csv', 'high')] });
    expect([late.statusCode, late.json().code]).toEqual([409, 'resource.conflict']);
    expect((await call('GET', `/discovery-scans/${scan.id}`)).json().findings.total).toBe(3);

    // Another tenant's reader sees the identical 404.
    const other = await signInAs(h.ctx, { role: 'owner' });
    const missing = await call(
      'GET',
      '/discovery-scans/00000000-0000-4000-8000-000000000000',
      undefined,
      other,
    );
    for (const url of [`/discovery-scans/${scan.id}`, `/discovery-scans/${scan.id}/findings`]) {
      const r = await call('GET', url, undefined, other);
      expect([r.statusCode, r.json()]).toEqual([404, missing.json()]);
    }
  });

  it('a re-run names the run before it; a series runs one at a time', async () => {
    const first = (
      await call('POST', '/discovery-scans', { name: 'Weekly', agent_ids: [d2.deviceId] })
    ).json();
    const busy = await call('POST', `/discovery-scans/${first.id}/rerun`);
    expect([busy.statusCode, busy.json().code]).toEqual([409, 'resource.conflict']);
    await commandsOf(d2);
    await report(d2, first.id, { state: 'completed' });
    const second = await call('POST', `/discovery-scans/${first.id}/rerun`);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ name: 'Weekly', previous_run_id: first.id, status: 'queued' });
    expect((await commandsOf(d2))[0]!.payload.scan_id).toBe(second.json().id);
    await report(d2, second.json().id, { state: 'completed' });
    // Re-running the first run again follows the newest run of the series.
    const third = (await call('POST', `/discovery-scans/${first.id}/rerun`)).json();
    expect(third.previous_run_id).toBe(second.json().id);
    const list = (await call('GET', '/discovery-scans?limit=3')).json();
    expect(list.items[0]).not.toHaveProperty('previous_run_id');
    await call('POST', `/discovery-scans/${third.id}/cancel`, { reason: 'not needed' });
  });

  it('cancel needs a reason, stops the endpoint runs and answers the agent cancelled', async () => {
    const scan = (
      await call('POST', '/discovery-scans', { name: 'Stop me', agent_ids: [d1.deviceId] })
    ).json();
    const noReason = await call('POST', `/discovery-scans/${scan.id}/cancel`, { reason: '' });
    expect([noReason.statusCode, noReason.json().details[0].field]).toEqual([422, 'reason']);
    const analyst = await signInAs(h.ctx, { role: 'security_analyst', tenant: h.owner.tenantSlug });
    expect(
      (await call('POST', `/discovery-scans/${scan.id}/cancel`, { reason: 'stop it now' }, analyst))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/discovery-scans/${scan.id}`)).json().status).toBe('queued');

    const r = await call('POST', `/discovery-scans/${scan.id}/cancel`, { reason: 'wrong share chosen' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'wrong share chosen' });
    expect(r.json().endpoint_runs[0].status).toBe('cancelled');
    const answer = await report(d1, scan.id, { findings: [finding('/srv/z.csv', 'high')] });
    expect(answer.json()).toEqual({ accepted_findings: 0, cancelled: true });
    expect((await call('GET', `/discovery-scans/${scan.id}/findings`)).json().total).toBe(0);
    const twice = await call('POST', `/discovery-scans/${scan.id}/cancel`, { reason: 'wrong share chosen' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'resource.conflict']);
  });

  it('search finds a scan by reference and by name, only with discovery:read', async () => {
    const scan = (
      await call('POST', '/discovery-scans', { name: 'Quarterly ledger sweep', agent_ids: [d3.deviceId] })
    ).json();
    const hits = async (q: string, who: SignedIn = h.owner) => {
      const r = (await call('GET', `/search?q=${encodeURIComponent(q)}`, undefined, who)).json();
      return {
        ids: r.hits
          .filter((x: { kind: string }) => x.kind === 'discovery_scan')
          .map((x: { id: string }) => x.id),
        notSearched: r.not_searched as string[],
      };
    };
    expect((await hits(scan.reference.toLowerCase())).ids).toEqual([scan.id]);
    expect((await hits('ledger SWEEP')).ids).toEqual([scan.id]);
    expect((await hits('/srv')).ids).toEqual([]);
    const viewer = await signInAs(h.ctx, { role: 'viewer', tenant: h.owner.tenantSlug });
    expect(await hits('ledger', viewer)).toMatchObject({ ids: [] });
    expect((await hits('ledger', viewer)).notSearched).toContain('discovery_scan');
    await call('POST', `/discovery-scans/${scan.id}/cancel`, { reason: 'search test only' });
  });

  // Last in the file: it moves the clock two days on.
  it('a recurring scan runs again once its interval has passed; a cancelled run ends the series', async () => {
    const bad = await call('POST', '/discovery-scans', {
      name: 'x',
      agent_ids: [d2.deviceId],
      repeat_every_hours: 0,
    });
    expect([bad.statusCode, bad.json().details[0].field]).toEqual([422, 'repeat_every_hours']);
    const first = (
      await call('POST', '/discovery-scans', {
        name: 'Nightly',
        agent_ids: [d2.deviceId],
        repeat_every_hours: 24,
      })
    ).json();
    expect(first.repeat_every_hours).toBe(24);
    await commandsOf(d2);
    await report(d2, first.id, { state: 'completed' });
    const parts = h.ctx.app.deps;
    const pass = () => runDueScans(parts, h.ctx.clock.now());
    expect(await pass()).toBe(0);
    h.ctx.clock.advance(24 * 3_600_000 - 1);
    expect(await pass()).toBe(0);
    h.ctx.clock.advance(1);
    expect(await pass()).toBe(1);
    // The next run is queued: nothing more is due until it completes.
    expect(await pass()).toBe(0);
    const owner = await signInAs(h.ctx, { role: 'owner', tenant: h.owner.tenantSlug });
    const [next] = (await call('GET', '/discovery-scans?limit=1', undefined, owner)).json().items;
    const detail = (await call('GET', `/discovery-scans/${next.id}`, undefined, owner)).json();
    expect(detail).toMatchObject({
      name: 'Nightly',
      previous_run_id: first.id,
      repeat_every_hours: 24,
      created_by: null,
    });
    expect((await commandsOf(d2))[0]!.payload.scan_id).toBe(next.id);
    const audit = await h.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor_type'])
      .where('subject_id', '=', next.id)
      .execute();
    expect(audit).toEqual([{ action: 'discovery_scan.created', actor_type: 'system' }]);
    await call('POST', `/discovery-scans/${next.id}/cancel`, { reason: 'not this week' }, owner);
    h.ctx.clock.advance(48 * 3_600_000);
    expect(await pass()).toBe(0);
  });

  it('an endpoint run silent for over an hour fails; the scan then completes with the others', async () => {
    const fresh = () => signInAs(h.ctx, { role: 'owner', tenant: h.owner.tenantSlug });
    const scan = (
      await call(
        'POST',
        '/discovery-scans',
        { name: 'Lost run', agent_ids: [d1.deviceId, d3.deviceId] },
        await fresh(),
      )
    ).json();
    await commandsOf(d1);
    await commandsOf(d3);
    await report(d1, scan.id, {});
    await report(d3, scan.id, {});
    const pass = () => runDueScans(h.ctx.app.deps, h.ctx.clock.now());
    h.ctx.clock.advance(30 * 60_000);
    await report(d3, scan.id, { files_read: 5 });
    h.ctx.clock.advance(30 * 60_000 + 1);
    await pass();
    let detail = (await call('GET', `/discovery-scans/${scan.id}`, undefined, await fresh())).json();
    const runOf = (id: string) => detail.endpoint_runs.find((r: { agent_id: string }) => r.agent_id === id);
    expect(runOf(d1.deviceId)).toMatchObject({ status: 'failed', error: 'the endpoint stopped reporting' });
    expect(runOf(d3.deviceId)).toMatchObject({ status: 'running' });
    expect(detail.status).toBe('running');
    await report(d3, scan.id, { state: 'completed' });
    detail = (await call('GET', `/discovery-scans/${scan.id}`, undefined, await fresh())).json();
    expect(detail).toMatchObject({ status: 'completed', endpoints_finished: 2 });
  });
});
