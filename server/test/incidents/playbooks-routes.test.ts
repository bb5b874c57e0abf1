import '../../src/modules/incidents/playbooks-tables.js';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { enrolDevice } from '../agents/agent-harness.js';
import { signInAs } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const URL = '/incident-playbooks';
const STEPS = [
  { title: 'Confirm the file holds real card numbers' },
  { title: 'Call the person', link: 'https://wiki.example.com/runbooks/cards' },
  { title: 'Record the outcome' },
];
const create = (body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', URL, who, { name: 'Card runbook', steps: STEPS, ...body });
const patch = (id: string, body: Record<string, unknown>, who = t.h.owner) =>
  t.h.ctx.app.inject({ method: 'PATCH', url: `/api/v1${URL}/${id}`, headers: who.headers, payload: body });
const remove = (id: string, who = t.h.owner) =>
  t.h.ctx.app.inject({ method: 'DELETE', url: `/api/v1${URL}/${id}`, headers: who.headers });
const shown = async (id: string, who = t.h.owner) =>
  (await t.call('GET', `/incidents/${id}/playbook`, who)).json();
const tick = (id: string, n: number | string, body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', `/incidents/${id}/playbook/steps/${n}`, who, body);

describe('/incident-playbooks', () => {
  it('creates, lists and edits name, policy and enabled; steps cannot be edited; deletes; audited', async () => {
    const r = await create({ policy_id: t.policy });
    expect(r.statusCode).toBe(201);
    const pb = r.json();
    expect(pb).toEqual({
      id: expect.any(String),
      name: 'Card runbook',
      policy_id: t.policy,
      steps: [
        { title: STEPS[0]!.title, link: null },
        { title: STEPS[1]!.title, link: 'https://wiki.example.com/runbooks/cards' },
        { title: STEPS[2]!.title, link: null },
      ],
      enabled: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await t.call('GET', URL)).json().items).toEqual([pb]);
    const renamed = await patch(pb.id, { name: 'Cards', enabled: false });
    expect(renamed.json()).toMatchObject({ name: 'Cards', enabled: false, steps: pb.steps });
    const steps = await patch(pb.id, { steps: [{ title: 'Another' }] });
    expect(steps.statusCode).toBe(422);
    expect(steps.json().details[0].field).toBe('steps');
    expect((await t.call('GET', URL)).json().items[0].steps).toEqual(pb.steps);
    expect((await remove(pb.id)).statusCode).toBe(204);
    expect((await t.call('GET', URL)).json().items).toEqual([]);
    const actions = await t.h.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'metadata'])
      .where('action', 'like', 'incident.playbook_%')
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'incident.playbook_created',
      'incident.playbook_updated',
      'incident.playbook_deleted',
    ]);
    expect(JSON.parse(actions[0]!.metadata)).toMatchObject({
      step_count: 3,
      link_count: 1,
      policy_id: t.policy,
    });
  });

  it('one enabled playbook per policy and one default: the 422 names the blocker', async () => {
    const own = (await create({ policy_id: t.policy })).json();
    const def = (await create({ name: 'Default' })).json();
    const second = await create({ policy_id: t.policy, name: 'Second' });
    expect(second.statusCode).toBe(422);
    expect(second.json().details[0]).toEqual({
      field: 'policy_id',
      message: expect.stringContaining(own.id),
    });
    const secondDefault = await create({ name: 'Second default' });
    expect(secondDefault.json().details[0].message).toContain(def.id);
    // Disabled ones may wait beside the enabled one; enabling one is refused while the other is on.
    const waiting = (await create({ policy_id: t.policy, name: 'Next', enabled: false })).json();
    const enable = await patch(waiting.id, { enabled: true });
    expect(enable.statusCode).toBe(422);
    expect(enable.json().details[0].message).toContain(own.id);
    // Moving the default onto the policy collides as well.
    expect((await patch(def.id, { policy_id: t.policy })).statusCode).toBe(422);
    expect((await patch(own.id, { enabled: false })).statusCode).toBe(200);
    expect((await patch(waiting.id, { enabled: true })).json().enabled).toBe(true);
    expect(
      (await t.call('GET', URL)).json().items.filter((p: { enabled: boolean }) => p.enabled),
    ).toHaveLength(2);
  });

  it('refuses bad fields with a 422 naming them, never the value; at most 200 playbooks (409)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ steps: [] }, 'steps'],
      [{ steps: Array.from({ length: 13 }, (_, i) => ({ title: `Step ${i}` })) }, 'steps'],
      [{ steps: [{ title: '' }] }, 'steps[0].title'],
      [{ steps: [{ title: 'Open', link: 'http://wiki.example.com/runbook' }] }, 'steps[0].link'],
      [{ steps: [{ title: 'Open' }, { title: 'Open', link: 'javascript:alert(1)' }] }, 'steps[1].link'],
      [{ steps: [{ title: 'Open', link: 'https://user:pw@wiki.example.com/' }] }, 'steps[0].link'],
      [{ steps: [{ title: 'Open', link: 'not a url at all' }] }, 'steps[0].link'],
      [{ policy_id: 'policy-7' }, 'policy_id'],
      [{ owner: 'me' }, 'owner'],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        r.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
      expect(r.body).not.toContain('wiki.example.com');
      expect(r.body).not.toContain('policy-7');
    }
    expect((await t.call('GET', URL)).json().items).toEqual([]);
    const now = new Date().toISOString();
    await t.h.ctx.db
      .insertInto('incident_playbooks')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          id: randomUUID(),
          tenant_id: t.h.owner.tenantId,
          name: `P${i}`,
          policy_id: null,
          steps: '[{"title":"x","link":null}]',
          enabled: 0,
          created_by: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const full = await create({});
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('incident.playbook_limit');
  });

  it('reads need incidents:read, writes tenant:write; another tenant’s playbook is the same 404 as a missing one', async () => {
    const pb = (await create({})).json();
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    const admin = await signInAs(t.h.ctx, { role: 'admin', tenant: t.h.owner.tenantSlug });
    expect((await t.call('GET', URL, analyst)).statusCode).toBe(200);
    for (const who of [analyst, admin]) {
      expect((await create({ name: 'Mine' }, who)).statusCode).toBe(403);
      expect((await patch(pb.id, { enabled: false }, who)).statusCode).toBe(403);
      expect((await remove(pb.id, who)).statusCode).toBe(403);
    }
    const stranger = await signInAs(t.h.ctx, { role: 'owner', tenant: 'other-tenant' });
    expect((await t.call('GET', URL, stranger)).json().items).toEqual([]);
    const theirs = await patch(pb.id, { enabled: false }, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await patch(randomUUID(), { enabled: false }, stranger)).json());
    expect((await remove(pb.id, stranger)).json()).toEqual((await remove(randomUUID(), stranger)).json());
    // The other tenant may have its own default.
    expect((await create({ name: 'Theirs' }, stranger)).statusCode).toBe(201);
  });
});

describe('the playbook of an incident', () => {
  it('shows the policy’s playbook before the default; ticks and unticks steps; audited', async () => {
    const id = await t.one('alice');
    expect(await shown(id)).toEqual({ incident_id: id, playbook: null });
    const def = (await create({ name: 'Default', steps: [{ title: 'Look' }] })).json();
    expect((await shown(id)).playbook).toMatchObject({ id: def.id, done: 0 });
    const own = (await create({ policy_id: t.policy })).json();
    const view = await shown(id);
    expect(view.playbook).toMatchObject({ id: own.id, name: 'Card runbook', done: 0 });
    expect(view.playbook.steps[1]).toEqual({
      n: 2,
      title: STEPS[1]!.title,
      link: 'https://wiki.example.com/runbooks/cards',
      done: false,
      done_at: null,
      done_by_email: null,
    });
    const r = await tick(id, 2, { playbook_id: own.id, done: true });
    expect(r.statusCode).toBe(200);
    expect(r.json().playbook.steps[1]).toMatchObject({ done: true, done_by_email: t.h.owner.email });
    expect(r.json().playbook.done).toBe(1);
    // Ticking twice keeps the first tick; unticking clears it.
    expect((await tick(id, 2, { playbook_id: own.id, done: true })).json().playbook.done).toBe(1);
    expect((await tick(id, 2, { playbook_id: own.id, done: false })).json().playbook.done).toBe(0);
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'incident.playbook_step_ticked')
      .execute();
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[0]!.metadata)).toMatchObject({ playbook_id: own.id, step: 2, done: true });
    // A tick is not a write to the incident row.
    expect((await t.call('GET', `/incidents/${id}`)).json().row_version).toBe(1);
  });

  it('409 when another playbook is now shown; a step past the end is 422 on n; nothing changes', async () => {
    const id = await t.one('alice');
    const def = (await create({ name: 'Default', steps: [{ title: 'Look' }] })).json();
    expect((await tick(id, 1, { playbook_id: def.id, done: true })).statusCode).toBe(200);
    const own = (await create({ policy_id: t.policy })).json();
    const stale = await tick(id, 1, { playbook_id: def.id, done: false });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'incident.playbook_changed',
      details: [{ field: 'playbook_id' }],
    });
    await patch(own.id, { enabled: false });
    expect((await shown(id)).playbook).toMatchObject({ id: def.id, done: 1 });
    const past = await tick(id, 2, { playbook_id: def.id, done: true });
    expect(past.statusCode).toBe(422);
    expect(past.json().details[0].field).toBe('n');
    // A path outside 1-12 is malformed, as any bad path parameter is (400).
    for (const n of [0, 13, 'x'])
      expect((await tick(id, n, { playbook_id: def.id, done: true })).statusCode).toBe(400);
    expect((await tick(id, 1, { playbook_id: def.id })).json().details[0].field).toBe('done');
    await patch(def.id, { enabled: false });
    expect((await tick(id, 1, { playbook_id: def.id, done: true })).statusCode).toBe(409);
  });

  it('ticking needs incidents:write; another tenant’s or an out-of-scope incident is the same 404', async () => {
    const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
    const finance = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
    const outside = await t.one('alice');
    const inside = await t.one('bob', finance);
    const pb = (await create({ name: 'Default' })).json();
    const scoped = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    const session = t.h.ctx.app.auth.authenticators[0]!;
    t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [g.json().id] } : null;
    });
    const stranger = await signInAs(t.h.ctx, { role: 'owner', tenant: 'other-tenant' });
    const missing = (await t.call('GET', `/incidents/${randomUUID()}/playbook`)).json();
    for (const r of [
      await t.call('GET', `/incidents/${outside}/playbook`, scoped),
      await tick(outside, 1, { playbook_id: pb.id, done: true }, scoped),
      await t.call('GET', `/incidents/${inside}/playbook`, stranger),
      await tick(inside, 1, { playbook_id: pb.id, done: true }, stranger),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(missing);
    }
    expect((await tick(inside, 1, { playbook_id: pb.id, done: true }, scoped)).statusCode).toBe(200);
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    expect((await t.call('GET', `/incidents/${inside}/playbook`, auditor)).statusCode).toBe(200);
    expect((await tick(inside, 1, { playbook_id: pb.id, done: false }, auditor)).statusCode).toBe(403);
  });
});
