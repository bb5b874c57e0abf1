import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { aesGcmDecrypt, aesGcmEncrypt, seal, UnsealError, unseal } from '../src/crypto/seal.js';

interface Vector {
  tcId: number;
  key: string;
  iv: string;
  aad: string;
  msg: string;
  ct: string;
  tag: string;
  result: 'valid' | 'invalid' | 'acceptable';
}
interface Group {
  keySize: number;
  ivSize: number;
  tagSize: number;
  tests: Vector[];
}

const file = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/vectors/wycheproof_aes_gcm_test.json',
);
const groups = (JSON.parse(fs.readFileSync(file, 'utf8')) as { testGroups: Group[] }).testGroups.filter(
  (g) => g.keySize === 256 && g.ivSize === 96 && g.tagSize === 128,
);
const hex = (s: string) => Buffer.from(s, 'hex');

describe('AES-256-GCM against Wycheproof (256-bit keys, 96-bit nonces)', () => {
  const vectors = groups.flatMap((g) => g.tests);

  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThan(20);
  });

  it('encrypts every valid vector to ct‖tag and opens it again', () => {
    for (const v of vectors.filter((x) => x.result === 'valid')) {
      const out = aesGcmEncrypt(hex(v.key), hex(v.iv), hex(v.msg), hex(v.aad));
      expect(out.toString('hex'), `tcId ${v.tcId}`).toBe(v.ct + v.tag);
      expect(aesGcmDecrypt(hex(v.key), hex(v.iv), out, hex(v.aad)).toString('hex')).toBe(v.msg);
    }
  });

  it('refuses every invalid vector', () => {
    for (const v of vectors.filter((x) => x.result === 'invalid')) {
      expect(
        () => aesGcmDecrypt(hex(v.key), hex(v.iv), hex(v.ct + v.tag), hex(v.aad)),
        `tcId ${v.tcId}`,
      ).toThrow(UnsealError);
    }
  });
});

describe('seal / unseal', () => {
  const key = Buffer.alloc(32, 9);

  it('round-trips and uses a fresh nonce each time', () => {
    const a = seal(key, 'signing key bytes', 'tenant:t1:signing-key');
    const b = seal(key, 'signing key bytes', 'tenant:t1:signing-key');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(unseal(key, a, 'tenant:t1:signing-key').toString()).toBe('signing key bytes');
  });

  it('refuses another key, another context and any changed byte', () => {
    const sealed = seal(key, 'secret', 'ctx-a');
    expect(() => unseal(Buffer.alloc(32, 8), sealed, 'ctx-a')).toThrow(UnsealError);
    expect(() => unseal(key, sealed, 'ctx-b')).toThrow(UnsealError);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => unseal(key, `v1.${raw.toString('base64url')}`, 'ctx-a')).toThrow(UnsealError);
    expect(() => unseal(key, 'v2.abc', 'ctx-a')).toThrow(UnsealError);
    expect(() => unseal(key, 'v1.', 'ctx-a')).toThrow(UnsealError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => seal(Buffer.alloc(16), 'x', 'c')).toThrow(TypeError);
  });
});
