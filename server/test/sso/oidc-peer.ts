import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * A real OpenID provider (panva's oidc-provider) on a loopback port, with its built-in login and
 * consent forms (../shared/reference/test-peers.md, section 4). The private keys are handed back
 * so tests can sign deliberately wrong tokens with the provider's own keys.
 */
export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  keys: { rsa: JsonWebKey & { kid: string }; ec: JsonWebKey & { kid: string } };
  accounts: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

/** `tls`: served over HTTPS with that certificate (a private CA's), else plain HTTP on loopback. */
export async function startOidcPeer(
  redirectUri: string,
  tls?: { cert: string; key: string },
): Promise<OidcPeer> {
  const server = tls ? https.createServer(tls) : http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rsa = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'rsa-1',
    alg: 'RS256',
    use: 'sig',
  };
  const ec = {
    ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    kid: 'ec-1',
    alg: 'ES256',
    use: 'sig',
  };
  const accounts = new Map<string, Record<string, unknown>>();
  const clientSecret = 'a-client-secret-for-tests-only-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'custos',
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [rsa, ec] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    cookies: { keys: ['cookie-key-for-tests'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...(accounts.get(id) ?? {}) }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId: 'custos',
    clientSecret,
    keys: { rsa: rsa as OidcPeer['keys']['rsa'], ec: ec as OidcPeer['keys']['ec'] },
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The browser part, headless: follows the provider's redirects with a cookie jar, fills its
 * login form as `login` and its consent form, and stops at the first redirect to `stopAt`.
 * `ca`: the browser trusts that CA (a provider behind a private CA).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  stopAt: string,
  ca?: string,
): Promise<string> {
  const dispatcher = ca ? new Agent({ connect: { ca } }) : undefined;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: { headers: Headers }) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authorizationUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(stopAt)) return url;
    const res = await undiciFetch(url, {
      ...(dispatcher ? { dispatcher } : {}),
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    remember(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page from the provider (${res.status})`);
    url = new URL(action, url).href;
    body =
      prompt === 'login'
        ? new URLSearchParams({ prompt, login, password: 'any' }).toString()
        : new URLSearchParams({ prompt }).toString();
  }
  throw new Error('too many hops at the provider');
}
