import { isIP } from 'node:net';

/**
 * Where a delivery may go (document 2: HTTPS only, address-checked at save and at use;
 * docs/report-schedules.md, Addresses). Refused: user-info in the URL, any scheme but https, and
 * every address in the ranges below in any of its spellings — IPv4, IPv4-mapped and
 * IPv4-compatible IPv6, NAT64 and 6to4 forms carry the IPv4 address they embed.
 */

/** IPv4 ranges a delivery never reaches: [first octets, prefix length, why]. */
const V4_REFUSED: [number[], number, string][] = [
  [[0], 8, 'an unspecified address'],
  [[169, 254], 16, 'a link-local address (cloud metadata services live here)'],
  [[100, 100, 100, 200], 32, 'a cloud metadata address'],
  [[168, 63, 129, 16], 32, 'a cloud metadata address'],
  [[224], 4, 'a multicast address'],
  [[240], 4, 'a reserved or broadcast address'],
];

/** IPv6 ranges: [leading bytes, prefix length, why]. */
const V6_REFUSED: [number[], number, string][] = [
  [[0xfe, 0x80], 10, 'a link-local address'],
  [[0xfe, 0xc0], 10, 'a site-local address'],
  [[0xff], 8, 'a multicast address'],
];

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address in any valid spelling (`::`, an IPv4 tail). */
export function v6Bytes(text: string): number[] {
  let t = text.toLowerCase();
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(t);
  if (v4) {
    tail.push(...v4Bytes(v4[1]!));
    t = t.slice(0, -v4[1]!.length);
    t = t.endsWith(':') && !t.endsWith('::') ? t.slice(0, -1) : t;
  }
  const words = (s: string) => (s === '' ? [] : s.split(':').map((w) => Number.parseInt(w, 16)));
  const [head, rest] = t.includes('::') ? t.split('::') : [t, undefined];
  const front = words(head ?? '');
  const back = rest === undefined ? [] : words(rest);
  const fill = 8 - tail.length / 2 - front.length - back.length;
  const all = [...front, ...Array<number>(rest === undefined ? 0 : fill).fill(0), ...back];
  return [...all.flatMap((w) => [w >> 8, w & 0xff]), ...tail];
}

/** The IPv4 address an IPv6 address carries, for the forms that route to it. */
function embeddedV4(b: number[]): number[] | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12); // ::ffff:a.b.c.d
  if (zeros(0, 12) && !zeros(12, 16)) return b.slice(12); // ::a.b.c.d (IPv4-compatible)
  if (inPrefix(b, [0, 0x64, 0xff, 0x9b], 96)) return b.slice(12); // 64:ff9b::/96 (NAT64)
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 2002::/16 (6to4)
  return null;
}

/** Why an address is refused, or null when a delivery may reach it. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) {
    const b = v4Bytes(address);
    return V4_REFUSED.find(([p, bits]) => inPrefix(b, p, bits))?.[2] ?? null;
  }
  if (family !== 6) return 'not an IP address';
  const b = v6Bytes(address);
  if (b.every((x) => x === 0)) return 'an unspecified address';
  if (b.slice(0, 15).every((x) => x === 0)) return null; // ::1, loopback
  if (inPrefix(b, v6Bytes('fd00:ec2::254'), 128)) return 'a cloud metadata address';
  const v4 = embeddedV4(b);
  if (v4) return refusedAddress(v4.join('.'));
  return V6_REFUSED.find(([p, bits]) => inPrefix(b, p, bits))?.[2] ?? null;
}

/** A host name or address literal as the URL parser gives it, without IPv6 brackets. */
export const bareHost = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/**
 * The URL rules that need no name lookup: absolute https, no user-info, no fragment. Answers the
 * parsed URL or the reason it is refused.
 */
export function checkUrlShape(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol !== 'https:') return 'must use https';
  if (url.username !== '' || url.password !== '') return 'must not carry user name or password';
  if (url.hash !== '') return 'must not carry a fragment';
  if (url.hostname === '') return 'must name a host';
  return url;
}

/** What resolves a host name (node:dns lookup with `all: true`; tests pass their own). */
export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

/**
 * The addresses a delivery to `url` may connect to: every address the host resolves to must be
 * allowed (one refused address refuses the host). Throws a reason string's Error otherwise.
 */
export async function allowedAddresses(
  url: URL,
  lookup: Lookup,
): Promise<{ address: string; family: number }[]> {
  const host = bareHost(url.hostname);
  const literal = isIP(host);
  let found: { address: string; family: number }[];
  if (literal) found = [{ address: host, family: literal }];
  else {
    try {
      found = await lookup(host);
    } catch {
      throw new AddressRefused('the host name does not resolve');
    }
  }
  if (found.length === 0) throw new AddressRefused('the host name does not resolve');
  for (const a of found) {
    const why = refusedAddress(a.address);
    if (why) throw new AddressRefused(`resolves to ${why}`);
  }
  return found;
}

export class AddressRefused extends Error {}
