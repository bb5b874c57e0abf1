import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTenant } from '../../src/modules/identity/public.js';
import type { TestContext } from '../helpers/test-app.js';
import { createIdentityApp } from './identity-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createIdentityApp();
});
afterEach(async () => {
  await ctx.close();
});

it('tenant create applies the full password rule to the Owner password, naming the rule only', async () => {
  const deps = { db: ctx.db, clock: ctx.clock, audit: ctx.app.deps.audit };
  const input = { slug: 'harbour', name: 'Harbour Ltd', ownerEmail: 'o@harbour.example' };
  for (const ownerPassword of ['P@ssw0rd2024!!', 'welcome-to-harbour-ltd']) {
    const refused = await createTenant(deps, { ...input, ownerPassword }).catch((e: unknown) => e);
    const body = (refused as { toBody(): { details: { field: string; message: string }[] } }).toBody();
    expect(body.details[0]?.field).toBe('owner_password');
    expect(JSON.stringify(body)).not.toContain(ownerPassword);
  }
  const ok = await createTenant(deps, { ...input, ownerPassword: 'violet-meadow-lantern-42' });
  expect(ok.slug).toBe('harbour');
});
