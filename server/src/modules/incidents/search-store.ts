import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { likePrefix, prefixEnd } from '../../ports/search-hit.js';
import { noticeReferenceIncidentIds } from '../agent-events/public.js';
import './tables.js';

/** What a search hit shows of an incident: never its title, file names or matched values. */
export interface IncidentSearchRow {
  id: string;
  reference: string;
  hostname: string | null;
  username: string | null;
  severity: string;
  status: string;
  last_seen_at: string;
}

export interface IncidentSearchTerms {
  tenantId: string;
  /** An incident number (from `INC-123` or `123`), or null. */
  number: number | null;
  /** The lower-cased start of a host or user name. */
  prefix: string;
  /** Whether the user name is searched (not while the tenant hides names). */
  byUsername: boolean;
  /** An upper-cased six-character notice reference, or null. */
  notice: string | null;
  /** Endpoint groups a scoped role may see; null = tenant-wide. */
  groupScope: readonly string[] | null;
  limit: number;
}

type Term = (eb: ExpressionBuilder<Database, 'incidents'>) => Expression<SqlBool>;

function startsWith(column: 'hostname' | 'username', prefix: string): Term {
  // The range lets the (tenant, lower(column)) index of migration 0800 serve the probe; the LIKE
  // keeps the literal meaning wherever a collation orders text differently.
  const lowered = sql<string>`lower(${sql.ref(`incidents.${column}`)})`;
  return (eb) =>
    eb.and([
      eb(lowered, '>=', prefix),
      eb(lowered, '<', prefixEnd(prefix)),
      eb(lowered, 'like', sql<string>`${likePrefix(prefix)} escape '\\'`),
    ]);
}

/**
 * GET /search's incident probes (docs/search.md): each field is one index probe of at most
 * `limit` rows; the caller merges them. Scoped roles only reach their endpoint groups' incidents.
 */
export async function incidentSearchRows(
  db: Kysely<Database>,
  t: IncidentSearchTerms,
): Promise<IncidentSearchRow[]> {
  if (t.groupScope !== null && t.groupScope.length === 0) return [];
  const terms: Term[] = [startsWith('hostname', t.prefix)];
  if (t.byUsername) terms.push(startsWith('username', t.prefix));
  if (t.number !== null) {
    const n = t.number;
    terms.push((eb) => eb('incidents.number', '=', n));
  }
  if (t.notice !== null) {
    // The notice reference's own index first: an IN over a handful of ids, never a table scan.
    const ids = await noticeReferenceIncidentIds(db, t.tenantId, t.notice, t.limit * 4);
    if (ids.length > 0) terms.push((eb) => eb('incidents.id', 'in', ids));
  }
  const out: IncidentSearchRow[] = [];
  for (const term of terms) {
    let q = db
      .selectFrom('incidents')
      .select(['id', 'reference', 'hostname', 'username', 'severity', 'status', 'last_seen_at'])
      .where('incidents.tenant_id', '=', t.tenantId)
      .where(term);
    if (t.groupScope !== null) q = q.where('incidents.group_id', 'in', [...t.groupScope]);
    out.push(...(await q.limit(t.limit).execute()));
  }
  return out;
}
