import type { Kysely } from 'kysely';

// The tenant's second-factor requirement (document 3: {required, since, grace_days}) and the
// kind of a sign-in challenge (second_factor, or enrol once the grace has passed). Additive.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('identity_settings')
    .addColumn('second_factor_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('identity_settings').addColumn('second_factor_since', 'text').execute();
  await db.schema
    .alterTable('identity_settings')
    .addColumn('second_factor_grace_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sign_in_challenges')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('second_factor'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sign_in_challenges').dropColumn('kind').execute();
  await db.schema.alterTable('identity_settings').dropColumn('second_factor_grace_days').execute();
  await db.schema.alterTable('identity_settings').dropColumn('second_factor_since').execute();
  await db.schema.alterTable('identity_settings').dropColumn('second_factor_required').execute();
}
