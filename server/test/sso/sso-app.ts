import { type SignedIn, signInAs, stepUp } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import type { OidcPeer } from './oidc-peer.js';

export const CONSOLE = 'https://console.test';
export const CALLBACK = `${CONSOLE}/api/v1/auth/oidc/callback`;

/** The real app with a public URL and a clock at real time (the provider signs with real time). */
export function createSsoApp(): Promise<TestContext> {
  return createTestApp({ now: new Date(), env: { DLP_PUBLIC_URL: CONSOLE } });
}

export async function saveProvider(
  ctx: TestContext,
  who: SignedIn,
  peer: OidcPeer,
  more: Record<string, unknown> = {},
) {
  await stepUp(ctx, who, 'sign_in_settings');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/settings/oidc',
    headers: who.headers,
    payload: {
      issuer: peer.issuer,
      client_id: peer.clientId,
      client_secret: peer.clientSecret,
      display_name: 'Example IdP',
      role_mappings: [{ group: '6f1e3c52-analysts', role: 'security_analyst' }],
      enabled: true,
      reason: 'single sign-on for everybody',
      ...more,
    },
  });
}

export async function ownerWithProvider(
  ctx: TestContext,
  peer: OidcPeer,
  more: Record<string, unknown> = {},
) {
  const owner = await signInAs(ctx, { role: 'owner' });
  const saved = await saveProvider(ctx, owner, peer, more);
  if (saved.statusCode !== 200) throw new Error(`provider refused: ${saved.body}`);
  return owner;
}

/** POST /auth/oidc/start; answers the authorization URL. */
export async function start(ctx: TestContext, tenant: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/start', payload: { tenant } });
  if (res.statusCode !== 200) throw new Error(`start refused: ${res.body}`);
  return res.json().authorization_url as string;
}

/** The provider's redirect to our callback, delivered to the app; answers the console address. */
export async function deliverCallback(ctx: TestContext, callbackUrl: string): Promise<URL> {
  const u = new URL(callbackUrl);
  const res = await ctx.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  if (res.statusCode !== 302) throw new Error(`callback answered ${res.statusCode}`);
  return new URL(res.headers.location as string);
}

export function exchange(ctx: TestContext, handoff: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/exchange', payload: { handoff } });
}
