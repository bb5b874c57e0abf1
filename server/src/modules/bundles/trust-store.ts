import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { firstRow, prepared } from '../../db/prepared.js';
import type { PolicySigningKeysTable, PolicyTrustRevisionsTable, SigningKeyState } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The tenant's keys in every state, oldest first (the signing keys page). */
export function listKeysAnyState(db: Db, tenantId: string): Promise<PolicySigningKeysTable[]> {
  return db
    .selectFrom('policy_signing_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('key_id')
    .execute();
}

export function findKey(
  db: Db,
  tenantId: string,
  keyId: string,
): Promise<PolicySigningKeysTable | undefined> {
  return db
    .selectFrom('policy_signing_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('key_id', '=', keyId)
    .executeTakeFirst();
}

export async function insertKey(db: Db, row: PolicySigningKeysTable): Promise<void> {
  await db.insertInto('policy_signing_keys').values(row).execute();
}

/** Moves a key from one state to another; false when it was not in `from` (a racing change won). */
export async function moveKeyState(
  db: Db,
  tenantId: string,
  keyId: string,
  from: SigningKeyState,
  patch: Partial<
    Pick<PolicySigningKeysTable, 'state' | 'overlap_trust_version' | 'retired_at' | 'private_key_sealed'>
  >,
): Promise<boolean> {
  const r = await db
    .updateTable('policy_signing_keys')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('key_id', '=', keyId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function latestTrustRevision(
  db: Db,
  tenantId: string,
): Promise<PolicyTrustRevisionsTable | undefined> {
  return db
    .selectFrom('policy_trust_revisions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The first revision above `version`: an agent steps through revisions one at a time. */
export async function trustRevisionAfter(
  db: Db,
  tenantId: string,
  version: number,
): Promise<PolicyTrustRevisionsTable | undefined> {
  return firstRow(await revisionAfter(db, tenantId, version));
}

const revisionAfter = prepared('bundles.trustRevisionAfter', (db: Db, tenantId: string, version: number) =>
  db
    .selectFrom('policy_trust_revisions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('version', '>', version)
    .orderBy('version')
    .limit(1),
);

export async function insertTrustRevision(db: Db, row: PolicyTrustRevisionsTable): Promise<void> {
  await db.insertInto('policy_trust_revisions').values(row).execute();
}
