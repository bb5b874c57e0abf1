import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

describe('GET /incidents/{id} and its timeline', () => {
  it('shows the enforcement: requested and applied action, and whether the endpoint reduced it', async () => {
    const reduced = await t.one('e1');
    const applied = await t.one('e2', t.d, { enforcement: 'applied', action: 'block' });
    expect((await t.call('GET', `/incidents/${reduced}`)).json().enforcement).toEqual({
      requested_action: 'block',
      applied_action: 'audit',
      result: 'reduced_by_capability',
      reduced_events: 1,
    });
    expect((await t.call('GET', `/incidents/${applied}`)).json().enforcement).toEqual({
      requested_action: 'block',
      applied_action: 'block',
      result: 'applied',
      reduced_events: 0,
    });
  });

  it('events carry the endpoint account id as user_reference (null when the agent sent none)', async () => {
    const named = await t.one('u1', t.d, { user: { name: 'u1', id: 'S-1-5-21-9' } });
    const bare = await t.one('u2');
    const first = async (id: string) => (await t.call('GET', `/incidents/${id}/events`)).json().items[0];
    expect((await first(named)).user_reference).toBe('S-1-5-21-9');
    expect((await first(bare)).user_reference).toBeNull();
  });

  it('history: newest first in the detail with history_total; /history pages through the rest', async () => {
    const id = await t.one('h1');
    for (const status of ['triaged', 'investigating', 'triaged']) {
      t.h.ctx.clock.advance(1_000);
      expect((await t.call('POST', `/incidents/${id}/status`, undefined, { status })).statusCode).toBe(200);
    }
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    expect(detail.history_total).toBe(3);
    expect(detail.history.map((h: { to: string }) => h.to)).toEqual(['triaged', 'investigating', 'triaged']);
    const page = (await t.call('GET', `/incidents/${id}/history?limit=2&offset=1`)).json();
    expect([page.total, page.limit, page.offset]).toEqual([3, 2, 1]);
    expect(page.items.map((h: { id: string }) => h.id)).toEqual(
      detail.history.slice(1).map((h: { id: string }) => h.id),
    );
    expect((await t.call('GET', `/incidents/${id}/history?limit=201`)).statusCode).toBe(422);
  });
});
