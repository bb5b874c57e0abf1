import { type SignedIn, signInAs, stepUp } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import type { SambaPeer } from './samba-peer.js';

export const TENANT = 'acme';
export const REF = 'env:DLP_SECRET_ACME_DIRECTORY';

export function credential(peer: SambaPeer, more: Record<string, unknown> = {}): string {
  const json = {
    url: peer.url,
    bind_dn: peer.service.dn,
    password: peer.service.password,
    base_dn: peer.baseDn,
    ...more,
  };
  return Buffer.from(JSON.stringify(json)).toString('base64');
}

/** The real app with the directory credential in its environment (the secret reference form). */
export function createLdapApp(peer: SambaPeer, env: Record<string, string> = {}): Promise<TestContext> {
  return createTestApp({ env: { DLP_SECRET_ACME_DIRECTORY: credential(peer), ...env } });
}

export async function saveLdap(
  ctx: TestContext,
  who: SignedIn,
  peer: SambaPeer,
  more: Record<string, unknown> = {},
) {
  await stepUp(ctx, who, 'sign_in_settings');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/settings/ldap-auth',
    headers: who.headers,
    payload: {
      display_name: 'Corporate directory',
      credential_ref: REF,
      ca_certificate: peer.ca,
      role_mappings: [{ group: await peer.groupSid('DLP-Nested'), role: 'security_analyst' }],
      enabled: true,
      create_users: true,
      reason: 'staff sign in with their directory password',
      ...more,
    },
  });
}

export async function ownerWithLdap(ctx: TestContext, peer: SambaPeer, more: Record<string, unknown> = {}) {
  const owner = await signInAs(ctx, { role: 'owner', tenant: TENANT });
  const saved = await saveLdap(ctx, owner, peer, more);
  if (saved.statusCode !== 204) throw new Error(`directory settings refused: ${saved.body}`);
  return owner;
}

export function ldapLogin(ctx: TestContext, email: string, password: string, tenant = TENANT) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/ldap/login',
    payload: { tenant, email, password },
  });
}
