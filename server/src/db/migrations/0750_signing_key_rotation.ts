import { type Kysely, sql } from 'kysely';

// Policy signing key rotation (document 2, trust rotation; docs/signing-keys.md): a key's state
// (active signs bundles, incoming is trusted but does not sign yet, rotating is the replaced key
// still trusted, retired is gone from the trust set), the overlap revision a rotation started, and
// every signed trust revision an agent may still need to step through.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('policy_signing_keys')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('policy_signing_keys').addColumn('overlap_trust_version', 'integer').execute();
  await sql`update policy_signing_keys set state = 'retired' where retired_at is not null`.execute(db);
  await db.schema.dropIndex('policy_signing_keys_one_live').execute();
  // One signing key per tenant; an incoming and a rotating key live beside it.
  await db.schema
    .createIndex('policy_signing_keys_one_active')
    .on('policy_signing_keys')
    .column('tenant_id')
    .unique()
    .where(sql.ref('state'), '=', sql.lit('active'))
    .execute();
  await db.schema
    .createTable('policy_trust_revisions')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('key_ids', 'text', (c) => c.notNull())
    .addColumn('signer_key_id', 'text', (c) => c.notNull())
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('policy_trust_revisions_pk', ['tenant_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_trust_revisions').execute();
  await db.schema.dropIndex('policy_signing_keys_one_active').execute();
  await db.schema.alterTable('policy_signing_keys').dropColumn('overlap_trust_version').execute();
  await db.schema.alterTable('policy_signing_keys').dropColumn('state').execute();
  await db.schema
    .createIndex('policy_signing_keys_one_live')
    .on('policy_signing_keys')
    .column('tenant_id')
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
}
