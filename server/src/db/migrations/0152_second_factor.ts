import type { Kysely } from 'kysely';

// Second factor (document 3, Authentication): TOTP secret sealed under the factor key, the last
// accepted step (a code is accepted once), recovery codes as SHA-256 digests, and sign-in
// challenges (five minutes, five attempts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('recovery_codes_user')
    .on('recovery_codes')
    .columns(['user_id', 'digest'])
    .execute();
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('digest', 'text', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('second_factors').execute();
}
