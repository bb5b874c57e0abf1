import type { Kysely } from 'kysely';

// Incidents raised by correlation (document 1 rule 8; document 2, Incident).
export async function up(db: Kysely<unknown>): Promise<void> {
  let t = db.schema
    .createTable('incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('row_version', 'integer', (c) => c.notNull())
    .addColumn('correlation_key', 'text')
    .addColumn('action_kind', 'text', (c) => c.notNull())
    .addColumn('policy_id', 'text')
    .addColumn('policy_name', 'text')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text');
  for (const name of ['hostname', 'username']) t = t.addColumn(name, 'text');
  t = t
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text')
    .addColumn('file_path', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_size_bytes', 'bigint')
    .addColumn('policy_version', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('requested_action', 'text', (c) => c.notNull())
    .addColumn('evaluated_offline', 'integer', (c) => c.notNull())
    .addColumn('superseded_policy_ids', 'text', (c) => c.notNull())
    .addColumn('synthetic', 'integer', (c) => c.notNull())
    .addColumn('synthetic_by', 'text')
    .addColumn('event_count', 'integer', (c) => c.notNull())
    .addColumn('match_count', 'integer', (c) => c.notNull())
    .addColumn('risk_score', 'integer', (c) => c.notNull())
    .addColumn('priority_score', 'integer', (c) => c.notNull())
    .addColumn('assignee_id', 'text')
    .addColumn('assignee_email', 'text')
    .addColumn('disposition', 'text')
    .addColumn('resolution', 'text')
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addUniqueConstraint('incidents_tenant_number_unique', ['tenant_id', 'number']);
  await t.execute();
  await db.schema
    .createIndex('incidents_key')
    .on('incidents')
    .columns(['tenant_id', 'correlation_key', 'status'])
    .execute();
  await db.schema
    .createIndex('incidents_tenant_created')
    .on('incidents')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('incident_policies')
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('policy_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('applied_events', 'integer', (c) => c.notNull())
    .addColumn('superseded_events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_policies_pk', ['incident_id', 'policy_id'])
    .execute();

  await db.schema
    .createTable('incident_locations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('moved_at', 'text')
    .addColumn('moved_to', 'text')
    .addColumn('departure', 'text')
    .addColumn('removed_at', 'text')
    .addUniqueConstraint('incident_locations_path_unique', ['incident_id', 'path'])
    .execute();
  await db.schema
    .createIndex('incident_locations_device_path')
    .on('incident_locations')
    .columns(['device_id', 'path'])
    .execute();

  await db.schema
    .createTable('incident_counters')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('next_number', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['incident_counters', 'incident_locations', 'incident_policies', 'incidents']) {
    await db.schema.dropTable(t).execute();
  }
}
