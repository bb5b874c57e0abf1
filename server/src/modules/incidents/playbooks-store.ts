import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentPlaybooksTable, IncidentPlaybookTicksTable } from './playbooks-tables.js';
import './playbooks-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function listPlaybooks(db: Db, tenantId: string) {
  return db
    .selectFrom('incident_playbooks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPlaybooks(db: Db, tenantId: string): Promise<number> {
  const r = await db
    .selectFrom('incident_playbooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findPlaybook(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('incident_playbooks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The enabled playbook for this policy (null: the default), other than `except`. */
export async function enabledFor(db: Db, tenantId: string, policyId: string | null, except?: string) {
  let q = db
    .selectFrom('incident_playbooks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', 1)
    .where('policy_id', policyId === null ? 'is' : '=', policyId);
  if (except !== undefined) q = q.where('id', '!=', except);
  return q.executeTakeFirst();
}

export async function insertPlaybook(db: Db, row: IncidentPlaybooksTable) {
  await db.insertInto('incident_playbooks').values(row).execute();
}

export async function updatePlaybook(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<Pick<IncidentPlaybooksTable, 'name' | 'policy_id' | 'enabled' | 'updated_at'>>,
) {
  await db
    .updateTable('incident_playbooks')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deletePlaybook(db: Db, tenantId: string, id: string) {
  await db.deleteFrom('incident_playbook_ticks').where('playbook_id', '=', id).execute();
  await db.deleteFrom('incident_playbooks').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function ticksOf(db: Db, incidentId: string, playbookId: string) {
  return db
    .selectFrom('incident_playbook_ticks')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .where('playbook_id', '=', playbookId)
    .execute();
}

export async function setTick(db: Db, row: IncidentPlaybookTicksTable) {
  await db
    .insertInto('incident_playbook_ticks')
    .values(row)
    .onConflict((oc) => oc.columns(['incident_id', 'playbook_id', 'step']).doNothing())
    .execute();
}

export async function clearTick(db: Db, incidentId: string, playbookId: string, step: number) {
  await db
    .deleteFrom('incident_playbook_ticks')
    .where('incident_id', '=', incidentId)
    .where('playbook_id', '=', playbookId)
    .where('step', '=', step)
    .execute();
}
