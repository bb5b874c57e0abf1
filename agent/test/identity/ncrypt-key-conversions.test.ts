import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import koffi from 'koffi';
import { describe, expect, it } from 'vitest';
import {
  checkSignHashOutput,
  describeSecurityStatus,
  eccPublicBlobToPoint,
  NCRYPT_PROTOTYPES,
} from '../../src/platform/win32/ncrypt-key.js';

// Wycheproof's first ECDSA P-256 key and a valid P1363 signature of it: the layout NCryptExportKey
// (BCRYPT_ECCPUBLIC_BLOB) and NCryptSignHash produce for such a key, per bcrypt.h.
const vectors = JSON.parse(
  readFileSync(
    new URL('../../../../shared/vectors/wycheproof_ecdsa_secp256r1_sha256_p1363_test.json', import.meta.url),
    'utf8',
  ),
) as {
  testGroups: {
    publicKey: { uncompressed: string };
    tests: { msg: string; sig: string; result: string }[];
  }[];
};
const group = vectors.testGroups[0]!;
const point = Buffer.from(group.publicKey.uncompressed, 'hex');
// 'ECS1' magic and cbKey = 32, both little-endian ULONGs, then X and Y big-endian.
const recordedBlob = Buffer.from(`4543533120000000${group.publicKey.uncompressed.slice(2)}`, 'hex');

describe('Windows Platform Crypto Provider conversions', () => {
  it('turns an ECCPUBLICBLOB into the 65-byte point node:crypto accepts as the same P-256 key', () => {
    const out = eccPublicBlobToPoint(recordedBlob);
    expect(Buffer.from(out)).toEqual(point);
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: Buffer.from(out.subarray(1, 33)).toString('base64url'),
        y: Buffer.from(out.subarray(33)).toString('base64url'),
      },
      format: 'jwk',
    });
    const valid = group.tests.find((t) => t.result === 'valid')!;
    const sig = checkSignHashOutput(Buffer.from(valid.sig, 'hex'));
    expect(verify('sha256', Buffer.from(valid.msg, 'hex'), { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(
      true,
    );
  });

  it('refuses a private blob, another curve, or a length that disagrees with the header', () => {
    const priv = Buffer.from(recordedBlob);
    priv.writeUInt32LE(0x32534345, 0); // ECS2: BCRYPT_ECDSA_PRIVATE_P256_MAGIC
    expect(() => eccPublicBlobToPoint(priv)).toThrow(/magic/);
    const p384 = Buffer.from(recordedBlob);
    p384.writeUInt32LE(0x33534345, 0); // ECS3: P-384 public
    expect(() => eccPublicBlobToPoint(p384)).toThrow(/magic/);
    const wrongLen = Buffer.from(recordedBlob);
    wrongLen.writeUInt32LE(48, 4);
    expect(() => eccPublicBlobToPoint(wrongLen)).toThrow(/key length/);
    expect(() => eccPublicBlobToPoint(recordedBlob.subarray(0, 71))).toThrow(/length/);
    expect(() => eccPublicBlobToPoint(recordedBlob.subarray(0, 4))).toThrow(/header/);
  });

  it('accepts only a 64-byte r || s from NCryptSignHash', () => {
    expect(checkSignHashOutput(new Uint8Array(64)).length).toBe(64);
    expect(() => checkSignHashOutput(new Uint8Array(72))).toThrow(/64/);
  });

  it('names the SECURITY_STATUS codes an operator meets, from the signed LONG koffi returns', () => {
    expect(describeSecurityStatus(0x80090016 | 0)).toBe('0x80090016 NTE_BAD_KEYSET (the key does not exist)');
    expect(describeSecurityStatus(-2146893776)).toBe('0x80090030 NTE_DEVICE_NOT_READY (no usable TPM)');
    expect(describeSecurityStatus(0x12345)).toBe('0x00012345');
  });
});

describe('NCrypt binding declarations', () => {
  it('every ncrypt.h prototype parses in koffi (the binding is only loaded on Windows)', () => {
    for (const [name, decl] of Object.entries(NCRYPT_PROTOTYPES)) {
      const type = koffi.proto(decl);
      expect(type.proto?.name, name).toBe(`NCrypt${name}`);
      expect(type.proto?.result.name, name).toBe('int32_t');
    }
  });
});
