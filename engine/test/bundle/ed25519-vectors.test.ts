import { sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ed25519PublicKey, verifyEd25519 } from '../../src/bundle/index.js';
import { privateKeyFromSeed } from './fixtures.js';

const VECTORS = new URL('../../../../shared/vectors/', import.meta.url);
const hex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'hex'));

interface WycheproofTest {
  tcId: number;
  comment: string;
  msg: string;
  sig: string;
  result: 'valid' | 'invalid';
}
interface Wycheproof {
  numberOfTests: number;
  testGroups: { publicKey: { pk: string }; tests: WycheproofTest[] }[];
}

const wycheproof = JSON.parse(
  readFileSync(new URL('wycheproof_ed25519_test.json', VECTORS), 'utf8'),
) as Wycheproof;
const rfc8032 = JSON.parse(readFileSync(new URL('rfc8032_ed25519.json', VECTORS), 'utf8')) as {
  vectors: { name: string; secretKey: string; publicKey: string; message: string; signature: string }[];
};

describe('Ed25519 verification against Wycheproof', () => {
  const cases = wycheproof.testGroups.flatMap((g) => g.tests.map((t) => ({ pk: g.publicKey.pk, ...t })));

  it('covers every vector in the file', () => {
    expect(cases).toHaveLength(wycheproof.numberOfTests);
  });

  it.each(cases.map((c) => [c.tcId, c.comment, c] as const))('tcId %i (%s)', (_id, _comment, c) => {
    const key = ed25519PublicKey(hex(c.pk));
    expect(key).not.toBeNull();
    expect(verifyEd25519(key!, hex(c.msg), hex(c.sig))).toBe(c.result === 'valid');
  });
});

describe('Ed25519 edge cases (C2SP CCTV corpus)', () => {
  const cctv = JSON.parse(readFileSync(new URL('cctv_ed25519vectors.json', VECTORS), 'utf8')) as {
    number: number;
    key: string;
    sig: string;
    msg: string;
  }[];
  it('pins the verifier: exactly the 208 of 914 edge cases OpenSSL accepts verify', () => {
    // The corpus has no expected results; signer (node:crypto) and verifier must agree, and a change
    // of crypto backend that accepted other non-canonical encodings would show here.
    let accepted = 0;
    for (const v of cctv) {
      const key = ed25519PublicKey(hex(v.key));
      if (key && verifyEd25519(key, new TextEncoder().encode(v.msg), hex(v.sig))) accepted += 1;
    }
    expect(cctv).toHaveLength(914);
    expect(accepted).toBe(208);
  });
});

describe('Ed25519 against RFC 8032 section 7.1', () => {
  it.each(rfc8032.vectors.map((v) => [v.name, v] as const))(
    '%s: signs byte for byte and verifies',
    (_name, v) => {
      const priv = privateKeyFromSeed(v.secretKey, v.publicKey);
      const msg = hex(v.message);
      expect(Buffer.from(sign(null, msg, priv)).toString('hex')).toBe(v.signature);
      const pub = ed25519PublicKey(hex(v.publicKey))!;
      expect(verifyEd25519(pub, msg, hex(v.signature))).toBe(true);
      const flipped = hex(v.signature);
      flipped[0]! ^= 0x01;
      expect(verifyEd25519(pub, msg, flipped)).toBe(false);
    },
  );

  it('refuses keys and signatures of the wrong length without throwing', () => {
    expect(ed25519PublicKey(new Uint8Array(31))).toBeNull();
    const pub = ed25519PublicKey(hex(rfc8032.vectors[0]!.publicKey))!;
    expect(verifyEd25519(pub, new Uint8Array(), new Uint8Array(63))).toBe(false);
  });
});
