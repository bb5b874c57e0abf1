import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PromptMessagesTable } from './tables.js';

/** The current (highest) version of every prompt message of the tenant. */
export async function currentMessages(
  db: Kysely<Database>,
  tenantId: string,
): Promise<PromptMessagesTable[]> {
  const rows = await db
    .selectFrom('prompt_messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .orderBy('version')
    .execute();
  const latest = new Map<string, PromptMessagesTable>();
  for (const r of rows) latest.set(r.id, r);
  return [...latest.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function currentMessage(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<PromptMessagesTable | undefined> {
  return db
    .selectFrom('prompt_messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertMessage(db: Kysely<Database>, row: PromptMessagesTable): Promise<void> {
  await db.insertInto('prompt_messages').values(row).execute();
}

export async function retireMessage(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('prompt_messages')
    .set({ retired_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
