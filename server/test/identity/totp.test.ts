import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { totpCode, totpStep, verifyTotp } from '../../src/modules/identity/totp.js';

interface Vectors {
  keys: Record<string, { base32: string }>;
  vectors: { time: number; mode: string; totp: string }[];
}
const file = new URL('../../../../shared/vectors/rfc6238.json', import.meta.url);
const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Vectors;

describe('TOTP (RFC 6238)', () => {
  const sha1 = data.vectors.filter((v) => v.mode === 'SHA1');
  const key = data.keys.SHA1?.base32 ?? '';

  it('matches every SHA-1 vector of RFC 6238 Appendix B', () => {
    expect(sha1.length).toBeGreaterThanOrEqual(6);
    for (const v of sha1) expect(totpCode(key, Math.floor(v.time / 30), 8)).toBe(v.totp);
  });

  it('accepts the current step and one either side, nothing further, and each step once', () => {
    const at = new Date(1_111_111_109_000);
    const step = totpStep(at);
    for (const d of [-1, 0, 1]) expect(verifyTotp(key, totpCode(key, step + d), at, null)).toBe(step + d);
    for (const d of [-2, 2]) expect(verifyTotp(key, totpCode(key, step + d), at, null)).toBeNull();
    const code = totpCode(key, step);
    expect(verifyTotp(key, code, at, step)).toBeNull();
    expect(verifyTotp(key, totpCode(key, step - 1), at, step)).toBeNull();
    expect(verifyTotp(key, 'abcdef', at, null)).toBeNull();
  });
});
