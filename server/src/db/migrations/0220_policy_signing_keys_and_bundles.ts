import { type Kysely, sql } from 'kysely';

// Per-tenant policy signing keys (sealed at rest) and the signed bundles agents fetch
// (document 1, Bundle; document 2, enrolment response `policy_signing_keys`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policy_signing_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('public_key_b64', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('not_after', 'text')
    .addColumn('retired_at', 'text')
    .execute();
  // One live key per tenant until rotation exists: a racing first use inserts once.
  await db.schema
    .createIndex('policy_signing_keys_one_live')
    .on('policy_signing_keys')
    .column('tenant_id')
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
  await db.schema
    .createTable('policy_bundles')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('required_capabilities', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('policy_bundles_pk', ['tenant_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_bundles').execute();
  await db.schema.dropTable('policy_signing_keys').execute();
}
