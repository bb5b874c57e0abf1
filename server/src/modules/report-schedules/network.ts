import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Lookup } from './address-rules.js';
import { defaultLookup } from './delivery.js';

/**
 * The name resolver deliveries use, per app (the system resolver unless a test points the app at
 * its own lookup: docs/report-schedules.md, Testing). Keyed by the app's database handle, so two
 * apps in one process never share it.
 */
const lookups = new WeakMap<Kysely<Database>, Lookup>();

export function lookupOf(db: Kysely<Database>): Lookup {
  return lookups.get(db) ?? defaultLookup;
}

/** Points one app's deliveries at another resolver (tests: a name that resolves to fe80::1). */
export function useDeliveryLookup(db: Kysely<Database>, lookup: Lookup): void {
  lookups.set(db, lookup);
}

/** Each app's scheduler pass, for tests that run one at a chosen clock time. */
export const passes = new WeakMap<Kysely<Database>, () => Promise<void>>();
