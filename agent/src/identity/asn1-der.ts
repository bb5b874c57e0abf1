/**
 * The few DER encoders a PKCS#10 request needs (X.690). Written here rather than signing through
 * @peculiar/x509, because its generator signs only with a WebCrypto CryptoKey and a TPM key is
 * reachable only through DeviceKey.sign.
 */

function lengthBytes(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const out: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) out.unshift(n & 0xff);
  return Uint8Array.of(0x80 | out.length, ...out);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function tlv(tag: number, content: Uint8Array): Uint8Array {
  return concat([Uint8Array.of(tag), lengthBytes(content.length), content]);
}

export function sequence(...items: Uint8Array[]): Uint8Array {
  return tlv(0x30, concat(items));
}

export function set(...items: Uint8Array[]): Uint8Array {
  return tlv(0x31, concat(items));
}

/** Context-specific constructed tag [n] (IMPLICIT), e.g. the `attributes [0]` of a CSR. */
export function contextConstructed(n: number, ...items: Uint8Array[]): Uint8Array {
  return tlv(0xa0 | n, concat(items));
}

/** A non-negative INTEGER from big-endian magnitude bytes: minimal length, sign octet when needed. */
export function unsignedInteger(magnitude: Uint8Array): Uint8Array {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  let body = magnitude.subarray(start);
  if (body.length === 0) body = Uint8Array.of(0);
  if ((body[0]! & 0x80) !== 0) body = concat([Uint8Array.of(0), body]);
  return tlv(0x02, body);
}

export function smallInteger(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > 127) throw new RangeError('smallInteger takes 0..127');
  return tlv(0x02, Uint8Array.of(value));
}

export function objectIdentifier(dotted: string): Uint8Array {
  const arcs = dotted.split('.').map((a) => {
    if (!/^\d+$/.test(a)) throw new RangeError(`bad OID ${dotted}`);
    return Number(a);
  });
  if (arcs.length < 2) throw new RangeError(`bad OID ${dotted}`);
  const out: number[] = [arcs[0]! * 40 + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const bytes: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) bytes.unshift(0x80 | (n & 0x7f));
    out.push(...bytes);
  }
  return tlv(0x06, Uint8Array.from(out));
}

/** BIT STRING with no unused bits (keys and signatures are whole octets). */
export function bitString(bytes: Uint8Array): Uint8Array {
  return tlv(0x03, concat([Uint8Array.of(0), bytes]));
}

export function utf8String(text: string): Uint8Array {
  return tlv(0x0c, new TextEncoder().encode(text));
}

export function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
