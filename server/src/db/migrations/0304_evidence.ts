import type { Kysely } from 'kysely';

// Evidence copies sealed under a tenant key (document 2, evidence upload and withheld notices).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('evidence_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('incident_id', 'text')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('blake3', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('stored_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    // Event ids are unique per device (migration 0302).
    .addUniqueConstraint('evidence_files_event_unique', ['device_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('evidence_files_tenant')
    .on('evidence_files')
    .columns(['tenant_id', 'state'])
    .execute();
  await db.schema
    .createTable('evidence_withheld')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('evidence_withheld_pk', ['device_id', 'event_id', 'reason'])
    .execute();
  await db.schema
    .createTable('evidence_keys')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('evidence_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('cap_bytes', 'bigint', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['evidence_settings', 'evidence_keys', 'evidence_withheld', 'evidence_files']) {
    await db.schema.dropTable(t).execute();
  }
}
