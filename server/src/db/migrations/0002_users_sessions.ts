import type { Kysely } from 'kysely';

// Accounts and sessions (document 3, Accounts and roles; Authentication). Only hashes of
// session tokens and invitations are stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('custom_role_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('department', 'text')
    .addColumn('federated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('invitation_hash', 'text')
    .addColumn('invitation_expires_at', 'text')
    .addColumn('last_login_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_tenant_email_unique', ['tenant_id', 'email'])
    .execute();
  await db.schema.createIndex('users_invitation_hash').on('users').column('invitation_hash').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('auth_method', 'text', (c) => c.notNull())
    .addColumn('source_ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_activity_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['tenant_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
