import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentLinksTable } from './links-tables.js';
import './links-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The stored order of an undirected pair: the smaller id first. */
export function pairOf(a: string, b: string): { low_id: string; high_id: string } {
  return a < b ? { low_id: a, high_id: b } : { low_id: b, high_id: a };
}

/** The tenant's incident id behind an INC reference (case-insensitive); scope is checked after. */
export async function idOfReference(db: Db, tenantId: string, reference: string) {
  const r = await db
    .selectFrom('incidents')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reference', '=', reference.toUpperCase())
    .executeTakeFirst();
  return r?.id ?? null;
}

export async function findLink(db: Db, a: string, b: string) {
  const { low_id, high_id } = pairOf(a, b);
  return db
    .selectFrom('incident_links')
    .selectAll()
    .where('low_id', '=', low_id)
    .where('high_id', '=', high_id)
    .executeTakeFirst();
}

export async function countLinks(db: Db, incidentId: string): Promise<number> {
  const r = await db
    .selectFrom('incident_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('low_id', '=', incidentId), eb('high_id', '=', incidentId)]))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertLink(db: Db, row: IncidentLinksTable): Promise<void> {
  await db.insertInto('incident_links').values(row).execute();
}

export async function deleteLink(db: Db, a: string, b: string): Promise<void> {
  const { low_id, high_id } = pairOf(a, b);
  await db.deleteFrom('incident_links').where('low_id', '=', low_id).where('high_id', '=', high_id).execute();
}

/** A link is a write to both rows: each one's row_version moves on (document 2, Row fields). */
export async function bumpRowVersions(db: Db, ids: string[], now: Date): Promise<void> {
  await db
    .updateTable('incidents')
    .set({ row_version: sql`row_version + 1`, updated_at: now.toISOString() })
    .where('id', 'in', ids)
    .execute();
}

/**
 * The incidents linked to this one that the caller may open (group scope applied), newest link
 * first; at most `limit` (an incident holds at most LINK_LIMIT links).
 */
export async function linkedIncidents(
  db: Db,
  tenantId: string,
  incidentId: string,
  groupScope: readonly string[] | null,
  limit: number,
) {
  if (groupScope !== null && groupScope.length === 0) return [];
  let q = db
    .selectFrom('incident_links as l')
    .innerJoin('incidents as i', (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([eb('l.low_id', '=', incidentId), eb('i.id', '=', eb.ref('l.high_id'))]),
          eb.and([eb('l.high_id', '=', incidentId), eb('i.id', '=', eb.ref('l.low_id'))]),
        ]),
      ),
    )
    .select([
      'i.id',
      'i.reference',
      'i.title',
      'i.severity',
      'i.status',
      'l.note',
      'l.created_by_email',
      'l.created_at',
    ])
    .where('i.tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('l.low_id', '=', incidentId), eb('l.high_id', '=', incidentId)]));
  if (groupScope !== null) q = q.where('i.group_id', 'in', [...groupScope]);
  return q.orderBy('l.created_at', 'desc').orderBy('i.id').limit(limit).execute();
}
