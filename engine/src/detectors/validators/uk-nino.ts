import { alnumUpper } from './normalise.js';

/** Prefixes HMRC never allocates. */
const UNUSED_PREFIXES = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);

/**
 * UK National Insurance number: two prefix letters (first not D F I Q U V, second not
 * D F I O Q U V, not an unallocated pair), six digits, suffix A–D.
 */
export function ukNinoValid(value: string): boolean {
  const v = alnumUpper(value);
  if (!/^[A-Z]{2}\d{6}[A-D]$/.test(v)) return false;
  const first = v[0]!;
  const second = v[1]!;
  if ('DFIQUV'.includes(first) || 'DFIOQUV'.includes(second)) return false;
  return !UNUSED_PREFIXES.has(v.slice(0, 2));
}
