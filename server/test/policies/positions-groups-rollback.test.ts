import type { BundlePayload } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { stepUp } from '../helpers/index.js';
import { cardsToUsb, policyApp } from './policy-app.js';

/**
 * Issue 14, items 3, 4, 6, 8 and 15 (document 1): the bundle stamps the stored list position, the
 * effective group is implied by channels, a rollback re-validates against today's objects and
 * says when it names the live version, reorder audits its reason, and an unknown detector is
 * refused when written.
 */
const t = policyApp();
const { get, post } = t;

const draft = (over: Record<string, unknown> = {}) => cardsToUsb('issue fourteen policy rules', over);

async function create(over: Record<string, unknown> = {}): Promise<string> {
  const r = await post('/policies', draft(over));
  expect(r.statusCode).toBe(201);
  return r.json().policy_id as string;
}
async function publish(id: string, version = 1): Promise<void> {
  expect((await post(`/policies/${id}/versions/${version}/publish`)).json().status).toBe('published');
}
async function payload(): Promise<BundlePayload> {
  const env = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.envelope as { payload_b64: string };
  return JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()) as BundlePayload;
}

describe('priority: the list position is stamped into every bundle (item 3)', () => {
  it('stamps the positions the console shows, not 1..n of the shipped policies', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await create({ name: `Rule ${i}` }));
    // Only the 2nd and 4th are published: the console shows positions 2 and 4.
    await publish(ids[1] as string);
    await publish(ids[3] as string);
    const rows = (await get('/policies')).json() as { id: string; position: number }[];
    const shown = new Map(rows.map((r) => [r.id, r.position]));
    const stamped = (await payload()).policies.map((p) => [p.policy_id, p.priority]);
    expect(stamped).toEqual([
      [ids[1], shown.get(ids[1] as string)],
      [ids[3], shown.get(ids[3] as string)],
    ]);
    expect(stamped.map((s) => s[1])).toEqual([2, 4]);
    const inv = (await get('/policies/inventory')).json().items as { id: string; priority: number }[];
    expect(inv.filter((i) => i.id === ids[3]).map((i) => i.priority)).toEqual([4]);
    // After a reorder the bundle stamps the new positions.
    await stepUp(t.ctx, t.owner, 'policy_release');
    const order = [...ids].reverse();
    expect((await post('/policies/reorder', { order, reason: 'newest rules first' })).statusCode).toBe(200);
    expect((await payload()).policies.map((p) => [p.policy_id, p.priority])).toEqual([
      [ids[3], 2],
      [ids[1], 4],
    ]);
  });
});

describe('effective_group: the chosen group or the one the channels imply (item 4)', () => {
  it('is never null: channels imply a group, mixed or no channels are other', async () => {
    const usb = await create();
    const web = await create({ scope: { channels: ['browser_upload'], agent_groups: ['Finance'] } });
    const mixed = await create({ scope: { channels: ['print', 'clipboard'], agent_groups: ['Finance'] } });
    const any = await create({ scope: { agent_groups: ['Finance'] } });
    const chosen = await create({ scope: { channels: ['print'], agent_groups: ['Finance'] } });
    await post(`/policies/${chosen}/group`, { group: 'email' });
    const rows = (await get('/policies')).json() as {
      id: string;
      group: string | null;
      effective_group: string;
    }[];
    const eff = new Map(rows.map((r) => [r.id, [r.group, r.effective_group]]));
    expect(eff.get(usb)).toEqual([null, 'removable_media']);
    expect(eff.get(web)).toEqual([null, 'web']);
    expect(eff.get(mixed)).toEqual([null, 'other']);
    expect(eff.get(any)).toEqual([null, 'other']);
    expect(eff.get(chosen)).toEqual(['email', 'email']);
    expect((await get(`/policies/${usb}`)).json().effective_group).toBe('removable_media');
    const inv = await get('/policies/inventory?group=removable_media');
    expect(
      inv.json().items.map((i: { id: string; effective_group: string }) => [i.id, i.effective_group]),
    ).toEqual([[usb, 'removable_media']]);
  });
});

describe('rollback (items 6 and 15)', () => {
  it('refuses a direct rollback to a version naming a retired prompt message: 422, nothing changed', async () => {
    const m = await post('/prompt-messages', {
      name: 'Careful',
      action: 'warn',
      texts: { en: 'Careful now' },
    });
    expect(m.statusCode).toBe(201);
    const notice = { response: 'inform', notifications: { prompt_message_id: m.json().id } };
    const id = await create(notice);
    await publish(id);
    await post(`/policies/${id}/versions`, draft({ response: 'inform' }));
    await publish(id, 2);
    expect((await post(`/prompt-messages/${m.json().id}/retire`)).statusCode).toBeLessThan(300);
    const before = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.version;
    const r = await post(`/policies/${id}/rollback`, { to_version: 1, reason: 'back to the notice' });
    expect(r.statusCode).toBe(422);
    expect(r.json().code).toBe('policy.rollback_target');
    expect(r.json().details).toEqual([
      { field: 'to_version', message: expect.stringContaining('notifications.prompt_message_id') },
    ]);
    expect((await getLatestBundle(t.ctx.db, t.owner.tenantId))?.version).toBe(before);
    const statuses = (await get(`/policies/${id}/versions`)).json().map((v: { status: string }) => v.status);
    expect(statuses).toEqual(['archived', 'published']);
  });

  it('says that the version named is the live one', async () => {
    const id = await create();
    await publish(id);
    const r = await post(`/policies/${id}/rollback`, { to_version: 1, reason: 'the live one again' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'policy.rollback_live',
      details: [{ field: 'to_version', message: 'names the version that is live now' }],
    });
    // The lifecycle view gives the same reason for the live version.
    const view = (await get(`/policies/${id}/lifecycle`)).json();
    expect(view.versions[0].actions).toContainEqual({
      action: 'rollback',
      allowed: false,
      reason: 'the version is live now; nothing to roll back',
    });
  });
});

describe('unknown detector (item 15)', () => {
  it('is refused on write by the field path of the condition node', async () => {
    const r = await post(
      '/policies',
      draft({
        condition: {
          op: 'and',
          nodes: [
            { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
            { op: 'not', node: { op: 'detector', detector_id: 'no_such_detector', min_matches: 1 } },
          ],
        },
      }),
    );
    expect(r.statusCode).toBe(422);
    expect(r.json().details).toEqual([
      { field: 'condition.nodes[1].node.detector_id', message: 'is not a detector of the tenant' },
    ]);
    const id = await create();
    const v2 = await post(
      `/policies/${id}/versions`,
      draft({ condition: { op: 'detector', detector_id: 'nope', min_matches: 1 } }),
    );
    expect(v2.json().details).toEqual([
      { field: 'condition.detector_id', message: 'is not a detector of the tenant' },
    ]);
    expect((await get(`/policies/${id}/versions`)).json()).toHaveLength(1);
  });
});

describe('policy.reordered records the reason (item 8)', () => {
  it('stores order before, after and the reason', async () => {
    const a = await create();
    const b = await create({ name: 'Second' });
    await stepUp(t.ctx, t.owner, 'policy_release');
    expect((await post('/policies/reorder', { order: [b, a], reason: 'second rule first' })).statusCode).toBe(
      200,
    );
    const row = await t.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'policy.reordered')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.metadata)).toMatchObject({
      order_before: [a, b],
      order_after: [b, a],
      reason: 'second rule first',
    });
  });
});
