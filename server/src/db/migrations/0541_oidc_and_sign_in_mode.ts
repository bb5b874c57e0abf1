import type { Kysely } from 'kysely';

// Federated sign-in (document 3, OpenID Connect) and the sign-in mode (sso_only, break-glass).
// Additive: new tables only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_providers')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_sealed', 'text')
    .addColumn('ca_certificate', 'text')
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('groups_claim', 'text', (c) => c.notNull())
    .addColumn('role_mappings', 'text', (c) => c.notNull())
    .addColumn('default_role', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oidc_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier_sealed', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oidc_handoffs')
    .addColumn('handoff_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oidc_links')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oidc_links_pk', ['tenant_id', 'issuer', 'subject'])
    .execute();
  await db.schema
    .createTable('sign_in_mode')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('sso_only', 'integer', (c) => c.notNull())
    .addColumn('break_glass', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sign_in_mode', 'oidc_links', 'oidc_handoffs', 'oidc_states', 'oidc_providers'])
    await db.schema.dropTable(t).execute();
}
