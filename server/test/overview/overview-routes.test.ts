import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { scopedAnalyst } from '../incidents/misc-scope.js';
import { startTriage, type Triage } from '../incidents/triage-harness.js';

/**
 * Document 2, Overview (docs/overview.md): figures from stored rows (zeros on an empty tenant),
 * `coverage.*`, the rankings over 30 days by the injected clock, destinations, `exceptions_waiting`
 * and every withholding rule (`names_withheld`, `destinations_withheld`, `people_withheld` with the
 * tenant's person-analysis switch and behaviour:read); `/overview/security` and
 * `/overview/destinations`.
 */
let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

async function get(path: string, who?: SignedIn) {
  const r = await t.call('GET', path, who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const personAnalysis = (enabled: boolean, who?: SignedIn) =>
  t.call('POST', '/settings/person-analysis', who, { enabled, reason: 'Works council agreement' });

describe('GET /overview', () => {
  it('is all zeros and empty lists on an empty tenant', async () => {
    const empty = await signInAs(t.h.ctx, { role: 'owner' });
    const o = await get('/overview', empty);
    expect(o.incidents).toEqual({
      open: 0,
      open_by_severity: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      created_in_window: 0,
      closed_in_window: 0,
    });
    expect(o.coverage).toEqual({
      endpoints: 0,
      reporting: 0,
      silent: 0,
      without_policy: 0,
      revoked: 0,
      uninstalled: 0,
    });
    expect([o.top_users, o.top_users_by_volume, o.top_endpoints, o.destinations]).toEqual([[], [], [], []]);
    expect(o.exceptions_waiting).toEqual({ count: 0, oldest_lapses_at: null });
    expect(o).toMatchObject({
      names_withheld: false,
      destinations_withheld: false,
      people_withheld: 'per_user_off',
    });
  });

  it('counts stored incidents, endpoints and destinations; rankings follow the 30-day window', async () => {
    await t.raise(['carol', 'carol', 'bob'], t.d, { destination: 'files.example.net' });
    const o = await get('/overview');
    expect(o.incidents.open).toBe(3);
    expect(o.incidents.open_by_severity.high).toBe(3);
    expect(o.incidents.created_in_window).toBe(3);
    expect(o.coverage).toMatchObject({ endpoints: 1, reporting: 1, silent: 0 });
    expect(o.top_endpoints).toEqual([{ device_id: t.d.deviceId, hostname: 'host-1', incidents: 3 }]);
    expect(o.destinations).toEqual([{ destination: 'files.example.net', incidents: 3 }]);
    // Sessions lapse over days: a fresh sign-in of the same tenant reads each later time.
    const fresh = () => signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    t.h.ctx.clock.advance(8 * 86_400_000);
    expect((await get('/overview', await fresh())).coverage).toMatchObject({
      endpoints: 1,
      reporting: 0,
      silent: 1,
    });
    t.h.ctx.clock.advance(23 * 86_400_000);
    const later = await get('/overview', await fresh());
    expect(later.incidents.open).toBe(3);
    expect(later.incidents.created_in_window).toBe(0);
    expect([later.top_endpoints, later.destinations]).toEqual([[], []]);
  });

  it('person rankings need the tenant switch and behaviour:read; names hidden withholds them', async () => {
    await t.raise(['carol', 'carol', 'bob']);
    expect((await get('/overview')).top_users).toEqual([]);
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    expect((await personAnalysis(true, analyst)).statusCode).toBe(403);
    const set = await personAnalysis(true);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ enabled: true });
    const o = await get('/overview');
    expect(o.people_withheld).toBeNull();
    expect(o.top_users).toEqual([
      { username: 'carol', incidents: 2 },
      { username: 'bob', incidents: 1 },
    ]);
    expect(o.top_users_by_volume).toEqual([
      { username: 'carol', incidents: 2, bytes: 240 },
      { username: 'bob', incidents: 1, bytes: 120 },
    ]);
    const theirs = await get('/overview', analyst);
    expect(theirs).toMatchObject({
      people_withheld: 'no_behaviour_read',
      top_users: [],
      top_users_by_volume: [],
    });
    expect(theirs.top_endpoints).toHaveLength(1);
    const hide = await t.call('POST', '/settings/incident-names', undefined, {
      names_hidden: true,
      reason: 'Works council agreement',
    });
    expect(hide.statusCode).toBe(200);
    expect(await get('/overview')).toMatchObject({ people_withheld: 'names_hidden', top_users: [] });
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'settings.person_analysis_changed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('without incidents:read: names and destinations withheld; without exceptions:read: no exceptions', async () => {
    await t.raise(['carol'], t.d, { destination: 'files.example.net' });
    await personAnalysis(true);
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    const o = await get('/overview', viewer);
    expect(o).toMatchObject({
      names_withheld: true,
      destinations_withheld: true,
      people_withheld: 'no_incidents_read',
      top_users: [],
      top_users_by_volume: [],
      top_endpoints: [],
      destinations: [],
      exceptions_waiting: null,
    });
    expect(o.incidents.open).toBe(1);
    const d = await get('/overview/destinations', viewer);
    expect(d).toMatchObject({ destinations_withheld: true, unclassified: [], non_business: [] });
  });

  it('a role scoped to endpoint groups counts only its groups', async () => {
    const { scoped, inside } = await scopedAnalyst(t);
    await t.one('carol', inside);
    await t.raise(['bob', 'dave']);
    expect((await get('/overview')).incidents.open).toBe(3);
    const mine = await get('/overview', scoped);
    expect(mine.incidents.open).toBe(1);
    expect(mine.coverage.endpoints).toBe(1);
    expect(mine.top_endpoints.map((e: { device_id: string }) => e.device_id)).toEqual([inside.deviceId]);
    expect(
      (await get('/overview/security', scoped)).by_channel.reduce(
        (a: number, r: { incidents: number }) => a + r.incidents,
        0,
      ),
    ).toBe(1);
  });
});

describe('GET /overview/security and /overview/destinations', () => {
  it('security: open by severity and the window by channel and action', async () => {
    await t.raise(['carol', 'bob']);
    const s = await get('/overview/security');
    expect(s.open_by_severity).toContainEqual({ severity: 'high', incidents: 2 });
    expect(s.by_channel.reduce((a: number, r: { incidents: number }) => a + r.incidents, 0)).toBe(2);
    expect(s.by_action.length).toBeGreaterThan(0);
  });

  it('destinations: unclassified until the tenant names its network, then non-business outside it', async () => {
    await t.raise(['carol'], t.d, { destination: 'files.example.net' });
    await t.raise(['bob'], t.d, { destination: 'wiki.corp.example' });
    await t.raise(['dave'], t.d, { destination: '203.0.113.9' });
    const before = await get('/overview/destinations');
    expect(before.indicators_configured).toBe(false);
    expect(before.unclassified.map((r: { destination: string }) => r.destination).sort()).toEqual([
      '203.0.113.9',
      'files.example.net',
      'wiki.corp.example',
    ]);
    await t.h.ctx.db
      .insertInto('network_indicators')
      .values({
        tenant_id: t.h.owner.tenantId,
        revision: 1,
        dns_suffixes: JSON.stringify(['corp.example']),
        ip_ranges: JSON.stringify(['10.0.0.0/8']),
        updated_by: t.h.owner.userId,
        updated_at: '2026-01-20T09:00:00.000Z',
      })
      .execute();
    const after = await get('/overview/destinations');
    expect(after.indicators_configured).toBe(true);
    expect(after.unclassified).toEqual([]);
    expect(after.non_business.map((r: { destination: string }) => r.destination).sort()).toEqual([
      '203.0.113.9',
      'files.example.net',
    ]);
  });
});
