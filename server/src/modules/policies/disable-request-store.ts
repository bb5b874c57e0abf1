import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PolicyDisableRequestsTable } from './tables.js';

/** SQL for `policy_disable_requests` (document 1: disabling a live policy under two-person approval). */

type Db = Kysely<Database> | Transaction<Database>;

/** A newer request supersedes the pending one of the policy. */
export async function supersedePendingDisable(db: Db, tenantId: string, policyId: string, now: Date) {
  await db
    .updateTable('policy_disable_requests')
    .set({ status: 'superseded', decided_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('policy_id', '=', policyId)
    .where('status', '=', 'pending')
    .execute();
}

export async function insertDisableRequest(db: Db, row: PolicyDisableRequestsTable): Promise<void> {
  await db.insertInto('policy_disable_requests').values(row).execute();
}

export async function findDisableRequest(db: Db, tenantId: string, policyId: string, id: string) {
  return db
    .selectFrom('policy_disable_requests')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('policy_id', '=', policyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Decides a request that is still pending (a decided one stays as it is). */
export async function decideDisableRequest(
  db: Db,
  tenantId: string,
  id: string,
  decision: { status: string; decidedBy: string; at: Date },
): Promise<void> {
  await db
    .updateTable('policy_disable_requests')
    .set({ status: decision.status, decided_by: decision.decidedBy, decided_at: decision.at.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Ids of the tenant's policies with a pending disable request. */
export async function policiesWithPendingDisable(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('policy_disable_requests')
    .select('policy_id')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .execute();
  return new Set(rows.map((r) => r.policy_id));
}

/** The tenant's pending disable requests, oldest first, with the requester's e-mail address. */
export async function pendingDisablesWithRequester(db: Db, tenantId: string) {
  return db
    .selectFrom('policy_disable_requests as r')
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'r.requested_by').onRef('u.tenant_id', '=', 'r.tenant_id'),
    )
    .selectAll('r')
    .select('u.email as requester_email')
    .where('r.tenant_id', '=', tenantId)
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at')
    .execute();
}
