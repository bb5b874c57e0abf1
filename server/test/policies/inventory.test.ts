import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consoleCalls, createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

let ctx: TestContext;
let owner: SignedIn;
const ids: string[] = [];

const rule = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  severity: 'high',
  scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
  condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
  response: 'audit',
  change_reason: 'inventory test policy',
  ...over,
});

const { get, post } = consoleCalls(
  () => ctx,
  () => owner.headers,
);

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
  ids.push((await post('/policies', rule('Cards to USB', { owner: 'sec@example.com' }))).json().policy_id);
  ids.push(
    (await post('/policies', rule('Block uploads', { response: 'block', severity: 'critical' }))).json()
      .policy_id,
  );
  ids.push(
    (
      await post(
        '/policies',
        rule('Sticks', {
          severity: 'low',
          scope: { agent_groups: ['Finance'] },
          condition: { op: 'removable_device', serials: ['X1'], match_mode: 'none_of' },
          response: 'warn',
        }),
      )
    ).json().policy_id,
  );
  await post(`/policies/${ids[0]}/versions/1/publish`);
  await post(`/policies/${ids[1]}/versions/1/publish`);
});
afterAll(async () => ctx.close());
afterEach(() => undefined);

describe('policy inventory', () => {
  it('answers the whole list in priority order with complete_order, counts and owners', async () => {
    const r = await get('/policies/inventory');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(ids);
    expect(body).toMatchObject({
      total: 3,
      unfiltered_total: 3,
      limit: 50,
      offset: 0,
      complete_order: true,
      owners: ['sec@example.com'],
      counts: { active: 1, drafts: 1, awaiting_approval: 1, changes_unpublished: 0 },
      attention: { cannot_fire: 0, needs_review: 1 },
    });
  });

  it('finds POL-2, pol2 and 2 alike, and filters by text, family, action, scope and deployment', async () => {
    for (const q of ['POL-2', 'pol2', '2'])
      expect((await get(`/policies/inventory?q=${q}`)).json().items[0].id).toBe(ids[1]);
    expect((await get('/policies/inventory?q=uploads')).json().total).toBe(1);
    expect((await get('/policies/inventory?family=devices')).json().items[0].id).toBe(ids[2]);
    expect((await get('/policies/inventory?action=warn')).json().items[0].id).toBe(ids[2]);
    expect((await get('/policies/inventory?deployment=live')).json().items[0].id).toBe(ids[0]);
    // A rule scoped to no channel answers every channel.
    expect(
      (await get('/policies/inventory?channel=print')).json().items.map((i: { id: string }) => i.id),
    ).toEqual([ids[2]]);
    const filtered = (await get('/policies/inventory?q=uploads')).json();
    expect(filtered.complete_order).toBe(false);
    expect((await get('/policies/inventory?sort=severity')).json().items[0].id).toBe(ids[1]);
    expect((await get('/policies/inventory?sort=name&dir=desc')).json().items[0].id).toBe(ids[2]);
    expect((await get('/policies/inventory?updated_since=2020-01-01')).json().total).toBe(3);
  });

  it('answers 422 naming the field for unknown or out-of-range values', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['offset=1000001', 'offset'],
      ['sort=colour', 'sort'],
      ['family=secret', 'family'],
      ['updated_since=yesterday', 'updated_since'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['nonsense=1', ''],
      ['channel=removable_storge', 'channel'],
      ['channel=Print', 'channel'],
    ] as const) {
      const r = await get(`/policies/inventory?${query}`);
      expect(r.statusCode, query).toBe(422);
      if (field) expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});
