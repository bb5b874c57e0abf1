import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePendingSchemas } from '../../src/http/schema-cache.js';
import { signInAs } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

// Route schemas compile on first use (http/schema-cache.ts); these tests prove that every one of
// them compiles, and that a validator compiled late still names the field it refuses.
describe('route schemas compiled on first use', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('a refused body names its field through a validator compiled on that request', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: owner.headers,
      payload: { name: 42 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('name');
  });

  it('every request and response schema of every route compiles', () => {
    expect(compilePendingSchemas()).toBeGreaterThan(200);
    expect(compilePendingSchemas()).toBe(0);
  });
});
