/**
 * The little DER (X.690) the device CA needs on its hot path: a strict reader that splits a
 * structure into its elements with their exact bytes (what a signature covers), and the few
 * encoders a certificate's to-be-signed part takes. Everything else about certificates stays
 * with @peculiar/x509; this exists so that enrolment checks a CSR and signs a certificate with
 * Node's native crypto, synchronously, instead of through a pure-JavaScript ASN.1 round trip and
 * two WebCrypto thread-pool hops per endpoint (docs/deploy.md, Sizing).
 */

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

/** One element: its tag, its whole encoding (header and content) and its content. */
export interface Tlv {
  tag: number;
  bytes: Buffer;
  content: Buffer;
}

/** Reads the element at `at`; refuses long-form tags, indefinite and non-minimal lengths. */
export function readTlv(buf: Buffer, at = 0): Tlv {
  if (at + 2 > buf.length) throw new DerError('truncated element');
  const tag = buf[at]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  let length = buf[at + 1]!;
  let header = 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n === 0 || n > 4) throw new DerError('indefinite or oversized length');
    if (at + 2 + n > buf.length) throw new DerError('truncated length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[at + 2 + i]!;
    if (length < 0x80 || buf[at + 2]! === 0) throw new DerError('length is not minimal');
    header += n;
  }
  const end = at + header + length;
  if (end > buf.length) throw new DerError('truncated content');
  return { tag, bytes: buf.subarray(at, end), content: buf.subarray(at + header, end) };
}

/** The elements of a constructed element's content, which they must fill exactly. */
export function children(parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = 0; at < parent.content.length; ) {
    const t = readTlv(parent.content, at);
    out.push(t);
    at += t.bytes.length;
  }
  return out;
}

/** A whole buffer that is exactly one element of the expected tag. */
export function readOnly(buf: Buffer, tag: number): Tlv {
  const t = readTlv(buf, 0);
  if (t.tag !== tag || t.bytes.length !== buf.length) throw new DerError('unexpected structure');
  return t;
}

function lengthOf(n: number): Buffer {
  if (n < 0x80) return Buffer.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.of(tag), lengthOf(body.length), body]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(0x30, ...items);

/** A BIT STRING of whole bytes (no unused bits). */
export const bitString = (bytes: Buffer): Buffer => tlv(0x03, Buffer.of(0), bytes);

/** A non-negative INTEGER from big-endian bytes, minimal, with a sign octet when needed. */
export function unsignedInteger(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const body = magnitude.subarray(start);
  return tlv(0x02, (body[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.of(0), body]) : body);
}

/** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050; whole seconds, in UTC. */
export function x509Time(at: Date): Buffer {
  const iso = at.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  const year = at.getUTCFullYear();
  if (year >= 1950 && year < 2050) return tlv(0x17, Buffer.from(digits.slice(2), 'latin1'));
  return tlv(0x18, Buffer.from(digits, 'latin1'));
}

export function toPem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
