import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalTls } from '../../src/tls/local-ca.js';
import { makeTempDir, type TestContext } from '../helpers/test-app.js';
import { type OidcPeer, signInAtProvider, startOidcPeer } from './oidc-peer.js';
import { CALLBACK, createSsoApp, deliverCallback, exchange, ownerWithProvider, start } from './sso-app.js';

// A provider served over HTTPS by a private CA (issue 20): the server reaches it only with that CA
// stored in the provider settings (write-only `ca_certificate`), never with the system roots alone.
let peer: OidcPeer;
let caPem: string;
let ctx: TestContext;
beforeAll(async () => {
  const tls = await ensureLocalTls(await makeTempDir('custos-oidc-ca-'), [], new Date());
  caPem = tls.caPem;
  peer = await startOidcPeer(CALLBACK, { cert: tls.cert, key: tls.key });
  peer.accounts.set('carol', {
    email: 'carol@example.com',
    email_verified: true,
    name: 'Carol',
    groups: ['6f1e3c52-analysts'],
  });
  ctx = await createSsoApp();
});
afterAll(async () => {
  await ctx.close();
  await peer.close();
});

describe('OpenID Connect provider behind a private CA', () => {
  it('without the CA the provider cannot be reached: the test says so and sign-in does not start', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    const tested = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/oidc/test',
      headers: owner.headers,
    });
    expect(tested.statusCode).toBe(200);
    expect(tested.json().verified).toBe(false);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/start',
      payload: { tenant: owner.tenantSlug },
    });
    expect(started.json().code).toBe('sso.provider_unreachable');
  });

  it('with the CA stored, the test verifies and a person signs in through the provider forms', async () => {
    const owner = await ownerWithProvider(ctx, peer, { ca_certificate: caPem });
    const settings = await ctx.app.inject({ url: '/api/v1/settings/oidc', headers: owner.headers });
    expect(settings.json()).toMatchObject({ has_ca_certificate: true });
    expect(settings.body).not.toContain('BEGIN CERTIFICATE');
    const tested = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/oidc/test',
      headers: owner.headers,
    });
    expect(tested.json().verified).toBe(true);
    const url = await start(ctx, owner.tenantSlug);
    expect(url.startsWith(`${peer.issuer}/`)).toBe(true);
    const landed = await deliverCallback(ctx, await signInAtProvider(url, 'carol', CALLBACK, caPem));
    const handoff = landed.searchParams.get('sso_handoff');
    expect(landed.searchParams.get('sso_error')).toBeNull();
    const opened = await exchange(ctx, handoff as string);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().user).toMatchObject({ email: 'carol@example.com', role: 'security_analyst' });
  });
});
