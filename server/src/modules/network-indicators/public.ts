import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { findIndicators } from './store.js';

/** What endpoints receive at check-in: the lists and their revision (docs/network-indicators.md). */
export interface IndicatorsForAgents {
  revision: number;
  dns_suffixes: string[];
  ip_ranges: string[];
}

export async function indicatorsForAgents(
  db: Kysely<Database>,
  tenantId: string,
): Promise<IndicatorsForAgents> {
  const { revision, dns_suffixes, ip_ranges } = await findIndicators(db, tenantId);
  return { revision, dns_suffixes, ip_ranges };
}
