import { createHash, randomBytes } from 'node:crypto';
import type { DeviceKey } from '../identity/device-key.js';

/** Document 2, "Agent requests": the unit separator joining the canonical string's parts. */
export const UNIT_SEPARATOR = '\u001f';

export class UnsignablePathError extends TypeError {
  constructor() {
    super('a signed request path may not contain ? or # (parameters belong in a signed POST body)');
    this.name = 'UnsignablePathError';
  }
}

/**
 * Canonical string: method, full path, lower-hex SHA-256 of the body, device id, timestamp, nonce,
 * joined by U+001F. The path must carry no query and no fragment; the agent refuses to sign one.
 */
export function canonicalString(
  method: string,
  path: string,
  body: Uint8Array,
  deviceId: string,
  timestamp: string,
  nonce: string,
): string {
  if (path.includes('?') || path.includes('#')) throw new UnsignablePathError();
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return [method.toUpperCase(), path, bodyHash, deviceId, timestamp, nonce].join(UNIT_SEPARATOR);
}

/** RFC 3339 UTC with whole seconds, e.g. `2026-11-22T22:30:00Z`. */
export function rfc3339(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A 128-bit random nonce, lower hex (32 characters), never reused. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export interface SignedHeaders {
  'x-dlp-device-id': string;
  'x-dlp-timestamp': string;
  'x-dlp-nonce': string;
  'x-dlp-signature': string;
}

/** Signs one request with the device key; `nowMs` is already corrected for clock drift. */
export async function signRequest(
  key: DeviceKey,
  deviceId: string,
  method: string,
  path: string,
  body: Uint8Array,
  nowMs: number,
  nonce: string = newNonce(),
): Promise<SignedHeaders> {
  const timestamp = rfc3339(nowMs);
  const message = canonicalString(method, path, body, deviceId, timestamp, nonce);
  const signature = await key.sign(Buffer.from(message, 'utf8'));
  return {
    'x-dlp-device-id': deviceId,
    'x-dlp-timestamp': timestamp,
    'x-dlp-nonce': nonce,
    'x-dlp-signature': Buffer.from(signature).toString('base64'),
  };
}
