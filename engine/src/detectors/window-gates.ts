/**
 * Window gates of catalogue patterns (DetectorPattern.window_gate; issue 24: speed): a cheap test
 * over a window's slice that every slice holding a match passes, so the scanner can leave the
 * regular expression out where the gate refuses. A gate must never refuse a slice with a match
 * (window-gates.test.ts and the differential scan test check it against the pattern).
 */

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function isAlnumColonDot(c: number): boolean {
  return (c >= 48 && c <= 58) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46;
}

/**
 * The start of an IPv6 text form: up to four hex digits, not preceded by a letter, digit, `:` or
 * `.`, then a `:` — the IPv6 pattern's `(?<![0-9A-Za-z:.])(?:[0-9A-Fa-f]{0,4}:){2,…}` cannot
 * begin anywhere else. C++'s `std::vector` or a `host:port` after a word has none.
 */
function hexColonStart(slice: string): boolean {
  for (let c = slice.indexOf(':'); c >= 0; c = slice.indexOf(':', c + 1)) {
    for (let s = c; s >= 0 && c - s <= 4; s--) {
      if (s < c && !isHex(slice.charCodeAt(s))) break;
      if (s === 0 || !isAlnumColonDot(slice.charCodeAt(s - 1))) return true;
    }
  }
  return false;
}

/** An international phone number starts with `+` or `00`. */
function plusOr00(slice: string): boolean {
  return slice.includes('+') || slice.includes('00');
}

export const WINDOW_GATES = {
  hex_colon_start: hexColonStart,
  plus_or_00: plusOr00,
} as const satisfies Record<string, (slice: string) => boolean>;

export type WindowGateId = keyof typeof WINDOW_GATES;
