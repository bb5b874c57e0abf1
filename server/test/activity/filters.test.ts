import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../helpers/index.js';
import { scopedAnalyst } from '../incidents/misc-scope.js';
import { type Activity, at, startActivity } from './activity-harness.js';

let a: Activity;
beforeEach(async () => {
  a = await startActivity();
});
afterEach(async () => a.close());

const ids = (r: { json(): { items: { id: string }[] } }) =>
  r
    .json()
    .items.map((i) => i.id)
    .sort();
const payload = (o: Record<string, unknown>) =>
  JSON.stringify({ detectors: [], enforcement: 'applied', matched_policy_ids: [], ...o });

describe('GET /activity-events filters and rows (document 2, Activity Explorer)', () => {
  it('answers every filter with the events it names and shows requested and applied actions', async () => {
    const incident = randomUUID();
    const [reduced, blocked, discovery, marked, other, hashA, hashB] = await a.seed([
      {
        occurred_at: at(-10),
        channel: 'removable_storage',
        requested_action: 'block',
        action: 'audit',
        match_count: 2,
        decided_by_policy_id: 'pol-1',
        payload: payload({
          enforcement: 'reduced_by_capability',
          detectors: [{ id: 'credit_card', category: 'financial' }],
          matched_policy_ids: ['pol-1'],
        }),
      },
      {
        occurred_at: at(-20),
        action: 'block',
        requested_action: 'block',
        match_count: 1,
        incident_id: incident,
      },
      { occurred_at: at(-30), channel: 'discovery', user_name: null },
      {
        occurred_at: at(-40),
        file_mark_zone: 3,
        user_name: 'bob',
        hostname: 'PC-2',
        file_name: 'Plan_Q3.xlsx',
      },
      { occurred_at: at(-50), action: 'warn_with_continue', requested_action: 'warn_with_continue' },
      { occurred_at: at(-60), file_blake3: 'b3-same', file_path: '/x/1' },
      { occurred_at: at(-70), file_blake3: 'b3-same', file_path: '/y/2' },
    ]);
    const all = await a.get('?limit=200');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(7);
    const row = all.json().items.find((i: { id: string }) => i.id === reduced);
    expect(row).toMatchObject({
      requested_action: 'block',
      applied_action: 'audit',
      enforcement_result: 'reduced_by_capability',
      reduced: true,
      outcome: 'audited',
      channel: 'removable_storage',
      categories: ['financial'],
      policy_id: 'pol-1',
    });
    expect(all.json().items.find((i: { id: string }) => i.id === blocked)).toMatchObject({
      reduced: false,
      enforcement_result: 'applied',
      outcome: 'blocked',
      incident_id: incident,
    });
    expect(all.json().channels).toContain('removable_storage');
    expect(all.json().categories).toContainEqual({ category: 'financial', tenant_detector: false });
    const cases: [string, string[]][] = [
      ['channel=removable_storage,discovery', [reduced!, discovery!]],
      ['outcome=blocked', [blocked!]],
      ['outcome=prompted,blocked&action=block', [blocked!]],
      ['action=warn_with_continue', [other!]],
      ['category=financial', [reduced!]],
      ['trust=internet', [marked!]],
      ['user=bob', [marked!]],
      ['endpoint=PC-2', [marked!]],
      ['search=plan_q3', [marked!]],
      ['policy=pol-1', [reduced!]],
      ['policy_id=pol-1', [reduced!]],
      [`related_file=${hashA}`, [hashA!, hashB!]],
      ['incident=matched_no_incident', [reduced!]],
      ['enforcement=reduced_by_capability', [reduced!]],
      ['event_kind=user_activity', [reduced!, blocked!, marked!, other!, hashA!, hashB!]],
      ['event_kind=discovery', [discovery!]],
      [`from=${at(-35)}&to=${at(-15)}`, [blocked!, discovery!]],
    ];
    for (const [q, want] of cases) {
      const r = await a.get(`?${q}`);
      expect(r.statusCode, `${q}: ${r.body}`).toBe(200);
      expect(ids(r), q).toEqual([...want].sort());
      expect(r.json().total, q).toBe(want.length);
      const counted = r.json().timeline.buckets.reduce((s: number, b: { total: number }) => s + b.total, 0);
      expect(counted, q).toBe(want.length);
    }
  });

  it('says which categories a tenant detector emits', async () => {
    const r = await a.t.call('POST', '/detectors', a.t.h.owner, {
      id: 'staff_ref',
      category: 'national_id',
      pattern: 'ST-[0-9]{6}',
      confidence: 75,
    });
    expect(r.statusCode, r.body).toBe(201);
    const cats = (await a.get('')).json().categories;
    expect(cats).toContainEqual({ category: 'national_id', tenant_detector: true });
    expect(cats).toContainEqual({ category: 'financial', tenant_detector: false });
  });

  it('pages newest first', async () => {
    await a.seed(Array.from({ length: 5 }, (_, i) => ({ occurred_at: at(-1 - i) })));
    const p1 = (await a.get('?limit=2')).json();
    const p3 = (await a.get('?limit=2&offset=4')).json();
    expect(p1).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(p1.items.map((i: { occurred_at: string }) => i.occurred_at)).toEqual([at(-1), at(-2)]);
    expect(p3.items.map((i: { occurred_at: string }) => i.occurred_at)).toEqual([at(-5)]);
  });

  it('refuses a bad value with 422 naming the field, never echoing it', async () => {
    for (const [q, field] of [
      ['channel=teleport', 'channel'],
      ['outcome=exploded', 'outcome'],
      ['action=browser_upload,block', 'action'],
      ['category=secrets', 'category'],
      ['trust=maybe', 'trust'],
      ['incident=none', 'incident'],
      ['enforcement=partial', 'enforcement'],
      ['event_kind=system', 'event_kind'],
      ['from=yesterday', 'from'],
      [`from=${at(0)}&to=${at(-1)}`, 'to'],
      [`from=2024-01-01T00:00:00.000Z&to=${at(0)}`, 'from'],
      ['limit=500', 'limit'],
      ['search=x', 'search'],
      ['colour=red', 'colour'],
    ] as const) {
      const r = await a.get(`?${q}`);
      expect(r.statusCode, q).toBe(422);
      expect(JSON.stringify(r.json().details), q).toContain(field);
      expect(r.body, q).not.toMatch(/teleport|exploded|secrets|maybe|partial|yesterday/);
    }
  });

  it("answers another tenant's related_file with 404 and needs incidents:read", async () => {
    const [mine] = await a.seed([{ occurred_at: at(-5) }]);
    const stranger = await signInAs(a.t.h.ctx, { role: 'owner' });
    expect((await a.get(`?related_file=${mine}`, stranger)).statusCode).toBe(404);
    expect((await a.get(`?related_file=${randomUUID()}`)).statusCode).toBe(404);
    expect((await a.get('', stranger)).json().total).toBe(0);
    const viewer = await signInAs(a.t.h.ctx, { role: 'viewer', tenant: a.t.h.owner.tenantSlug });
    expect((await a.get('', viewer)).statusCode).toBe(403);
    const auditor = await signInAs(a.t.h.ctx, { role: 'auditor', tenant: a.t.h.owner.tenantSlug });
    expect((await a.get('', auditor)).statusCode).toBe(200);
  });

  it('gives an endpoint-group-scoped role only its groups: rows, totals, timeline and runs', async () => {
    const { scoped, inside } = await scopedAnalyst(a.t);
    const [inEvent] = await a.seed(
      [{ occurred_at: at(-5) }, { occurred_at: at(-6), channel: 'discovery' }],
      inside.deviceId,
    );
    await a.seed([
      { occurred_at: at(-5) },
      { occurred_at: at(-7) },
      { occurred_at: at(-6), channel: 'discovery' },
    ]);
    const r = (await a.get('?event_kind=user_activity', scoped)).json();
    expect(r.items.map((i: { id: string }) => i.id)).toEqual([inEvent]);
    expect(r.total).toBe(1);
    expect(r.timeline.buckets.at(-1).total).toBe(1);
    expect((await a.get('?event_kind=user_activity')).json().total).toBe(3);
    const runs = (
      await a.t.h.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/activity-events/discovery-runs',
        headers: scoped.headers,
      })
    ).json().runs;
    expect(runs.map((x: { endpoint_id: string }) => x.endpoint_id)).toEqual([inside.deviceId]);
  });
});
