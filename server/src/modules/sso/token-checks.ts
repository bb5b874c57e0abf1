import { createRemoteJWKSet, customFetch, decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';
import type { ProviderFetch } from './provider-fetch.js';

/**
 * The ID-token checks of document 3 that run before a session exists, on top of the library's
 * own (openid-client already checks the code exchange). Every check refuses with a TokenRefused
 * naming the rule, never the token.
 */

/** The closed asymmetric list: every symmetric algorithm and `none` are refused. */
export const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

/** Document 3: `exp`, `nbf` and `iat` with a one-minute leeway. */
export const CLOCK_LEEWAY_SECONDS = 60;

export class TokenRefused extends Error {
  constructor(readonly rule: string) {
    super(`the ID token was refused: ${rule}`);
    this.name = 'TokenRefused';
  }
}

export interface TokenExpectations {
  issuer: string;
  clientId: string;
  nonce: string;
  jwksUri: string;
  now: Date;
  fetch: ProviderFetch;
}

const JWKS_CACHE = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(uri: string, fetchImpl: ProviderFetch) {
  const cached = JWKS_CACHE.get(uri);
  if (cached) return cached;
  const set = createRemoteJWKSet(new URL(uri), {
    timeoutDuration: 10_000,
    [customFetch]: fetchImpl as unknown as typeof fetch,
  });
  JWKS_CACHE.set(uri, set);
  return set;
}

function ruleOf(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  const claim = (error as { claim?: string }).claim;
  if (code === 'ERR_JWT_EXPIRED') return 'expired';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return `claim ${claim ?? 'unknown'}`;
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED') return 'algorithm not allowed';
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return 'signature';
  if (code === 'ERR_JWKS_NO_MATCHING_KEY') return 'no key for the key id';
  return 'malformed';
}

export async function checkIdToken(idToken: string, want: TokenExpectations): Promise<JWTPayload> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(idToken);
  } catch {
    throw new TokenRefused('malformed');
  }
  if (typeof header.alg !== 'string' || !(ID_TOKEN_ALGORITHMS as readonly string[]).includes(header.alg))
    throw new TokenRefused('algorithm not allowed');
  // RFC 7515: `typ` is optional; an ID token that names one names JWT (not an access or logout token).
  if (header.typ !== undefined && header.typ.toUpperCase() !== 'JWT') throw new TokenRefused('typ');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(want.jwksUri, want.fetch), {
      algorithms: [...ID_TOKEN_ALGORITHMS],
      issuer: want.issuer,
      audience: want.clientId,
      clockTolerance: CLOCK_LEEWAY_SECONDS,
      currentDate: want.now,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub'],
    }));
  } catch (error) {
    throw new TokenRefused(ruleOf(error));
  }
  // jose compares `iss` with ===, which is byte for byte; checked again so the rule is visible here.
  if (payload.iss !== want.issuer) throw new TokenRefused('claim iss');
  const nowSeconds = Math.floor(want.now.getTime() / 1000);
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + CLOCK_LEEWAY_SECONDS)
    throw new TokenRefused('claim iat');
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenRefused('claim sub');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp === undefined) throw new TokenRefused('claim azp');
  if (payload.azp !== undefined && payload.azp !== want.clientId) throw new TokenRefused('claim azp');
  if (payload.nonce !== want.nonce) throw new TokenRefused('claim nonce');
  return payload;
}
