import '../../src/modules/incidents/assignment-rules-tables.js';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, stepUp } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
let bea: SignedIn;
beforeEach(async () => {
  t = await startTriage();
  bea = await signInAs(t.h.ctx, {
    role: 'security_analyst',
    tenant: t.h.owner.tenantSlug,
    email: 'bea@example.com',
  });
});
afterEach(async () => t.close());

const URL = '/incident-assignment-rules';
const rule = (body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', URL, who, { name: 'Cards to Bea', assignee_email: 'bea@example.com', ...body });
const patch = (id: string, body: Record<string, unknown>, who = t.h.owner) =>
  t.h.ctx.app.inject({ method: 'PATCH', url: `/api/v1${URL}/${id}`, headers: who.headers, payload: body });
const remove = (id: string, who = t.h.owner) =>
  t.h.ctx.app.inject({ method: 'DELETE', url: `/api/v1${URL}/${id}`, headers: who.headers });
const names = async () => ((await t.call('GET', URL)).json().items as { name: string }[]).map((r) => r.name);
const history = async (id: string) =>
  (
    (await t.call('GET', `/incidents/${id}/history`)).json().items as {
      kind: string;
      to: string;
      note: string;
    }[]
  )
    .reverse()
    .map((h) => ({ kind: h.kind, to: h.to, note: h.note }));

describe('assignment rules at incident creation', () => {
  it('the first enabled matching rule by position assigns; non-matching and disabled rules are skipped', async () => {
    const other = t.h.port.addPolicy({ name: 'Other' }).id;
    await signInAs(t.h.ctx, {
      role: 'security_analyst',
      tenant: t.h.owner.tenantSlug,
      email: 'cy@example.com',
    });
    expect(
      (await rule({ name: 'Other policy', policy_id: other, assignee_email: 'cy@example.com' })).statusCode,
    ).toBe(201);
    expect(
      (await rule({ name: 'Critical only', min_severity: 'critical', assignee_email: 'cy@example.com' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await rule({ name: 'Disabled', enabled: false, assignee_email: 'cy@example.com' })).statusCode,
    ).toBe(201);
    expect(
      (await rule({ name: 'Leaving channel', channel: 'cloud_storage', assignee_email: 'cy@example.com' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await rule({
          name: 'High cards',
          policy_id: t.policy,
          min_severity: 'medium',
          channel: 'file_create',
        })
      ).statusCode,
    ).toBe(201);
    expect((await rule({ name: 'Catch-all', assignee_email: 'cy@example.com' })).statusCode).toBe(201);
    const id = await t.one('alice');
    const d = (await t.call('GET', `/incidents/${id}`)).json();
    expect(d).toMatchObject({ assignee_email: 'bea@example.com', row_version: 1 });
    expect(await history(id)).toEqual([
      { kind: 'assignment', to: 'bea@example.com', note: 'assignment rule "High cards"' },
    ]);
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select(['metadata', 'actor_type'])
      .where('action', '=', 'incident.assigned')
      .where('subject_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_type).toBe('system');
    expect(JSON.parse(audit.metadata)).toMatchObject({ to_user_id: bea.userId, reference: d.reference });
    // The assignee filter sees it.
    expect((await t.call('GET', '/incidents?assignee=me', bea)).json().total).toBe(1);
  });

  it('an ineligible person is passed over with a history line and the next matching rule assigns', async () => {
    const gone = await signInAs(t.h.ctx, {
      role: 'security_analyst',
      tenant: t.h.owner.tenantSlug,
      email: 'gone@example.com',
    });
    await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug, email: 'aud@example.com' });
    await signInAs(t.h.ctx, {
      role: 'security_analyst',
      tenant: t.h.owner.tenantSlug,
      email: 'dee@example.com',
    });
    expect((await rule({ name: 'To Gone', assignee_email: 'gone@example.com' })).statusCode).toBe(201);
    expect((await rule({ name: 'To Dee', assignee_email: 'dee@example.com' })).statusCode).toBe(201);
    expect((await rule({ name: 'To Bea' })).statusCode).toBe(201);
    // Gone departs (disabled); Dee's role no longer holds incidents:write.
    await t.h.ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', gone.userId).execute();
    await t.h.ctx.db
      .updateTable('users')
      .set({ role: 'auditor' })
      .where('email', '=', 'dee@example.com')
      .execute();
    const id = await t.one('alice');
    expect((await t.call('GET', `/incidents/${id}`)).json().assignee_email).toBe('bea@example.com');
    expect(await history(id)).toEqual([
      { kind: 'assignment_skipped', to: null, note: 'rule "To Gone" passed over: account disabled' },
      { kind: 'assignment_skipped', to: null, note: 'rule "To Dee" passed over: lacks incidents:write' },
      { kind: 'assignment', to: 'bea@example.com', note: 'assignment rule "To Bea"' },
    ]);
  });

  it('passes over the person the incident is about, and runs no rule for a test incident', async () => {
    expect((await rule({ name: 'To Bea' })).statusCode).toBe(201);
    expect((await rule({ name: 'Catch-all', assignee_email: t.h.owner.email })).statusCode).toBe(201);
    const own = await t.one('CORP\\bea');
    expect((await t.call('GET', `/incidents/${own}`)).json().assignee_email).toBe(t.h.owner.email);
    expect((await history(own))[0]).toEqual({
      kind: 'assignment_skipped',
      to: null,
      note: 'rule "To Bea" passed over: the incident is about this account',
    });
    const test = t.h.port.addPolicy({ name: 'Trial', is_test: true }).id;
    const trial = await t.one('alice', t.d, { policy: test });
    const d = (await t.call('GET', `/incidents/${trial}`)).json();
    expect(d).toMatchObject({ synthetic: true, assignee_email: null });
    expect(await history(trial)).toEqual([]);
    // Created as a test by the test-folder rule: no rule runs either (the origin line only).
    await stepUp(t.h.ctx, t.h.owner, 'enforcement_bypass');
    const folders = { folders: ['/srv/qa'], reason: 'QA keeps its sample files here' };
    expect((await t.call('POST', '/settings/test-folders', t.h.owner, folders)).statusCode).toBe(200);
    const sample = await t.one('alice', t.d, { path: '/srv/qa/cards.txt' });
    expect((await t.call('GET', `/incidents/${sample}`)).json()).toMatchObject({
      synthetic: true,
      assignee_email: null,
    });
    expect((await history(sample)).map((l) => l.kind)).toEqual(['origin']);
  });

  it('never reassigns: an event folding into an existing incident runs no rule; no rule, no assignee', async () => {
    const id = await t.one('alice', t.d, { content: 'same', path: '/srv/share/same.txt' });
    expect((await t.call('GET', `/incidents/${id}`)).json().assignee_email).toBeNull();
    expect((await rule({})).statusCode).toBe(201);
    // The same person, policy and file fold into the open incident: not a creation.
    const { signed } = await import('../agents/agent-harness.js');
    const { agentEvent } = await import('../agents/event-factory.js');
    const again = await signed(t.h, t.d, 'POST', '/api/v1/agent/events', {
      batch_id: randomUUID(),
      events: [
        agentEvent({ policy: t.policy, person: 'alice', content: 'same', path: '/srv/share/same.txt' }),
      ],
    });
    expect(again.statusCode).toBe(200);
    const d = (await t.call('GET', `/incidents/${id}`)).json();
    expect(d.event_count).toBe(2);
    expect(d.assignee_email).toBeNull();
    expect(await history(id)).toEqual([]);
  });
});

describe('/incident-assignment-rules', () => {
  it('keeps positions dense: append, insert at a position, move, delete; audited', async () => {
    const a = (await rule({ name: 'A' })).json();
    const b = (await rule({ name: 'B' })).json();
    const c = (await rule({ name: 'C', position: 1 })).json();
    expect(c.position).toBe(1);
    expect(await names()).toEqual(['C', 'A', 'B']);
    const moved = await patch(c.id, { position: 99 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().position).toBe(3);
    expect(await names()).toEqual(['A', 'B', 'C']);
    const edited = await patch(a.id, { enabled: false, channel: 'cloud_storage', policy_id: null });
    expect(edited.json()).toMatchObject({ enabled: false, channel: 'cloud_storage', position: 1, name: 'A' });
    expect((await remove(a.id)).statusCode).toBe(204);
    const items = (await t.call('GET', URL)).json().items;
    expect(items.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([
      ['B', 1],
      ['C', 2],
    ]);
    expect(items[0]).toEqual({
      id: b.id,
      name: 'B',
      policy_id: null,
      channel: null,
      min_severity: null,
      department: null,
      assignee_email: 'bea@example.com',
      enabled: true,
      position: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const actions = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'like', 'incident.assignment_rule_%')
      .orderBy('created_at')
      .execute();
    expect(actions.map((x) => x.action)).toEqual([
      'incident.assignment_rule_created',
      'incident.assignment_rule_created',
      'incident.assignment_rule_created',
      'incident.assignment_rule_updated',
      'incident.assignment_rule_updated',
      'incident.assignment_rule_deleted',
    ]);
  });

  it('refuses every bad field with a 422 naming it, never the value, and stores nothing', async () => {
    await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug, email: 'aud@example.com' });
    await signInAs(t.h.ctx, { role: 'security_analyst', email: 'elsewhere@example.com' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ channel: 'carrier_pigeon' }, 'channel'],
      [{ min_severity: 'urgent' }, 'min_severity'],
      [{ policy_id: 'not-a-uuid' }, 'policy_id'],
      [{ department: 'x'.repeat(101) }, 'department'],
      [{ assignee_email: 'nobody@example.com' }, 'assignee_email'],
      [{ assignee_email: 'aud@example.com' }, 'assignee_email'],
      [{ assignee_email: 'elsewhere@example.com' }, 'assignee_email'],
      [{ position: 0 }, 'position'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const r = await rule(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        r.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
      for (const v of Object.values(body))
        if (typeof v === 'string' && v.length > 3) expect(r.body).not.toContain(v);
    }
    const created = (await rule({})).json();
    const bad = await patch(created.id, { assignee_email: 'aud@example.com' });
    expect(bad.statusCode).toBe(422);
    expect((await t.call('GET', URL)).json().items).toHaveLength(1);
    expect((await t.call('GET', URL)).json().items[0].assignee_email).toBe('bea@example.com');
  });

  it('at most 100 rules per tenant (409)', async () => {
    const now = new Date().toISOString();
    await t.h.ctx.db
      .insertInto('incident_assignment_rules')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          id: randomUUID(),
          tenant_id: t.h.owner.tenantId,
          name: `R${i}`,
          policy_id: null,
          channel: null,
          min_severity: null,
          department: null,
          assignee_email: 'bea@example.com',
          enabled: 0,
          position: i + 1,
          created_by: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const r = await rule({});
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('incident.assignment_rule_limit');
  });

  it('reads need incidents:read, writes tenant:write; another tenant’s rule is the same 404 as a missing one', async () => {
    const created = (await rule({})).json();
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    const admin = await signInAs(t.h.ctx, { role: 'admin', tenant: t.h.owner.tenantSlug });
    expect((await t.call('GET', URL, auditor)).statusCode).toBe(200);
    expect((await t.call('GET', URL, bea)).statusCode).toBe(200);
    for (const who of [auditor, admin, bea]) {
      expect((await rule({}, who)).statusCode).toBe(403);
      expect((await patch(created.id, { enabled: false }, who)).statusCode).toBe(403);
      expect((await remove(created.id, who)).statusCode).toBe(403);
    }
    const stranger = await signInAs(t.h.ctx, { role: 'owner', tenant: 'other-tenant' });
    expect((await t.call('GET', URL, stranger)).json().items).toEqual([]);
    const theirs = await patch(created.id, { enabled: false }, stranger);
    const missing = await patch(randomUUID(), { enabled: false }, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await remove(created.id, stranger)).json()).toEqual(
      (await remove(randomUUID(), stranger)).json(),
    );
    expect((await t.call('GET', URL)).json().items[0].enabled).toBe(true);
  });
});
