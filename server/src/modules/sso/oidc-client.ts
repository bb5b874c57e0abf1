import * as oidc from 'openid-client';
import { unseal } from '../../crypto/seal.js';
import { providerFetch } from './provider-fetch.js';
import { SECRET_CONTEXT } from './settings.js';
import type { OidcProvidersTable } from './tables.js';

/**
 * The relying party, built on openid-client (Authorization Code with PKCE only; implicit and
 * hybrid flows are not offered). Discovery is fetched through the provider's pinned CA; an http
 * issuer is allowed only on loopback (settings.ts `issuerProblem`).
 */
export async function discover(row: OidcProvidersTable, masterKey: Buffer): Promise<oidc.Configuration> {
  const secret =
    row.client_secret_sealed === null
      ? undefined
      : unseal(masterKey, row.client_secret_sealed, `${SECRET_CONTEXT}:${row.tenant_id}`).toString('utf8');
  const fetchImpl = providerFetch(row.ca_certificate);
  const insecure = new URL(row.issuer).protocol === 'http:';
  const config = await oidc.discovery(
    new URL(row.issuer),
    row.client_id,
    { response_types: ['code'] },
    secret === undefined ? oidc.None() : oidc.ClientSecretBasic(secret),
    {
      [oidc.customFetch]: fetchImpl as oidc.CustomFetch,
      timeout: 10,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  config[oidc.customFetch] = fetchImpl as oidc.CustomFetch;
  return config;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationRequest(
  config: oidc.Configuration,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile groups',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/** Exchanges the code (PKCE, state and nonce checked by the library too); answers the raw tokens. */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
) {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.id_token;
  if (!idToken) throw new Error('no ID token');
  return { idToken, accessToken: tokens.access_token };
}

/** Userinfo claims for the subject the ID token named (the library checks the subject). */
export async function userInfo(config: oidc.Configuration, accessToken: string, subject: string) {
  if (!config.serverMetadata().userinfo_endpoint) return {};
  return (await oidc.fetchUserInfo(config, accessToken, subject)) as Record<string, unknown>;
}
