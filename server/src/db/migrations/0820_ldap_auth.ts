import type { Kysely } from 'kysely';

// Directory sign-in (document 3): the provider settings and the lockout counted by object GUID.
// Additive: new tables only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ldap_providers')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('credential_ref', 'text', (c) => c.notNull())
    .addColumn('ca_certificate', 'text')
    .addColumn('role_mappings', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('create_users', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ldap_lockouts')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('object_guid', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ldap_lockouts_pk', ['tenant_id', 'object_guid'])
    .execute();
}
