import { type Kysely, sql } from 'kysely';

/**
 * Classification ids are per tenant (issue 14): the keys of 0203 were global, so a tenant learned
 * that another tenant's id existed (409 instead of the identical 404) and could take an id before
 * another tenant did. The tables are rebuilt keyed by (tenant_id, id, …), rows copied unchanged:
 * stored coordinates, bindings in policy versions and signed bundles keep working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('classifications_by_tenant')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('classification_version', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('classifications_tenant_pk', [
      'tenant_id',
      'id',
      'classification_version',
      'revision',
    ])
    .execute();
  await sql`insert into classifications_by_tenant
    (tenant_id, id, classification_version, revision, name, rules, created_by, created_at)
    select tenant_id, id, classification_version, revision, name, rules, created_by, created_at
    from classifications`.execute(db);
  await db.schema.dropTable('classifications').execute();
  await db.schema.alterTable('classifications_by_tenant').renameTo('classifications').execute();

  await db.schema
    .createTable('classification_state_by_tenant')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('classification_state_tenant_pk', ['tenant_id', 'id'])
    .execute();
  await sql`insert into classification_state_by_tenant (tenant_id, id, enabled)
    select tenant_id, id, enabled from classification_state`.execute(db);
  await db.schema.dropTable('classification_state').execute();
  await db.schema.alterTable('classification_state_by_tenant').renameTo('classification_state').execute();
}

/** Back to global ids; fails (and changes nothing) once two tenants use the same id. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('classifications_global')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('classification_version', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('classifications_pk', ['id', 'classification_version', 'revision'])
    .execute();
  await sql`insert into classifications_global select
    tenant_id, id, classification_version, revision, name, rules, created_by, created_at
    from classifications`.execute(db);
  await db.schema.dropTable('classifications').execute();
  await db.schema.alterTable('classifications_global').renameTo('classifications').execute();
  await db.schema
    .createTable('classification_state_global')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into classification_state_global (id, tenant_id, enabled)
    select id, tenant_id, enabled from classification_state`.execute(db);
  await db.schema.dropTable('classification_state').execute();
  await db.schema.alterTable('classification_state_global').renameTo('classification_state').execute();
}
