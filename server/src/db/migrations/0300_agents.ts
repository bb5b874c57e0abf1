import type { Kysely } from 'kysely';

// Endpoint groups, devices, queued commands, the per-tenant device CA and the nonce cache
// (document 2: enrolment, signed agent requests, check-in).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addUniqueConstraint('agent_groups_tenant_name_unique', ['tenant_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('group_id', 'text', (c) => c.references('agent_groups.id'))
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('os_version', 'text', (c) => c.notNull())
    .addColumn('agent_version', 'text', (c) => c.notNull())
    .addColumn('hardware_id', 'text', (c) => c.notNull())
    .addColumn('public_key_b64', 'text', (c) => c.notNull())
    .addColumn('signature_algorithm', 'text', (c) => c.notNull())
    .addColumn('key_protection', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addColumn('capabilities', 'text', (c) => c.notNull())
    .addColumn('health', 'text', (c) => c.notNull())
    .addColumn('bundle_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('policy_trust_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('certificate_serial', 'text', (c) => c.notNull())
    .addColumn('certificate_expires_at', 'text', (c) => c.notNull())
    .addColumn('stored_events', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota_episode', 'text')
    .execute();
  await db.schema
    .createIndex('devices_tenant_status')
    .on('devices')
    .columns(['tenant_id', 'status'])
    .execute();
  await db.schema
    .createIndex('devices_tenant_group')
    .on('devices')
    .columns(['tenant_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('agent_commands')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('collected_at', 'text')
    .execute();
  await db.schema
    .createIndex('agent_commands_pending')
    .on('agent_commands')
    .columns(['device_id', 'collected_at'])
    .execute();

  await db.schema
    .createTable('device_cas')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agent_nonces')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_nonces_pk', ['device_id', 'nonce'])
    .execute();
  await db.schema.createIndex('agent_nonces_expiry').on('agent_nonces').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['agent_nonces', 'device_cas', 'agent_commands', 'devices', 'agent_groups']) {
    await db.schema.dropTable(t).execute();
  }
}
