import { type SignedIn, signInAs, stepUp } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

export const SCIM = '/api/v1/scim/v2';

export interface ScimSetup {
  ctx: TestContext;
  owner: SignedIn;
  token: string;
  headers: { authorization: string };
}

/** Saves an OpenID provider (never contacted here) with the given role mappings. */
export async function saveProvider(
  ctx: TestContext,
  owner: SignedIn,
  more: {
    role_mappings?: { group: string; role: string }[];
    default_role?: string | null;
    enabled?: boolean;
  } = {},
) {
  await stepUp(ctx, owner, 'sign_in_settings');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/settings/oidc',
    headers: owner.headers,
    payload: {
      issuer: 'http://127.0.0.1:9/idp',
      client_id: 'custos',
      client_secret: 'a-client-secret-for-tests-only',
      display_name: 'Example IdP',
      role_mappings: [
        { group: 'Security Analysts', role: 'security_analyst' },
        { group: '7d1f0c2e-admins', role: 'admin' },
        { group: 'Owners', role: 'owner' },
      ],
      enabled: true,
      reason: 'single sign-on for everybody',
      ...more,
    },
  });
  if (res.statusCode !== 200) throw new Error(`provider refused: ${res.body}`);
}

export async function createScimToken(ctx: TestContext, owner: SignedIn, body: Record<string, unknown> = {}) {
  await stepUp(ctx, owner, 'sign_in_settings');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/settings/scim-tokens',
    headers: owner.headers,
    payload: { name: 'Entra provisioning', ...body },
  });
}

/** A new tenant in `ctx` with an Owner at example.com, an enabled provider and a SCIM token. */
export async function scimTenant(
  ctx: TestContext,
  options: { provider?: Parameters<typeof saveProvider>[2]; ownerEmail?: string } = {},
): Promise<ScimSetup> {
  const owner = await signInAs(ctx, { role: 'owner', email: options.ownerEmail ?? 'owner@example.com' });
  await saveProvider(ctx, owner, options.provider);
  const res = await createScimToken(ctx, owner);
  if (res.statusCode !== 201) throw new Error(`token refused: ${res.body}`);
  const token = res.json().token as string;
  return { ctx, owner, token, headers: { authorization: `Bearer ${token}` } };
}

export function scimApp(): Promise<TestContext> {
  return createTestApp({ now: '2026-03-02T10:00:00.000Z' });
}

export function scim(
  s: ScimSetup,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  contentType = 'application/scim+json',
) {
  return s.ctx.app.inject({
    method,
    url: `${SCIM}${path}`,
    headers: {
      ...s.headers,
      ...(payload !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });
}

export function userBody(userName: string, email: string, more: Record<string, unknown> = {}) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName,
    active: true,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ value: email, type: 'work', primary: true }],
    ...more,
  };
}

export function groupBody(displayName: string, members: string[] = [], more: Record<string, unknown> = {}) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName,
    members: members.map((value) => ({ value })),
    ...more,
  };
}

export const patchOp = (...operations: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: operations,
});
