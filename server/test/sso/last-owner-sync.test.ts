import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { insertUser } from '../../src/http/auth-store.js';
import type { TestContext } from '../helpers/test-app.js';
import { type OidcPeer, signInAtProvider, startOidcPeer } from './oidc-peer.js';
import { CALLBACK, createSsoApp, deliverCallback, exchange, ownerWithProvider, start } from './sso-app.js';

/** Document 3: the last active Owner is never demoted, a role sync at sign-in included. */
let peer: OidcPeer;
let ctx: TestContext;
beforeAll(async () => {
  peer = await startOidcPeer(CALLBACK);
  peer.accounts.set('olga', {
    email: 'olga@example.com',
    email_verified: true,
    name: 'Olga Owner',
    groups: ['6f1e3c52-analysts'],
  });
});
afterAll(async () => peer.close());
beforeEach(async () => {
  ctx = await createSsoApp();
});
afterEach(async () => ctx.close());

it('a sign-in whose mapping would demote the last active Owner is refused and audited; with another Owner it syncs', async () => {
  const admin = await ownerWithProvider(ctx, peer);
  const olga = await insertUser(
    ctx.db,
    admin.tenantId,
    { email: 'olga@example.com', role: 'owner', status: 'active', federated: true },
    ctx.clock.now(),
  );
  // Olga becomes the tenant's only active Owner.
  await ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', admin.userId).execute();

  const refused = await deliverCallback(
    ctx,
    await signInAtProvider(await start(ctx, admin.tenantSlug), 'olga', CALLBACK),
  );
  expect(refused.searchParams.get('sso_error')).toBe('no_access');
  const row = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', olga.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ role: 'owner', status: 'active' });
  const audit = await ctx.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', 'in', ['user.role_sync_refused', 'user.role_synced'])
    .execute();
  expect(audit.map((a) => [a.action, a.subject_id, JSON.parse(a.metadata)])).toEqual([
    [
      'user.role_sync_refused',
      olga.id,
      expect.objectContaining({
        old_role: 'owner',
        new_role: 'security_analyst',
        refusal_code: 'resource.conflict',
        provider: peer.issuer,
      }),
    ],
  ]);
  expect(await ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', olga.id).execute()).toEqual(
    [],
  );

  // With a second active Owner the same sign-in demotes her as the provider says.
  await ctx.db.updateTable('users').set({ status: 'active' }).where('id', '=', admin.userId).execute();
  const landed = await deliverCallback(
    ctx,
    await signInAtProvider(await start(ctx, admin.tenantSlug), 'olga', CALLBACK),
  );
  const opened = await exchange(ctx, landed.searchParams.get('sso_handoff')!);
  expect(opened.json().user).toMatchObject({ email: 'olga@example.com', role: 'security_analyst' });
});
