import '../../src/modules/incidents/misc-tables.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { scopedAnalyst } from './misc-scope.js';
import { RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const DAY = 86_400_000;
const groups = async (query = '', who: SignedIn = t.h.owner) =>
  t.call('GET', `/incidents/groups${query}`, who);
const bursts = async (who: SignedIn = t.h.owner) => t.call('GET', '/incidents/bursts', who);
const exclude = (person: string) =>
  t.h.ctx.db
    .insertInto('incident_naming_exclusions')
    .values({ tenant_id: t.h.owner.tenantId, person_key: person, created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
const at = (minute: number) => ({
  at: new Date(Date.parse('2026-01-20T08:00:00Z') + minute * 60_000).toISOString(),
});

describe('GET /incidents/groups', () => {
  it('rows per person (without case) and policy over real incidents, largest first; open_only; window days', async () => {
    const a1 = await t.one('alice');
    await t.raise(['Alice', 'ALICE', 'carol']);
    const b = await t.one('bob');
    expect(
      (
        await t.call('POST', `/incidents/${a1}/status`, t.h.owner, {
          status: 'closed',
          disposition: 'benign',
          resolution: RESOLUTION,
        })
      ).statusCode,
    ).toBe(200);
    await t.call('POST', `/incidents/${b}/synthetic`, t.h.owner, { synthetic: true, reason: 'QA rehearsal' });
    const r = await groups();
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      days: 7,
      open_only: false,
      truncated: false,
      groups_withheld: 0,
      people_excluded_from_naming: 0,
    });
    expect(
      body.items.map((i: { person: string; incidents: number }) => [i.person.toLowerCase(), i.incidents]),
    ).toEqual([
      ['alice', 3],
      ['carol', 1],
    ]);
    expect(body.items[0]).toMatchObject({
      policy_id: t.policy,
      policy_name: 'Card numbers',
      open: 2,
      events: 3,
      severity: 'high',
    });
    expect((await groups('?open_only=true')).json().items[0].incidents).toBe(2);

    t.h.ctx.clock.advance(8 * DAY);
    const later = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    t.h.owner = later;
    await t.raise(['dave']);
    expect((await groups('', later)).json().items.map((i: { person: string }) => i.person)).toEqual(['dave']);
    expect((await groups('?days=9', later)).json().items).toHaveLength(3);
    for (const q of ['?days=0', '?days=91', '?days=x', '?open_only=maybe', '?limit=5']) {
      const bad = await groups(q, later);
      expect(bad.statusCode, q).toBe(422);
    }
    expect((await groups('?days=91', later)).json().details[0].field).toBe('days');
  });

  it('withholds people excluded from naming and counts them; the 100 largest; scoped roles count only their groups', async () => {
    await t.raise(['CORP\\carol', 'carol@corp.local', 'erin']);
    await exclude('carol');
    const body = (await groups()).json();
    expect(body.items.map((i: { person: string }) => i.person)).toEqual(['erin']);
    expect(body).toMatchObject({ groups_withheld: 2, people_excluded_from_naming: 1 });
    expect(JSON.stringify(body)).not.toContain('carol');

    const { scoped, inside, stranger } = await scopedAnalyst(t);
    await t.raise(['frank'], inside);
    expect((await groups('', scoped)).json().items.map((i: { person: string }) => i.person)).toEqual([
      'frank',
    ]);
    expect((await groups('', stranger)).json().items).toEqual([]);
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    expect((await groups('', viewer)).statusCode).toBe(403);

    await t.raise(Array.from({ length: 100 }, (_, i) => `person-${i}`));
    const many = (await groups()).json();
    expect(many.items).toHaveLength(100);
    expect(many.truncated).toBe(true);
  });
});

describe('GET /incidents/bursts', () => {
  it('finds runs of 3+ of one person, endpoint, policy and channel each within 10 minutes', async () => {
    for (const m of [0, 5, 14, 30]) await t.one('alice', t.d, at(m));
    for (const m of [0, 5]) await t.one('bob', t.d, at(m));
    for (const m of [0, 11, 22]) await t.one('carol', t.d, at(m));
    await t.one('Dave', t.d, at(0));
    await t.one('dave', t.d, at(2));
    await t.one('dave', t.d, { ...at(4), channel: 'file_modify' });
    const r = await bursts();
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ gap_minutes: 10, window_days: 7, truncated: false, bursts_withheld: 0 });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      person: 'alice',
      device_id: t.d.deviceId,
      policy_id: t.policy,
      channel: 'file_create',
      incidents: 3,
      open: 3,
      first_seen_at: at(0).at,
      last_seen_at: at(14).at,
    });
    expect(body.items[0].incident_ids).toHaveLength(3);
    // A test does not make a burst; a person excluded from naming is withheld and counted.
    await t.h.ctx.db
      .updateTable('incidents')
      .set({ synthetic: 1 })
      .where('id', '=', body.items[0].incident_ids[1])
      .execute();
    expect((await bursts()).json().items).toHaveLength(0);
    for (const m of [40, 41, 42]) await t.one('erin', t.d, at(m));
    await exclude('erin');
    expect((await bursts()).json()).toMatchObject({ items: [], bursts_withheld: 1 });
    // Older than 7 days (creation) is out of the window.
    expect((await t.call('GET', '/incidents/bursts?days=3')).statusCode).toBe(422);
    t.h.ctx.clock.advance(8 * DAY);
    const later = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    expect((await bursts(later)).json()).toMatchObject({ items: [], bursts_withheld: 0 });
  });

  it('at most 20, newest first, truncated; scoped roles see only their groups', async () => {
    const people = Array.from({ length: 21 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    await t.raise(
      people.flatMap((p) => [p, p, p]),
      t.d,
      at(0),
    );
    const body = (await bursts()).json();
    expect(body.items).toHaveLength(20);
    expect(body.truncated).toBe(true);
    const { scoped, inside } = await scopedAnalyst(t);
    expect((await bursts(scoped)).json().items).toEqual([]);
    await t.raise(['zed', 'zed', 'zed'], inside, at(60));
    const mine = (await bursts(scoped)).json();
    expect(mine.items.map((i: { person: string }) => i.person)).toEqual(['zed']);
    expect((await bursts()).json().items[0].person).toBe('zed');
  });
});
