import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { findAgentGroups } from '../agents/public.js';
import type { EnrollmentTokensTable } from './tables.js';

/** A token with the name and retirement of its endpoint group (agents owns `agent_groups`). */
export type TokenRow = EnrollmentTokensTable & { group_name: string | null; group_retired_at: string | null };

/** The tenant's tokens with their groups, read through agents' public functions in one query. */
export async function withGroups(
  db: Kysely<Database>,
  tenantId: string,
  rows: readonly EnrollmentTokensTable[],
): Promise<TokenRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.group_id ? [r.group_id] : [])))];
  const groups = await findAgentGroups(db, tenantId, ids);
  return rows.map((r) => {
    const g = r.group_id ? groups.get(r.group_id) : undefined;
    return { ...r, group_name: g?.name ?? null, group_retired_at: g?.retired_at ?? null };
  });
}

/** One token (any tenant: a token found by its hash brings its own) with its group. */
export async function withGroup(
  db: Kysely<Database>,
  row: EnrollmentTokensTable | undefined,
): Promise<TokenRow | undefined> {
  return row ? (await withGroups(db, row.tenant_id, [row]))[0] : undefined;
}
