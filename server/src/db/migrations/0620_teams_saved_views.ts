import type { Kysely } from 'kysely';

// Issue 21, saved views and teams (document 2; docs/saved-views.md): teams with their members,
// and the saved views of the incident queue and Activity Explorer. `name_key` is the name
// folded for the case-insensitive clash rules; `default_scope` is 'organisation' or the team id
// while a view is its scope's default, so one unique index holds one default per scope.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_name').unique().on('teams').columns(['tenant_id', 'name_key']).execute();
  await db.schema
    .createTable('team_members')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('team_members_user')
    .on('team_members')
    .columns(['tenant_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('surface', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('default_scope', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('saved_views_surface')
    .on('saved_views')
    .columns(['tenant_id', 'surface', 'visibility'])
    .execute();
  await db.schema
    .createIndex('saved_views_default')
    .unique()
    .on('saved_views')
    .columns(['tenant_id', 'surface', 'default_scope'])
    .execute();
}
