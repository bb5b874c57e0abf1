import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../helpers/index.js';
import { auditActions, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const assign = (id: string, body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', `/incidents/${id}/assign`, who, body);
const inTenant = () => ({ tenant: t.h.owner.tenantSlug });

describe('POST /incidents/{id}/assign', () => {
  it('assigns to an eligible account, unassigns with null, and an unchanged answer writes nothing', async () => {
    const id = await t.one();
    await signInAs(t.h.ctx, {
      role: 'security_analyst',
      ...inTenant(),
      email: 'bea@example.com',
    });
    const r = await assign(id, { assignee_email: 'BEA@example.com', expected_version: 1 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ assignee_email: 'bea@example.com', row_version: 2, changed: true });
    const again = await assign(id, { assignee_email: 'bea@example.com' });
    expect(again.json()).toMatchObject({ row_version: 2, changed: false });
    const cleared = await assign(id, { assignee_email: null });
    expect(cleared.json()).toMatchObject({ assignee_email: null, row_version: 3, changed: true });
    expect((await assign(id, { assignee_email: null })).json().changed).toBe(false);
    expect(await auditActions(t, id)).toEqual(['incident.assigned', 'incident.assigned']);
    const rows = await t.h.ctx.db
      .selectFrom('incidents')
      .select(['assignee_id'])
      .where('id', '=', id)
      .execute();
    expect(rows[0]!.assignee_id).toBeNull();
  });

  it('refuses an ineligible assignee with one 422 on assignee_email, changing nothing', async () => {
    const id = await t.one();
    await signInAs(t.h.ctx, { role: 'auditor', ...inTenant(), email: 'aud@example.com' });
    await signInAs(t.h.ctx, { role: 'viewer', ...inTenant(), email: 'view@example.com' });
    const gone = await signInAs(t.h.ctx, {
      role: 'security_analyst',
      ...inTenant(),
      email: 'gone@example.com',
    });
    await t.h.ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', gone.userId).execute();
    await signInAs(t.h.ctx, { role: 'security_analyst', email: 'elsewhere@example.com' });
    const bodies = new Set<string>();
    for (const email of [
      'nobody@example.com',
      'aud@example.com',
      'view@example.com',
      'gone@example.com',
      'elsewhere@example.com',
    ]) {
      const r = await assign(id, { assignee_email: email });
      expect(r.statusCode, email).toBe(422);
      expect(r.json().details[0].field).toBe('assignee_email');
      expect(JSON.stringify(r.json())).not.toContain(email);
      bodies.add(JSON.stringify(r.json()));
    }
    expect(bodies.size).toBe(1);
    expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({
      assignee_email: null,
      row_version: 1,
    });
  });

  it('a stale expected_version is 409; incidents:write is needed', async () => {
    const id = await t.one();
    const r = await assign(id, { assignee_email: t.h.owner.email, expected_version: 5 });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('incident.stale_version');
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', ...inTenant() });
    expect((await assign(id, { assignee_email: null }, auditor)).statusCode).toBe(403);
  });

  it('nobody assigns themselves an incident about their own account; others may assign them', async () => {
    const ann = await signInAs(t.h.ctx, {
      role: 'security_analyst',
      ...inTenant(),
      email: 'ann@example.com',
    });
    const id = await t.one('CORP\\ann');
    const r = await assign(id, { assignee_email: 'ann@example.com' }, ann);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('incident.self_action_refused');
    expect(await auditActions(t, id)).toEqual(['incident.self_action_refused']);
    expect((await t.call('GET', `/incidents/${id}`)).json().assignee_email).toBeNull();
    // Ann may hand it to someone else, and the owner may assign it to her.
    expect((await assign(id, { assignee_email: t.h.owner.email }, ann)).statusCode).toBe(200);
    expect((await assign(id, { assignee_email: 'ann@example.com' })).statusCode).toBe(200);
  });
});

describe('GET /incidents?assignee=', () => {
  it('filters by me, none, departed and a user id; anything else is 422 on assignee', async () => {
    const [a, b, c] = await t.raise(['p1', 'p2', 'p3']);
    const bea = await signInAs(t.h.ctx, {
      role: 'security_analyst',
      ...inTenant(),
      email: 'bea@example.com',
    });
    expect((await assign(a!, { assignee_email: t.h.owner.email })).statusCode).toBe(200);
    expect((await assign(b!, { assignee_email: 'bea@example.com' })).statusCode).toBe(200);
    const ids = async (q: string, who = t.h.owner) =>
      ((await t.call('GET', `/incidents?assignee=${q}`, who)).json().items as { id: string }[]).map(
        (i) => i.id,
      );
    expect(await ids('me')).toEqual([a]);
    expect(await ids('me', bea)).toEqual([b]);
    expect(await ids('none')).toEqual([c]);
    expect(await ids(bea.userId)).toEqual([b]);
    expect(await ids('departed')).toEqual([]);
    await t.h.ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', bea.userId).execute();
    expect(await ids('departed')).toEqual([b]);
    for (const bad of ['someone', 'ME', '12345']) {
      const r = await t.call('GET', `/incidents?assignee=${bad}`);
      expect([r.statusCode, r.json().details[0].field]).toEqual([422, 'assignee']);
    }
  });
});

describe('GET /incidents/assignees', () => {
  it('lists active accounts holding incidents:write by e-mail; ?incident narrows and hides others', async () => {
    const id = await t.one();
    await signInAs(t.h.ctx, {
      role: 'security_analyst',
      ...inTenant(),
      email: 'zed@example.com',
      displayName: 'Zed',
    });
    await signInAs(t.h.ctx, { role: 'admin', ...inTenant(), email: 'adm@example.com' });
    await signInAs(t.h.ctx, { role: 'auditor', ...inTenant(), email: 'aud@example.com' });
    const r = await t.call('GET', '/incidents/assignees');
    expect(r.statusCode).toBe(200);
    const emails = (r.json() as { email: string }[]).map((u) => u.email);
    expect(emails).toEqual(['adm@example.com', t.h.owner.email, 'zed@example.com'].sort());
    expect(r.json()).toContainEqual({
      id: expect.any(String),
      email: 'zed@example.com',
      display_name: 'Zed',
    });
    expect((await t.call('GET', `/incidents/assignees?incident=${id}`)).json()).toEqual(r.json());
    const stranger = await signInAs(t.h.ctx, { role: 'owner' });
    expect((await t.call('GET', `/incidents/assignees?incident=${id}`, stranger)).statusCode).toBe(404);
    expect((await t.call('GET', `/incidents/assignees?incident=${randomUUID()}`)).statusCode).toBe(404);
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', ...inTenant() });
    expect((await t.call('GET', '/incidents/assignees', auditor)).statusCode).toBe(403);
  });
});
