import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

// http/nul-text.ts: a NUL in a query value, a body string or a body key is the one 422 naming
// the field, on SQLite as on PostgreSQL (which cannot store or compare one), and nothing is done.
describe('text with a NUL character', () => {
  let ctx: TestContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signInAs(ctx, { role: 'owner' });
  });
  afterAll(async () => ctx.close());

  it('a query value: 422 naming the parameter, never the value', async () => {
    const r = await ctx.app.inject({ url: '/api/v1/incidents?search=a%00secret', headers: owner.headers });
    expect(r.statusCode).toBe(422);
    expect(r.json().details).toEqual([{ field: 'search', message: 'must not contain a NUL character' }]);
    expect(r.body).not.toContain('secret');
  });

  it('a body string and a body key: 422 naming the field; nothing is created', async () => {
    const before = await ctx.db.selectFrom('agent_groups').selectAll().execute();
    const value = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: owner.headers,
      payload: { agent_group: 'lap\u0000tops', max_uses: 1, ttl_minutes: 60 },
    });
    expect(value.statusCode).toBe(422);
    expect(value.json().details).toEqual([
      { field: 'agent_group', message: 'must not contain a NUL character' },
    ]);
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/activity-events/export',
      headers: owner.headers,
      payload: { 'sea\u0000rch': 'x' },
    });
    expect(key.statusCode).toBe(422);
    expect(key.body).not.toContain('sea\\u0000rch');
    expect(await ctx.db.selectFrom('agent_groups').selectAll().execute()).toEqual(before);
  });
});
