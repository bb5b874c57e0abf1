/** Dotted-quad IPv4: four decimal octets 0–255 without leading zeros. */
export function ipv4Valid(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 4) return false;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0') || Number(p) > 255) return false;
  }
  return true;
}
