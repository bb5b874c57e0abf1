import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PoliciesTable, PolicyVersionsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function nextNumberAndPosition(
  db: Db,
  tenantId: string,
): Promise<{ number: number; position: number }> {
  const row = await db
    .selectFrom('policies')
    .select((eb) => [eb.fn.max('number').as('n'), eb.fn.max('position').as('p')])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return { number: Number(row?.n ?? 0) + 1, position: Number(row?.p ?? 0) + 1 };
}

export async function insertPolicy(db: Db, row: PoliciesTable): Promise<void> {
  await db.insertInto('policies').values(row).execute();
}

export async function insertVersion(db: Db, row: PolicyVersionsTable): Promise<void> {
  await db.insertInto('policy_versions').values(row).execute();
}

export async function findPolicy(db: Db, tenantId: string, id: string): Promise<PoliciesTable | undefined> {
  return db
    .selectFrom('policies')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listPolicies(db: Db, tenantId: string): Promise<PoliciesTable[]> {
  return db
    .selectFrom('policies')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('position')
    .execute();
}

export async function listVersions(
  db: Db,
  tenantId: string,
  policyId: string,
): Promise<PolicyVersionsTable[]> {
  return db
    .selectFrom('policy_versions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('policy_id', '=', policyId)
    .orderBy('version')
    .execute();
}

export async function listTenantVersions(db: Db, tenantId: string): Promise<PolicyVersionsTable[]> {
  return db.selectFrom('policy_versions').selectAll().where('tenant_id', '=', tenantId).execute();
}

export async function setVersionStatus(
  db: Db,
  tenantId: string,
  versionId: string,
  fields: Partial<Pick<PolicyVersionsTable, 'status' | 'submitted_by' | 'approved_by' | 'published_by'>> & {
    updated_at: string;
  },
): Promise<void> {
  await db
    .updateTable('policy_versions')
    .set(fields)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', versionId)
    .execute();
}

export async function setPolicyDisabled(
  db: Db,
  tenantId: string,
  id: string,
  disabled: boolean,
): Promise<void> {
  await db
    .updateTable('policies')
    .set({ disabled: disabled ? 1 : 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setPolicyPosition(
  db: Db,
  tenantId: string,
  id: string,
  position: number,
): Promise<void> {
  await db
    .updateTable('policies')
    .set({ position })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setPolicyGroup(
  db: Db,
  tenantId: string,
  id: string,
  group: string | null,
): Promise<void> {
  await db
    .updateTable('policies')
    .set({ group_name: group })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
