import type { Kysely } from 'kysely';

// Agent releases and the update rollout by endpoint group (document 2, Agent installation and
// rollout; docs/agent-updates.md). A release row is per tenant: the package file is shared (named
// by its SHA-256 in <data>/releases/), the signature is the tenant's own policy signing key's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('signature_b64', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('agent_releases_version_platform', ['tenant_id', 'version', 'platform'])
    .execute();
  await db.schema
    .createTable('agent_rollout_rules')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    // null: the group is pinned (its agents keep the version they run).
    .addColumn('version', 'text')
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_rollout_rules_pk', ['tenant_id', 'group_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_rollout_rules').execute();
  await db.schema.dropTable('agent_releases').execute();
}
