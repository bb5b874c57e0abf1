import { AppError } from '../../http/errors.js';

/**
 * Document 3: only `attribute eq "value"` filters, on the attributes named per resource. Anything
 * else (other operators, and/or, value paths, other attributes) is 400 invalidFilter (RFC 7644).
 */
const EQ = /^\s*([A-Za-z][A-Za-z0-9_.:$-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;
const MAX_FILTER = 512;

export function parseEqFilter<A extends string>(
  filter: string | undefined,
  allowed: readonly A[],
): { attribute: A; value: string } | null {
  if (filter === undefined || filter.trim() === '') return null;
  const refused = new AppError(
    'scim.invalid_filter',
    `only attribute eq "value" filters on ${allowed.join(', ')} are supported`,
  );
  if (filter.length > MAX_FILTER) throw refused;
  const m = EQ.exec(filter);
  if (!m) throw refused;
  const attribute = allowed.find((a) => a.toLowerCase() === m[1]!.toLowerCase());
  if (!attribute) throw refused;
  let value: string;
  try {
    value = JSON.parse(`"${m[2]!}"`) as string;
  } catch {
    throw refused;
  }
  return { attribute, value };
}

/** RFC 7644 section 3.4.2.4: startIndex below 1 is 1; count below 0 is 0; at most MAX_COUNT. */
export const MAX_COUNT = 200;
export function paging(startIndex: number | undefined, count: number | undefined) {
  const start = Math.max(1, startIndex ?? 1);
  const limit = Math.min(MAX_COUNT, Math.max(0, count ?? MAX_COUNT));
  return { start, offset: start - 1, limit };
}
