import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  nullHashcheckTicket,
  parseEccPublic,
  parseEcdsaSignature,
  signingKeyTemplate,
  storagePrimaryTemplate,
  TPMA_OBJECT,
} from '../../src/platform/linux/tpm/tpm-wire.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

// Recorded with tpm2-tools 5.4 against swtpm 0.7.1 (not with our code): `tpm2_create -G
// ecc256:ecdsa-sha256 -a 'fixedtpm|fixedparent|sensitivedataorigin|userwithauth|sign'` wrote
// key.pub, `tpm2_readpublic -f pem` the PEM, and `tpm2_sign -g sha256 -s ecdsa -f tss` two
// TPMT_SIGNATUREs over the message.
const RECORDED = {
  public:
    '00580023000b00040072000000100018000b0003001000206942c6e7a7f3aac746a2c56412dc4f72a871a96e43b3e0814a5e1b0c' +
    'fa651c7100205707eb8cb614d282cc8b2c0f3b58dd5dfa43e758d0e809a6f5a35b3d914fb822',
  pem:
    '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEaULG56fzqsdGosVkEtxPcqhxqW5D\n' +
    's+CBSl4bDPplHHFXB+uMthTSgsyLLA87WN1d+kPnWNDoCab1o1s9kU+4Ig==\n-----END PUBLIC KEY-----\n',
  message: 'custos recorded vector',
  signatures: [
    '0018000b0020cceaff91b6089a29acb4b031b108f173e294479e29832eaf0baac025a6c8f4ad0020a9a9a13da38b11b7c0416eb7' +
      '03284a5292195537c79ed0fbe3878c5a5ba2c20c',
    '0018000b002059c6d5da0bb736eb23e746ea7fd82af85914f51696eeb46d3e93d0050eef34040020c65bfd4e85b93ff189d95e66' +
      '1e7bb460244b6490830a6e777a0a2088cba2c3a6',
  ],
};

describe('TPM wire format', () => {
  it('our signing-key template is the public area tpm2_create was asked for, plus noDA', () => {
    // The recorded public area minus its unique field (the generated x, y) is tpm2_create's
    // template; ours differs only in the attributes: 0x00040072 | noDA (0x400).
    const recordedBeforeUnique = RECORDED.public.slice(4, 4 + 40).replace('00040072', '00040472');
    expect(hex(signingKeyTemplate())).toBe(`0018${recordedBeforeUnique}00000000`);
    expect(hex(signingKeyTemplate())).toBe('00180023000b00040472000000100018000b0003001000000000');
  });

  it('the storage parent is a restricted, noDA decryption key with AES-128-CFB', () => {
    expect(hex(storagePrimaryTemplate())).toBe('001a0023000b00030472000000060080004300100003001000000000');
    const attrs = 0x00030472;
    expect(attrs & TPMA_OBJECT.restricted).toBeTruthy();
    expect(attrs & TPMA_OBJECT.decrypt).toBeTruthy();
    expect(attrs & TPMA_OBJECT.sign).toBeFalsy();
  });

  it('reads the 65-byte point of a recorded public area: the same key tpm2_readpublic exported', () => {
    const { point, objectAttributes } = parseEccPublic(Buffer.from(RECORDED.public, 'hex'));
    expect(objectAttributes).toBe(0x00040072);
    const fromPem = createPublicKey(RECORDED.pem).export({ format: 'der', type: 'spki' });
    expect(hex(point)).toBe(hex(fromPem.subarray(fromPem.length - 65)));
  });

  it('recorded TPMT_SIGNATUREs become r||s that node:crypto verifies against the recorded key', () => {
    const key = createPublicKey(RECORDED.pem);
    for (const sigHex of RECORDED.signatures) {
      const rs = parseEcdsaSignature(Buffer.from(sigHex, 'hex'));
      expect(rs.length).toBe(64);
      expect(verify('sha256', Buffer.from(RECORDED.message), { key, dsaEncoding: 'ieee-p1363' }, rs)).toBe(
        true,
      );
      expect(verify('sha256', Buffer.from('other'), { key, dsaEncoding: 'ieee-p1363' }, rs)).toBe(false);
    }
  });

  it('left-pads an r the TPM sent without its leading zero octet (hardware TPMs do; swtpm pads)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const msg = Buffer.from('short r');
    let rs: Buffer;
    do {
      rs = sign('sha256', Buffer.concat([msg]), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    } while (rs[0] !== 0);
    const r = rs.subarray(1, 32); // 31 bytes, as a TPM drops the zero
    const s = rs.subarray(32);
    const tpmt = Buffer.concat([
      Buffer.from('0018000b', 'hex'),
      Buffer.of(0, r.length),
      r,
      Buffer.of(0, s.length),
      s,
    ]);
    const parsed = parseEcdsaSignature(tpmt);
    expect(hex(parsed)).toBe(hex(rs));
    expect(verify('sha256', msg, { key: publicKey, dsaEncoding: 'ieee-p1363' }, parsed)).toBe(true);
  });

  it('refuses truncated, non-ECDSA, non-SHA-256 and other-curve structures', () => {
    const sig = Buffer.from(RECORDED.signatures[0]!, 'hex');
    expect(() => parseEcdsaSignature(sig.subarray(0, 40))).toThrow(/truncated/);
    expect(() => parseEcdsaSignature(Buffer.concat([Buffer.from('0014', 'hex'), sig.subarray(2)]))).toThrow(
      /not ECDSA/,
    );
    const sha1 = Buffer.from(sig);
    sha1.writeUInt16BE(0x0004, 2);
    expect(() => parseEcdsaSignature(sha1)).toThrow(/SHA-256/);
    expect(() => parseEcdsaSignature(Buffer.concat([sig, Buffer.of(0)]))).toThrow(/trailing/);
    const p384 = Buffer.from(RECORDED.public, 'hex');
    p384.writeUInt16BE(0x0004, 18); // curveID (after size, type, nameAlg, attributes, policy, symmetric, scheme)
    expect(() => parseEccPublic(p384)).toThrow(/P-256/);
  });

  it('encodes the NULL hash-check ticket (TPM_ST_HASHCHECK, TPM_RH_NULL, empty digest)', () => {
    expect(hex(nullHashcheckTicket())).toBe('8024400000070000');
  });
});
