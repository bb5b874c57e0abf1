import {
  bitString,
  contextConstructed,
  objectIdentifier,
  sequence,
  set,
  smallInteger,
  toPem,
  utf8String,
} from './asn1-der.js';
import type { DeviceKey } from './device-key.js';
import { rsToDer } from './ecdsa-signature.js';

const OID = {
  commonName: '2.5.4.3',
  ecPublicKey: '1.2.840.10045.2.1',
  prime256v1: '1.2.840.10045.3.1.7',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ed25519: '1.3.101.112',
} as const;

/** X.520 upper bound of a commonName. */
export const MAX_COMMON_NAME = 64;

function subjectPublicKeyInfo(key: DeviceKey): Uint8Array {
  const pub = key.publicKey();
  if (key.algorithm === 'ed25519') {
    if (pub.length !== 32) throw new RangeError('Ed25519 public key must be 32 bytes');
    return sequence(sequence(objectIdentifier(OID.ed25519)), bitString(pub));
  }
  if (pub.length !== 65 || pub[0] !== 0x04)
    throw new RangeError('P-256 public key must be a 65-byte uncompressed point');
  return sequence(
    sequence(objectIdentifier(OID.ecPublicKey), objectIdentifier(OID.prime256v1)),
    bitString(pub),
  );
}

/**
 * Builds a PKCS#10 request (RFC 2986) for the device key and returns its DER. It is signed through
 * DeviceKey.sign, so a TPM key signs its own request without its private part ever being visible:
 * Ed25519 signs the request info itself (RFC 8410); P-256 signs SHA-256 of it and the 64-byte
 * `r || s` is re-encoded as the DER ECDSA-Sig-Value X.509 expects (RFC 5758).
 */
export async function buildCsrDer(key: DeviceKey, subjectCommonName: string): Promise<Uint8Array> {
  if (
    subjectCommonName.length === 0 ||
    subjectCommonName.length > MAX_COMMON_NAME ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(subjectCommonName)
  ) {
    throw new RangeError(`subject common name must be 1-${MAX_COMMON_NAME} printable characters`);
  }
  const subject = sequence(set(sequence(objectIdentifier(OID.commonName), utf8String(subjectCommonName))));
  const info = sequence(smallInteger(0), subject, subjectPublicKeyInfo(key), contextConstructed(0));
  const signature = await key.sign(info);
  if (signature.length !== 64) throw new RangeError('device key returned a signature that is not 64 bytes');
  const algorithm =
    key.algorithm === 'ed25519'
      ? sequence(objectIdentifier(OID.ed25519))
      : sequence(objectIdentifier(OID.ecdsaWithSha256));
  const encodedSignature = key.algorithm === 'ed25519' ? signature : rsToDer(signature);
  return sequence(info, algorithm, bitString(encodedSignature));
}

/** The request as PEM (`CERTIFICATE REQUEST`), ready for the enrolment field `csr_pem` (document 2). */
export async function buildCsr(key: DeviceKey, subjectCommonName: string): Promise<string> {
  return toPem('CERTIFICATE REQUEST', await buildCsrDer(key, subjectCommonName));
}
