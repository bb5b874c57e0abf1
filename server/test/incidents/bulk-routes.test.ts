import '../../src/modules/incidents/bulk-tables.js';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { cloneIncidents } from './many-incidents.js';
import { RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const KEY = 'bulk-key-0000000001';
const bulk = (body: Record<string, unknown>, who?: SignedIn) => t.call('POST', '/incidents/bulk', who, body);
const versions = async (ids: string[]) => {
  const rows = await t.h.ctx.db
    .selectFrom('incidents')
    .select(['id', 'row_version'])
    .where('id', 'in', ids)
    .execute();
  return ids.map((id) => ({ id, row_version: rows.find((r) => r.id === id)!.row_version }));
};
const audits = async (action: string) =>
  t.h.ctx.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();
const historyOf = async (id: string) =>
  t.h.ctx.db.selectFrom('incident_history').selectAll().where('incident_id', '=', id).execute();

describe('POST /incidents/bulk', () => {
  it('applies a status to every item through the single-incident rules, audited once, correlation id on every line', async () => {
    const ids = await t.raise(['b1', 'b2', 'b3']);
    const r = await bulk({
      idempotency_key: KEY,
      action: 'status',
      status: 'triaged',
      items: await versions(ids),
    });
    expect(r.statusCode, r.body).toBe(200);
    const out = r.json();
    expect(out).toMatchObject({
      replayed: false,
      action: 'status',
      counts: { updated: 3, total: 3, refused: 0 },
    });
    for (const i of out.items) expect(i).toMatchObject({ outcome: 'updated', row_version: 2, reason: null });
    for (const id of ids) {
      const lines = await historyOf(id);
      expect(lines.map((l) => [l.to_value, l.correlation_id])).toEqual([['triaged', out.correlation_id]]);
    }
    const once = await audits('incident.bulk_triaged');
    expect(once).toHaveLength(1);
    expect(JSON.parse(once[0]!.metadata)).toMatchObject({
      correlation_id: out.correlation_id,
      bulk_action: 'status',
      item_count: 3,
      updated_count: 3,
    });
    for (const a of await audits('incident.status_changed'))
      expect(JSON.parse(a.metadata).correlation_id).toBe(out.correlation_id);
  });

  it('mark_test goes through the synthetic service per item, correlation id on every line', async () => {
    const [a, b, already] = await t.raise(['t1', 't2', 't3']);
    const marked = await t.call('POST', `/incidents/${already}/synthetic`, undefined, {
      synthetic: true,
      reason: 'marked by hand',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const r = await bulk({
      idempotency_key: KEY,
      action: 'mark_test',
      reason: '  a red-team exercise  ',
      items: [...(await versions([a!, b!, already!])), { id: randomUUID(), row_version: 1 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const out = r.json();
    expect(out.items.map((i: { outcome: string }) => i.outcome)).toEqual([
      'updated',
      'updated',
      'unchanged',
      'unavailable',
    ]);
    expect(out.counts).toMatchObject({ updated: 2, unchanged: 1, unavailable: 1, total: 4 });
    const rows = await t.h.ctx.db
      .selectFrom('incidents')
      .select(['id', 'synthetic', 'synthetic_by'])
      .where('id', 'in', [a!, b!])
      .execute();
    for (const row of rows) expect(row).toMatchObject({ synthetic: 1, synthetic_by: 'analyst' });
    for (const id of [a!, b!]) {
      const lines = await historyOf(id);
      expect(lines.map((l) => [l.kind, l.to_value, l.note, l.correlation_id])).toEqual([
        ['synthetic', 'test', 'a red-team exercise', out.correlation_id],
      ]);
    }
    const entries = (await audits('incident.marked_test')).map((e) => JSON.parse(e.metadata));
    expect(entries.filter((m) => m.correlation_id === out.correlation_id)).toHaveLength(2);
    expect(JSON.parse((await audits('incident.bulk_triaged'))[0]!.metadata)).toMatchObject({
      bulk_action: 'mark_test',
      updated_count: 2,
    });
  });

  it('answers each item: updated, unchanged, stale, unavailable (missing and another tenant alike), refused', async () => {
    const [fresh, already, moved, closed] = await t.raise(['o1', 'o2', 'o3', 'o4']);
    const close = { status: 'closed', disposition: 'benign', resolution: RESOLUTION };
    expect(
      (await t.call('POST', `/incidents/${already}/status`, undefined, { status: 'triaged' })).statusCode,
    ).toBe(200);
    expect((await t.call('POST', `/incidents/${closed}/status`, undefined, close)).statusCode).toBe(200);
    const stranger = await signInAs(t.h.ctx, { role: 'owner' });
    await cloneIncidents(t.h.ctx.db, fresh!, 1, 900);
    const foreign = '00000000-0000-4000-8000-000000000384';
    await t.h.ctx.db
      .updateTable('incidents')
      .set({ tenant_id: stranger.tenantId })
      .where('id', '=', foreign)
      .execute();
    const items = [
      ...(await versions([fresh!, already!, closed!])),
      { id: moved!, row_version: 7 },
      { id: randomUUID(), row_version: 1 },
      { id: foreign, row_version: 1 },
    ];
    const r = await bulk({ idempotency_key: KEY, action: 'status', status: 'triaged', items });
    expect(r.statusCode, r.body).toBe(200);
    const got = r.json().items as {
      id: string;
      outcome: string;
      row_version: number | null;
      reason: string | null;
    }[];
    expect(got.map((i) => [i.outcome, i.reason])).toEqual([
      ['updated', null],
      ['unchanged', null],
      ['refused', 'incident.transition_illegal'],
      ['stale', null],
      ['unavailable', null],
      ['unavailable', null],
    ]);
    expect(got[3]!.row_version).toBe(1);
    expect({ ...got[4], id: '' }).toEqual({ ...got[5], id: '' });
    expect(r.json().counts).toEqual({
      updated: 1,
      unchanged: 1,
      stale: 1,
      unavailable: 2,
      refused: 1,
      total: 6,
    });
    const foreignRow = await t.h.ctx.db
      .selectFrom('incidents')
      .select(['status'])
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(foreignRow.status).toBe('new');
  });

  it('a retry with the key replays the stored answer; another body is 409; a key is kept a day', async () => {
    const ids = await t.raise(['k1', 'k2']);
    const body = {
      idempotency_key: KEY,
      action: 'status',
      status: 'investigating',
      items: await versions(ids),
    };
    const first = (await bulk(body)).json();
    const again = await bulk(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, replayed: true });
    expect(await historyOf(ids[0]!)).toHaveLength(1);
    expect(await audits('incident.bulk_triaged')).toHaveLength(1);
    const other = await bulk({ ...body, status: 'triaged' });
    expect([other.statusCode, other.json().code]).toEqual([409, 'incident.bulk_key_reused']);
    expect(JSON.stringify(other.json())).not.toContain('triaged');
    // Another account's identical key is its own.
    const ann = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    expect(
      (await bulk({ ...body, status: 'triaged', items: await versions(ids) }, ann)).json().replayed,
    ).toBe(false);
    // A day later the key is gone (its row aged rather than the clock: sessions would lapse too).
    const dayAgo = new Date(t.h.ctx.clock.now().getTime() - 24 * 60 * 60 * 1000 - 1).toISOString();
    await t.h.ctx.db.updateTable('incident_bulk_requests').set({ created_at: dayAgo }).execute();
    const later = await bulk({ ...body, status: 'triaged', items: await versions(ids) });
    expect([later.statusCode, later.json().replayed]).toEqual([200, false]);
  });

  it('a key still applying is 409 incident.bulk_in_progress', async () => {
    const ids = await t.raise(['p1']);
    await t.h.ctx.db
      .insertInto('incident_bulk_requests')
      .values({
        tenant_id: t.h.owner.tenantId,
        user_id: t.h.owner.userId,
        idempotency_key: KEY,
        body_hash: 'x',
        correlation_id: randomUUID(),
        state: 'applying',
        response: null,
        created_at: t.h.ctx.clock.now().toISOString(),
      })
      .execute();
    const r = await bulk({
      idempotency_key: KEY,
      action: 'status',
      status: 'triaged',
      items: await versions(ids),
    });
    expect([r.statusCode, r.json().code]).toEqual([409, 'incident.bulk_in_progress']);
    expect(await historyOf(ids[0]!)).toHaveLength(0);
  });

  it('refuses a malformed request with 422 naming the field, and stores nothing', async () => {
    const ids = await t.raise(['l1']);
    const items = await versions(ids);
    const base = { idempotency_key: KEY, action: 'status', status: 'triaged', items };
    const many = Array.from({ length: 201 }, () => ({ id: randomUUID(), row_version: 1 }));
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, items: many }, 'items'],
      [{ ...base, items: [] }, 'items'],
      [{ ...base, items: [...items, ...items] }, 'items'],
      [{ ...base, idempotency_key: 'x'.repeat(15) }, 'idempotency_key'],
      [{ ...base, idempotency_key: 'x'.repeat(129) }, 'idempotency_key'],
      [{ ...base, idempotency_key: 'has a space in it!' }, 'idempotency_key'],
      [{ ...base, action: 'delete' }, 'action'],
      [{ ...base, action: 'mark_test', status: undefined }, 'reason'],
      [{ ...base, action: 'mark_test', status: undefined, reason: '    abc   ' }, 'reason'],
      [{ ...base, assignee_email: null }, 'assignee_email'],
      [{ ...base, status: undefined }, 'status'],
      [{ ...base, status: 'closed', disposition: 'benign', resolution: 'too short' }, 'resolution'],
      [{ ...base, action: 'assign', status: undefined }, 'assignee_email'],
      [
        { ...base, action: 'assign', status: undefined, assignee_email: 'nobody@example.com' },
        'assignee_email',
      ],
      [{ ...base, action: 'relate', status: undefined }, 'related'],
      [{ ...base, action: 'relate', status: undefined, related: 'INC-99999' }, 'related'],
    ];
    for (const [body, field] of cases) {
      const r = await bulk(body);
      expect([r.statusCode, r.json().details?.[0]?.field], JSON.stringify(body).slice(0, 120)).toEqual([
        422,
        field,
      ]);
    }
    const count = await t.h.ctx.db
      .selectFrom('incident_bulk_requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    expect(await historyOf(ids[0]!)).toHaveLength(0);
    // The same key then works: a refused request kept nothing.
    expect((await bulk(base)).json().counts.updated).toBe(1);
  });

  it('assign and relate reuse the single-incident services; a self-action is refused per item', async () => {
    const [a, b, c] = await t.raise(['r1', 'r2', 'r3']);
    const assign = await bulk({
      idempotency_key: `${KEY}a`,
      action: 'assign',
      assignee_email: t.h.owner.email,
      items: await versions([a!, b!]),
    });
    expect(assign.json().items.map((i: { outcome: string }) => i.outcome)).toEqual(['updated', 'updated']);
    const again = await bulk({
      idempotency_key: `${KEY}b`,
      action: 'assign',
      assignee_email: t.h.owner.email,
      items: await versions([a!]),
    });
    expect(again.json().items[0].outcome).toBe('unchanged');
    const ref = (await t.call('GET', `/incidents/${c}`)).json().reference as string;
    const relate = await bulk({
      idempotency_key: `${KEY}c`,
      action: 'relate',
      related: ref,
      note: 'same batch',
      items: await versions([c!, a!, b!]),
    });
    expect(
      relate.json().items.map((i: { outcome: string; reason: string | null }) => [i.outcome, i.reason]),
    ).toEqual([
      ['refused', 'related_is_itself'],
      ['updated', null],
      ['updated', null],
    ]);
    const related = (await t.call('GET', `/incidents/${c}`)).json().related as { id: string }[];
    expect(related.map((x) => x.id).sort()).toEqual([a, b].sort());
    const relink = await bulk({
      idempotency_key: `${KEY}d`,
      action: 'relate',
      related: ref,
      items: await versions([a!]),
    });
    expect(relink.json().items[0].outcome).toBe('unchanged');
    // An incident about the caller's own account: the close is refused for that item only.
    const self = await t.one(t.h.owner.email.split('@')[0]);
    const other = await t.one('someone');
    const close = await bulk({
      idempotency_key: `${KEY}e`,
      action: 'status',
      status: 'closed',
      disposition: 'benign',
      resolution: RESOLUTION,
      items: await versions([self, other]),
    });
    expect(
      close.json().items.map((i: { outcome: string; reason: string | null }) => [i.outcome, i.reason]),
    ).toEqual([
      ['refused', 'incident.self_action_refused'],
      ['updated', null],
    ]);
    const refusal = await audits('incident.self_action_refused');
    expect(JSON.parse(refusal[0]!.metadata).correlation_id).toBe(close.json().correlation_id);
  });

  it('needs incidents:write', async () => {
    const ids = await t.raise(['w1']);
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    const r = await bulk(
      { idempotency_key: KEY, action: 'status', status: 'triaged', items: await versions(ids) },
      viewer,
    );
    expect(r.statusCode).toBe(403);
  });
});
