import type { Kysely } from 'kysely';

// Issue 16 (docs/incidents.md, Priority and risk): risk scoring counts a person's justified passes
// over 30 days (document 1 rule 10, `bypass_attempts`); it reads the tenant's answers by time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('event_person_prompts_tenant_time')
    .on('event_person_prompts')
    .columns(['tenant_id', 'occurred_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_person_prompts_tenant_time').execute();
}
