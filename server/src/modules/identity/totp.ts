import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/** TOTP per RFC 6238 as document 3 fixes it: HMAC-SHA1, six digits, 30-second steps, ±1 step. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
}

export function totpCode(secretBase32: string, step: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits, counter: step });
}

/**
 * The accepted step for a code, or null: the code must match the current step or one either
 * side, and the step must be later than the last accepted one (a code is accepted once).
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const now = totpStep(at);
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(totpCode(secretBase32, step));
    if (timingSafeEqual(expected, Buffer.from(code)) && (lastStep === null || step > lastStep)) return step;
  }
  return null;
}

export function otpauthUri(secretBase32: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}
