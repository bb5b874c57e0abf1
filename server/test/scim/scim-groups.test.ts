import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers/test-app.js';
import { groupBody, patchOp, type ScimSetup, scim, scimApp, scimTenant, userBody } from './scim-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await scimApp();
});
afterAll(async () => ctx.close());

const state = async (s: ScimSetup, email: string) =>
  ctx.db
    .selectFrom('users')
    .select(['role', 'status'])
    .where('tenant_id', '=', s.owner.tenantId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

async function provision(s: ScimSetup, email: string) {
  return (await scim(s, 'POST', '/Users', userBody(email, email))).json().id as string;
}

describe('Groups: membership maps to roles (document 3)', () => {
  it('PATCH add, remove by value filter, remove all; the account follows each change', async () => {
    const s = await scimTenant(ctx);
    const a = await provision(s, 'ann@example.com');
    const b = await provision(s, 'ben@example.com');
    const g = (await scim(s, 'POST', '/Groups', groupBody('Security Analysts'))).json().id as string;
    const add = await scim(
      s,
      'PATCH',
      `/Groups/${g}`,
      patchOp({ op: 'Add', path: 'members', value: [{ value: a }, { value: b }, { value: 'unknown-id' }] }),
    );
    expect(add.statusCode).toBe(204);
    expect(await state(s, 'ann@example.com')).toEqual({ role: 'security_analyst', status: 'active' });
    const members = (await scim(s, 'GET', `/Groups/${g}`))
      .json()
      .members.map((m: { value: string }) => m.value);
    expect(members.sort()).toEqual([a, b].sort());
    await scim(s, 'PATCH', `/Groups/${g}`, patchOp({ op: 'remove', path: `members[value eq "${a}"]` }));
    expect(await state(s, 'ann@example.com')).toMatchObject({ status: 'disabled' });
    expect(await state(s, 'ben@example.com')).toMatchObject({ status: 'active' });
    await scim(s, 'PATCH', `/Groups/${g}`, patchOp({ op: 'remove', path: 'members' }));
    expect(await state(s, 'ben@example.com')).toMatchObject({ status: 'disabled' });
    const disabled = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('tenant_id', '=', s.owner.tenantId)
      .where('action', '=', 'user.disabled')
      .execute();
    expect(disabled).toHaveLength(2);
    expect(disabled.every((e) => e.actor_type === 'scim')).toBe(true);
  });

  it('a rename that stops matching a mapping, and a deleted group, recompute the members', async () => {
    const s = await scimTenant(ctx);
    const a = await provision(s, 'cat@example.com');
    const g = (
      await scim(s, 'POST', '/Groups', groupBody('Team', [a], { externalId: '7d1f0c2e-admins' }))
    ).json().id as string;
    expect(await state(s, 'cat@example.com')).toEqual({ role: 'admin', status: 'active' });
    await scim(s, 'PATCH', `/Groups/${g}`, patchOp({ op: 'replace', path: 'externalId', value: 'other' }));
    expect(await state(s, 'cat@example.com')).toMatchObject({ status: 'disabled' });
    await scim(s, 'PUT', `/Groups/${g}`, groupBody('Security Analysts', [a]));
    expect(await state(s, 'cat@example.com')).toEqual({ role: 'security_analyst', status: 'active' });
    expect((await scim(s, 'DELETE', `/Groups/${g}`)).statusCode).toBe(204);
    expect(await state(s, 'cat@example.com')).toMatchObject({ status: 'disabled' });
    expect((await scim(s, 'GET', `/Groups/${g}`)).statusCode).toBe(404);
  });

  it('lists with displayName / externalId eq filters and excludedAttributes=members', async () => {
    const s = await scimTenant(ctx);
    const a = await provision(s, 'dan@example.com');
    const g = (await scim(s, 'POST', '/Groups', groupBody('Finance', [a], { externalId: 'X-9' }))).json().id;
    await scim(s, 'POST', '/Groups', groupBody('Legal'));
    const byName = (await scim(s, 'GET', '/Groups?filter=displayName%20eq%20%22finance%22')).json();
    expect(byName).toMatchObject({ totalResults: 1, Resources: [{ id: g, displayName: 'Finance' }] });
    expect(byName.Resources[0].members).toHaveLength(1);
    const slim = (
      await scim(s, 'GET', '/Groups?filter=externalId%20eq%20%22X-9%22&excludedAttributes=members')
    ).json();
    expect(slim.Resources[0].members).toBeUndefined();
    expect((await scim(s, 'GET', `/Groups/${g}?excludedAttributes=members`)).json().members).toBeUndefined();
    const bad = await scim(s, 'GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${a}"]`)}`);
    expect(bad.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect((await scim(s, 'POST', '/Groups', { members: [] })).json()).toMatchObject({
      scimType: 'invalidValue',
    });
  });

  it("another tenant's group is the same 404; members of another tenant are ignored", async () => {
    const s = await scimTenant(ctx);
    const t = await scimTenant(ctx);
    const theirs = await provision(t, 'eli@example.com');
    const g = (await scim(s, 'POST', '/Groups', groupBody('Security Analysts', [theirs]))).json();
    expect(g.members).toEqual([]);
    expect((await scim(t, 'GET', `/Groups/${g.id}`)).statusCode).toBe(404);
    expect(
      (await scim(t, 'PATCH', `/Groups/${g.id}`, patchOp({ op: 'remove', path: 'members' }))).statusCode,
    ).toBe(404);
    expect(await state(t, 'eli@example.com')).toMatchObject({ status: 'disabled' });
  });
});
