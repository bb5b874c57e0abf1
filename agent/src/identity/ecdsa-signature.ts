import { sequence, unsignedInteger } from './asn1-der.js';

/** P-256 scalars are 32 bytes; document 2 fixes the wire signature at 64 bytes `r || s`. */
export const P256_SCALAR_BYTES = 32;

/**
 * Left-pads one big-endian scalar to 32 bytes. TPMs return r and s as size-prefixed buffers that
 * drop leading zero octets (about 1 in 256 signatures); a longer value (other than redundant
 * leading zeros) is not a P-256 scalar and is refused rather than truncated.
 */
export function padScalar(value: Uint8Array): Uint8Array {
  let start = 0;
  while (value.length - start > P256_SCALAR_BYTES && value[start] === 0) start++;
  const trimmed = value.subarray(start);
  if (trimmed.length > P256_SCALAR_BYTES) throw new RangeError('ECDSA scalar longer than 32 bytes');
  const out = new Uint8Array(P256_SCALAR_BYTES);
  out.set(trimmed, P256_SCALAR_BYTES - trimmed.length);
  return out;
}

export function joinRs(r: Uint8Array, s: Uint8Array): Uint8Array {
  const out = new Uint8Array(2 * P256_SCALAR_BYTES);
  out.set(padScalar(r), 0);
  out.set(padScalar(s), P256_SCALAR_BYTES);
  return out;
}

/** `r || s` (IEEE P1363) to the DER `ECDSA-Sig-Value` that X.509 and PKCS#10 carry (RFC 5480). */
export function rsToDer(rs: Uint8Array): Uint8Array {
  if (rs.length !== 2 * P256_SCALAR_BYTES) throw new RangeError('P-256 r||s signature must be 64 bytes');
  return sequence(unsignedInteger(rs.subarray(0, 32)), unsignedInteger(rs.subarray(32)));
}
