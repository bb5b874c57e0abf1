import type { Kysely } from 'kysely';

// Tenant network indicators (document 1, Conditions rule 6): the facts an endpoint compares its
// own network with to decide whether it is on the corporate network, on a VPN or off it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('network_indicators')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('dns_suffixes', 'text', (c) => c.notNull())
    .addColumn('ip_ranges', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('network_indicators').execute();
}
