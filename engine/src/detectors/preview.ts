/**
 * Masked previews, produced only when a scan asks for them (issue 3: the raw value never leaves
 * the scanner otherwise). Separators are kept so the shape stays readable.
 */
function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127;
}

const MAX_PREVIEW = 40;

/**
 * Mask a matched value. Numbers and identifiers keep the first and last four characters when
 * at least twelve are present (`4111********1111`), the last two when six or more, none below.
 * Credentials of 16 or more characters keep only a four-character prefix, which names the token
 * type (`AKIA`, `ghp_`); shorter ones (passwords) are masked whole.
 * Whitespace runs become one space; previews are cut at 40 characters.
 */
export function maskValue(value: string, category: string): string {
  const flat = value.replace(/\s+/g, ' ');
  let total = 0;
  for (let i = 0; i < flat.length; i++) if (isAlnum(flat.charCodeAt(i))) total++;
  const credential = category === 'credentials';
  const keepHead = credential ? (total >= 16 ? 4 : 0) : total >= 12 ? 4 : 0;
  const keepTail = credential ? 0 : total >= 12 ? 4 : total >= 6 ? 2 : 0;
  let seen = 0;
  let out = '';
  for (let i = 0; i < flat.length && out.length < MAX_PREVIEW; i++) {
    const c = flat.charCodeAt(i);
    if (!isAlnum(c)) {
      out += credential && seen >= keepHead ? '*' : flat[i];
      continue;
    }
    seen++;
    out += seen <= keepHead || seen > total - keepTail ? flat[i] : '*';
  }
  return out.length < flat.length ? `${out.slice(0, MAX_PREVIEW - 1)}…` : out;
}
