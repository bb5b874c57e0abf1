import { importJWK, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupsOf } from '../../src/modules/sso/account.js';
import { providerFetch } from '../../src/modules/sso/provider-fetch.js';
import { checkIdToken, TokenRefused } from '../../src/modules/sso/token-checks.js';
import { type OidcPeer, startOidcPeer } from './oidc-peer.js';
import { CALLBACK } from './sso-app.js';

// Tokens signed with the real provider's own keys and checked against its live key set: each
// rule of document 3 refuses on its own.
let peer: OidcPeer;
let jwksUri: string;
const now = new Date();
const secs = Math.floor(now.getTime() / 1000);
beforeAll(async () => {
  peer = await startOidcPeer(CALLBACK);
  jwksUri = (
    (await (await fetch(`${peer.issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string }
  ).jwks_uri;
});
afterAll(async () => {
  await peer.close();
});

const good = (): JWTPayload => ({
  iss: peer.issuer,
  aud: peer.clientId,
  sub: 'alice',
  nonce: 'n-123',
  iat: secs,
  exp: secs + 300,
});

async function sign(payload: JWTPayload, header: { alg?: string; typ?: string; kid?: string } = {}) {
  const alg = header.alg ?? 'ES256';
  const jwk = alg.startsWith('RS') ? peer.keys.rsa : peer.keys.ec;
  const key = await importJWK(jwk as Parameters<typeof importJWK>[0], alg);
  return new SignJWT(payload)
    .setProtectedHeader({ alg, kid: header.kid ?? jwk.kid, ...(header.typ ? { typ: header.typ } : {}) })
    .sign(key);
}

function check(token: string) {
  return checkIdToken(token, {
    issuer: peer.issuer,
    clientId: peer.clientId,
    nonce: 'n-123',
    jwksUri,
    now,
    fetch: providerFetch(null),
  });
}

async function refusedRule(token: string): Promise<string> {
  const e = await check(token).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(TokenRefused);
  return (e as TokenRefused).rule;
}

describe('ID-token checks (document 3, OpenID Connect)', () => {
  it('accepts a well-formed token signed by the provider (ES256 and RS256, typ JWT or absent)', async () => {
    expect((await check(await sign(good()))).sub).toBe('alice');
    expect((await check(await sign(good(), { alg: 'RS256', typ: 'JWT' }))).sub).toBe('alice');
  });

  it('refuses alg none and every symmetric algorithm', async () => {
    const none = new UnsecuredJWT(good()).encode();
    expect(await refusedRule(none)).toBe('algorithm not allowed');
    const hs = await new SignJWT(good())
      .setProtectedHeader({ alg: 'HS256', kid: 'ec-1' })
      .sign(new TextEncoder().encode(peer.clientSecret));
    expect(await refusedRule(hs)).toBe('algorithm not allowed');
  });

  it('refuses a wrong issuer, even one differing only by a trailing slash or case', async () => {
    expect(await refusedRule(await sign({ ...good(), iss: 'https://evil.example' }))).toBe('claim iss');
    expect(await refusedRule(await sign({ ...good(), iss: `${peer.issuer}/` }))).toBe('claim iss');
    expect(await refusedRule(await sign({ ...good(), iss: peer.issuer.toUpperCase() }))).toBe('claim iss');
  });

  it('refuses a wrong audience, and several audiences without our authorized party', async () => {
    expect(await refusedRule(await sign({ ...good(), aud: 'someone-else' }))).toBe('claim aud');
    expect(await refusedRule(await sign({ ...good(), aud: [peer.clientId, 'other'] }))).toBe('claim azp');
    expect(await refusedRule(await sign({ ...good(), aud: [peer.clientId, 'other'], azp: 'other' }))).toBe(
      'claim azp',
    );
    expect(
      (await check(await sign({ ...good(), aud: [peer.clientId, 'other'], azp: peer.clientId }))).sub,
    ).toBe('alice');
  });

  it('refuses a wrong or missing nonce', async () => {
    expect(await refusedRule(await sign({ ...good(), nonce: 'n-other' }))).toBe('claim nonce');
    const { nonce: _n, ...noNonce } = good();
    expect(await refusedRule(await sign(noNonce))).toBe('claim nonce');
  });

  it('exp, nbf and iat with one minute of leeway', async () => {
    expect(await refusedRule(await sign({ ...good(), exp: secs - 61 }))).toBe('expired');
    expect((await check(await sign({ ...good(), exp: secs - 30 }))).sub).toBe('alice');
    expect(await refusedRule(await sign({ ...good(), nbf: secs + 61 }))).toBe('claim nbf');
    expect((await check(await sign({ ...good(), nbf: secs + 30 }))).sub).toBe('alice');
    expect(await refusedRule(await sign({ ...good(), iat: secs + 120 }))).toBe('claim iat');
  });

  it('refuses an empty sub, a typ other than JWT, and a key id the provider does not publish', async () => {
    expect(await refusedRule(await sign({ ...good(), sub: '' }))).toBe('claim sub');
    expect(await refusedRule(await sign(good(), { typ: 'at+jwt' }))).toBe('typ');
    expect(await refusedRule(await sign(good(), { kid: 'not-published' }))).toBe('no key for the key id');
  });
});

describe('group claims', () => {
  it('are object ids; a claim reference (over about 200 groups) is detected and not followed', () => {
    expect(groupsOf({ groups: ['a', 'b', 3] }, 'groups')).toEqual({ groups: ['a', 'b'], overage: false });
    expect(
      groupsOf(
        { _claim_names: { groups: 'src1' }, _claim_sources: { src1: { endpoint: 'https://x' } } },
        'groups',
      ),
    ).toEqual({ groups: [], overage: true });
    expect(groupsOf({ hasgroups: true }, 'groups').overage).toBe(true);
  });
});
