import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';
import { firstRow, prepared } from '../../db/prepared.js';

export interface NetworkIndicators {
  revision: number;
  dns_suffixes: string[];
  ip_ranges: string[];
  updated_at: string | null;
}

export const NO_INDICATORS: NetworkIndicators = {
  revision: 0,
  dns_suffixes: [],
  ip_ranges: [],
  updated_at: null,
};

const indicatorsRow = prepared('network-indicators.row', (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('network_indicators').selectAll().where('tenant_id', '=', tenantId),
);

export async function findIndicators(db: Kysely<Database>, tenantId: string): Promise<NetworkIndicators> {
  const row = firstRow(await indicatorsRow(db, tenantId));
  if (!row) return { ...NO_INDICATORS };
  return {
    revision: row.revision,
    dns_suffixes: JSON.parse(row.dns_suffixes) as string[],
    ip_ranges: JSON.parse(row.ip_ranges) as string[],
    updated_at: row.updated_at,
  };
}

/** Replaces the tenant's indicators with a revision one higher than the stored one. */
export async function replaceIndicators(
  db: Kysely<Database>,
  tenantId: string,
  lists: { dns_suffixes: string[]; ip_ranges: string[] },
  by: string,
  now: Date,
): Promise<NetworkIndicators> {
  return db.transaction().execute(async (trx) => {
    const before = await findIndicators(trx, tenantId);
    const row = {
      tenant_id: tenantId,
      revision: before.revision + 1,
      dns_suffixes: JSON.stringify(lists.dns_suffixes),
      ip_ranges: JSON.stringify(lists.ip_ranges),
      updated_by: by,
      updated_at: now.toISOString(),
    };
    await trx
      .insertInto('network_indicators')
      .values(row)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(row))
      .execute();
    return { revision: row.revision, ...lists, updated_at: row.updated_at };
  });
}
