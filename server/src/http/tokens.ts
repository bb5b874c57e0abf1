import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets: a readable prefix naming the kind, then 32 random bytes. Only the SHA-256 of
 * the whole string is stored (DESIGN.md, Secrets), so a database copy opens nothing.
 */
export const TOKEN_PREFIX = {
  session: 'dlps_',
  invitation: 'dlpi_',
  reset: 'dlpr_',
  // Issue 4 names the API-token prefix: `cus_` then random.
  apiToken: 'cus_',
} as const;

export function mintSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Lower-hex SHA-256 of the exact secret string. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The session cookie (document 3: HttpOnly, Secure, SameSite=Strict). */
export const SESSION_COOKIE = 'dlp_session';
export const SESSION_COOKIE_OPTIONS = {
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
  path: '/',
} as const;
