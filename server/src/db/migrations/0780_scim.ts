import { type Kysely, sql } from 'kysely';

// SCIM 2.0 provisioning (document 3, Provisioning): tokens, provisioned users and groups.
// Additive: new tables only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('scim_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('user_name_key', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('formatted_name', 'text')
    .addColumn('emails', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('closed_by_scim', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await db.schema
    .createIndex('scim_users_live_name')
    .on('scim_users')
    .columns(['tenant_id', 'user_name_key'])
    .unique()
    .where(sql.ref('released_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('scim_users_live_account')
    .on('scim_users')
    .columns(['tenant_id', 'user_id'])
    .unique()
    .where(sql.ref('released_at'), 'is', null)
    .execute();
  await db.schema
    .createTable('scim_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scim_groups_tenant').on('scim_groups').columns(['tenant_id']).execute();
  await db.schema
    .createTable('scim_group_members')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('scim_groups.id'))
    .addColumn('scim_user_id', 'text', (c) => c.notNull().references('scim_users.id'))
    .addPrimaryKeyConstraint('scim_group_members_pk', ['group_id', 'scim_user_id'])
    .execute();
  await db.schema
    .createIndex('scim_group_members_user')
    .on('scim_group_members')
    .columns(['tenant_id', 'scim_user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['scim_group_members', 'scim_groups', 'scim_users', 'scim_tokens'])
    await db.schema.dropTable(t).execute();
}
