/** Address and CIDR checks for connection destinations (never hostnames). Plain JS, no node:net. */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

export function isIPv6(value: string): boolean {
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return false;
  try {
    // The WHATWG URL parser implements the full IPv6 grammar (compression, embedded IPv4).
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
}

/** An IPv4/IPv6 address or a CIDR range with a prefix length in range for its family. */
export function isAddressOrCidr(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return isIPv4(value) || isIPv6(value);
  const addr = value.slice(0, slash);
  const prefix = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const n = Number(prefix);
  if (isIPv4(addr)) return n <= 32;
  if (isIPv6(addr)) return n <= 128;
  return false;
}
