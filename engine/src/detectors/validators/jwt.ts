import { decodeBase64 } from './base64.js';

function jsonObject(part: string): Record<string, unknown> | undefined {
  const text = decodeBase64(part);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * JWT (reference §2.9): header and payload are base64url JSON objects and the header names an
 * `alg`. The signature is not verified: the detector finds tokens, it does not trust them.
 */
export function jwtValid(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 3) return false;
  const header = jsonObject(parts[0]!);
  return header !== undefined && typeof header['alg'] === 'string' && jsonObject(parts[1]!) !== undefined;
}
