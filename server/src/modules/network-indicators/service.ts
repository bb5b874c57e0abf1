import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError, type FieldError } from '../../http/errors.js';
import { type NetworkIndicators, replaceIndicators } from './store.js';

/** Limits of the indicator lists (designed here, docs/network-indicators.md). */
export const MAX_DNS_SUFFIXES = 50;
export const MAX_IP_RANGES = 500;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** `.Corp.Example.` → `corp.example`; `null` when it is not a DNS name. */
export function normaliseSuffix(raw: string): string | null {
  const s = raw.trim().toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (s.length === 0 || s.length > 253) return null;
  return s.split('.').every((l) => LABEL.test(l)) ? s : null;
}

/**
 * `10.0.0.0/8`, `2001:db8::/32`, or a bare address (one host). `null` when malformed or when it
 * would make every address corporate (a zero-length prefix).
 */
export function normaliseRange(raw: string): string | null {
  const [addr = '', prefix, extra] = raw.trim().toLowerCase().split('/');
  if (extra !== undefined) return null;
  const family = isIP(addr);
  if (family === 0) return null;
  const max = family === 4 ? 32 : 128;
  if (prefix === undefined) return `${addr}/${max}`;
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  if (bits < 1 || bits > max) return null;
  return `${addr}/${bits}`;
}

function normaliseList(
  field: string,
  values: readonly string[],
  max: number,
  one: (v: string) => string | null,
  what: string,
): { list: string[]; errors: FieldError[] } {
  if (values.length > max) return { list: [], errors: [{ field, message: `at most ${max} entries` }] };
  const errors: FieldError[] = [];
  const out = new Set<string>();
  values.forEach((v, i) => {
    const n = one(v);
    if (n === null) errors.push({ field: `${field}[${i}]`, message: what });
    else out.add(n);
  });
  return { list: [...out].sort(), errors };
}

/**
 * Validates and stores a complete replacement of the tenant's indicators. Entries are normalised,
 * de-duplicated and sorted; any bad entry refuses the whole request, naming its position.
 */
export async function setIndicators(
  db: Kysely<Database>,
  tenantId: string,
  body: { dns_suffixes: readonly string[]; ip_ranges: readonly string[] },
  by: string,
  now: Date,
): Promise<NetworkIndicators> {
  const dns = normaliseList(
    'dns_suffixes',
    body.dns_suffixes,
    MAX_DNS_SUFFIXES,
    normaliseSuffix,
    'must be a DNS suffix such as corp.example.com',
  );
  const ranges = normaliseList(
    'ip_ranges',
    body.ip_ranges,
    MAX_IP_RANGES,
    normaliseRange,
    'must be an address or a CIDR range with a prefix of at least 1 bit',
  );
  const errors = [...dns.errors, ...ranges.errors];
  if (errors.length > 0) throw new AppError('request.invalid', 'the request has invalid fields', errors);
  return replaceIndicators(db, tenantId, { dns_suffixes: dns.list, ip_ranges: ranges.list }, by, now);
}
