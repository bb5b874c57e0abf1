import { ipv4Valid } from './ipv4.js';

/**
 * IPv6 text form (RFC 4291 §2.2): eight 1–4 digit hex groups, at most one `::` standing for one
 * or more zero groups, optionally ending in a dotted IPv4 address worth two groups.
 */
export function ipv6Valid(value: string): boolean {
  const v = value.toLowerCase();
  const doubleAt = v.indexOf('::');
  if (doubleAt !== -1 && v.indexOf('::', doubleAt + 1) !== -1) return false;
  const groups = (text: string): string[] | undefined => (text === '' ? [] : text.split(':'));
  const head = doubleAt === -1 ? groups(v) : groups(v.slice(0, doubleAt));
  const tail = doubleAt === -1 ? [] : groups(v.slice(doubleAt + 2));
  if (!head || !tail) return false;
  const all = [...head, ...tail];
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    const g = all[i]!;
    if (i === all.length - 1 && g.includes('.')) {
      if (!ipv4Valid(g)) return false;
      count += 2;
    } else if (/^[0-9a-f]{1,4}$/.test(g)) count += 1;
    else return false;
  }
  return doubleAt === -1 ? count === 8 : count <= 7;
}
