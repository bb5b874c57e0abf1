import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AgentReleasesTable, AgentRolloutRulesTable } from './tables.js';
import './tables.js';
import { firstRow, prepared } from '../../db/prepared.js';

/** Inserts a release unless the tenant has that (version, platform) already; true when inserted. */
export async function insertReleaseIfNone(db: Kysely<Database>, row: AgentReleasesTable): Promise<boolean> {
  const result = await db
    .insertInto('agent_releases')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'version', 'platform']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findReleaseByVersion(
  db: Kysely<Database>,
  tenantId: string,
  version: string,
  platform: string,
): Promise<AgentReleasesTable | undefined> {
  return db
    .selectFrom('agent_releases')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('version', '=', version)
    .where('platform', '=', platform)
    .executeTakeFirst();
}

export function findRelease(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<AgentReleasesTable | undefined> {
  return db
    .selectFrom('agent_releases')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listReleases(db: Kysely<Database>, tenantId: string): Promise<AgentReleasesTable[]> {
  return db
    .selectFrom('agent_releases')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('version', 'desc')
    .orderBy('platform')
    .execute();
}

export function listRolloutRules(db: Kysely<Database>, tenantId: string): Promise<AgentRolloutRulesTable[]> {
  return db
    .selectFrom('agent_rollout_rules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('group_id')
    .execute();
}

export async function findRolloutRule(
  db: Kysely<Database>,
  tenantId: string,
  groupId: string,
): Promise<AgentRolloutRulesTable | undefined> {
  return firstRow(await rolloutRule(db, tenantId, groupId));
}

const rolloutRule = prepared(
  'agent-updates.rolloutRule',
  (db: Kysely<Database>, tenantId: string, groupId: string) =>
    db
      .selectFrom('agent_rollout_rules')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('group_id', '=', groupId),
);

/** Replaces the tenant's whole rollout in one transaction. */
export async function replaceRolloutRules(
  db: Kysely<Database>,
  tenantId: string,
  rules: readonly AgentRolloutRulesTable[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('agent_rollout_rules').where('tenant_id', '=', tenantId).execute();
    if (rules.length > 0)
      await trx
        .insertInto('agent_rollout_rules')
        .values([...rules])
        .execute();
  });
}

/** A release signed again by the tenant's live key (after a key rotation). */
export async function updateReleaseSignature(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  signature: { signature_b64: string; key_id: string },
): Promise<void> {
  await db
    .updateTable('agent_releases')
    .set(signature)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
