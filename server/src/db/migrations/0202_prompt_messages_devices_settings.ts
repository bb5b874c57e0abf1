import type { Kysely } from 'kysely';

// Prompt-message library (versions), approved-device inventory and the tenant's policy settings
// (notice language, help address, second-person rule) read by the bundle compiler (document 1).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompt_messages')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addPrimaryKeyConstraint('prompt_messages_pk', ['id', 'version'])
    .execute();
  await db.schema
    .createTable('approved_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('serial', 'text', (c) => c.notNull())
    // Serials compare without case (document 1, Conditions rule 7): one row per lower-cased serial.
    .addColumn('serial_key', 'text', (c) => c.notNull())
    .addColumn('device_class', 'text')
    .addColumn('label', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('approved_devices_serial', ['tenant_id', 'serial_key'])
    .execute();
  await db.schema
    .createTable('policy_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('notice_language', 'text', (c) => c.notNull())
    .addColumn('help_address', 'text')
    .addColumn('second_person_rule', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_settings').execute();
  await db.schema.dropTable('approved_devices').execute();
  await db.schema.dropTable('prompt_messages').execute();
}
