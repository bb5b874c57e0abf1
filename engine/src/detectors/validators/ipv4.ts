/** Dotted-quad IPv4: four decimal octets 0–255 without leading zeros. */
export function ipv4Valid(value: string): boolean {
  let parts = 0;
  let octet = 0;
  let width = 0;
  let leadingZero = false;
  for (let i = 0; i <= value.length; i++) {
    const c = i < value.length ? value.charCodeAt(i) : 46;
    if (c === 46) {
      // End of an octet: 1–3 digits, at most 255, no leading zero.
      if (width === 0 || octet > 255 || (leadingZero && width > 1)) return false;
      parts++;
      octet = 0;
      width = 0;
      continue;
    }
    if (c < 48 || c > 57 || width === 3) return false;
    if (width === 0) leadingZero = c === 48;
    octet = octet * 10 + (c - 48);
    width++;
  }
  return parts === 4;
}
