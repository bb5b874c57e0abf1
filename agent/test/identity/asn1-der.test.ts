import { describe, expect, it } from 'vitest';
import { objectIdentifier, tlv, unsignedInteger } from '../../src/identity/asn1-der.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('DER writer', () => {
  it('encodes object identifiers with base-128 arcs (X.690 8.19)', () => {
    expect(hex(objectIdentifier('1.2.840.10045.2.1'))).toBe('06072a8648ce3d0201');
    expect(hex(objectIdentifier('1.2.840.10045.3.1.7'))).toBe('06082a8648ce3d030107');
    expect(hex(objectIdentifier('1.3.101.112'))).toBe('06032b6570');
    expect(hex(objectIdentifier('2.5.4.3'))).toBe('0603550403');
  });

  it('uses the long length form from 128 bytes on', () => {
    expect(hex(tlv(0x04, new Uint8Array(127))).slice(0, 4)).toBe('047f');
    expect(hex(tlv(0x04, new Uint8Array(128))).slice(0, 6)).toBe('048180');
    expect(hex(tlv(0x04, new Uint8Array(300))).slice(0, 8)).toBe('0482012c');
  });

  it('writes zero as a one-octet integer', () => {
    expect(hex(unsignedInteger(new Uint8Array(32)))).toBe('020100');
  });
});
