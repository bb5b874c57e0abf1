import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { joinRs, padScalar, rsToDer } from '../../src/identity/ecdsa-signature.js';

interface WycheproofTest {
  tcId: number;
  msg: string;
  sig: string;
  result: 'valid' | 'invalid' | 'acceptable';
}
interface WycheproofGroup {
  publicKeyPem: string;
  tests: WycheproofTest[];
}
const vectors = JSON.parse(
  readFileSync(
    new URL('../../../../shared/vectors/wycheproof_ecdsa_secp256r1_sha256_p1363_test.json', import.meta.url),
    'utf8',
  ),
) as { testGroups: WycheproofGroup[] };

describe('P-256 signature conversions', () => {
  it('node:crypto agrees with every Wycheproof P1363 vector (the verifier our r||s output targets)', () => {
    let checked = 0;
    for (const group of vectors.testGroups) {
      const key = createPublicKey(group.publicKeyPem);
      for (const t of group.tests) {
        const ok = verify(
          'sha256',
          Buffer.from(t.msg, 'hex'),
          { key, dsaEncoding: 'ieee-p1363' },
          Buffer.from(t.sig, 'hex'),
        );
        expect(ok, `tcId ${t.tcId}`).toBe(t.result === 'valid');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('rsToDer turns every valid Wycheproof r||s into a DER signature that still verifies', () => {
    let checked = 0;
    for (const group of vectors.testGroups) {
      const key = createPublicKey(group.publicKeyPem);
      for (const t of group.tests) {
        if (t.result !== 'valid') continue;
        const der = rsToDer(Buffer.from(t.sig, 'hex'));
        expect(
          verify('sha256', Buffer.from(t.msg, 'hex'), { key, dsaEncoding: 'der' }, der),
          `tcId ${t.tcId}`,
        ).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('encodes high-bit and leading-zero scalars as minimal positive DER integers', () => {
    const rs = new Uint8Array(64);
    rs[0] = 0x80; // r needs a sign octet
    rs[63] = 0x01; // s is 1 after stripping 31 zero octets
    expect(Buffer.from(rsToDer(rs)).toString('hex')).toBe(`3026022100${'80'.padEnd(64, '0')}020101`);
  });

  it('left-pads short TPM scalars to 32 bytes and refuses longer ones', () => {
    expect(Buffer.from(padScalar(Uint8Array.of(0xab))).toString('hex')).toBe(`${'00'.repeat(31)}ab`);
    expect(padScalar(new Uint8Array([0, ...new Uint8Array(32).fill(7)])).length).toBe(32);
    expect(() => padScalar(new Uint8Array(33).fill(1))).toThrow(RangeError);
    const joined = joinRs(Uint8Array.of(1), Uint8Array.of(2));
    expect(joined.length).toBe(64);
    expect(joined[31]).toBe(1);
    expect(joined[63]).toBe(2);
  });

  it('refuses an r||s that is not 64 bytes', () => {
    expect(() => rsToDer(new Uint8Array(63))).toThrow(RangeError);
  });
});
