import type { Kysely } from 'kysely';

// Document-fingerprint corpora (document 1; designed in docs/fingerprints.md): the corpus record
// and its built versions. A version holds only the encoded shingle hashes, never source text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fingerprint_corpora')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('window', 'integer', (c) => c.notNull())
    .addColumn('winnow', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('fingerprint_corpora_name', ['tenant_id', 'name_key'])
    .execute();
  await db.schema
    .createTable('fingerprint_corpus_versions')
    .addColumn('corpus_id', 'text', (c) =>
      c.notNull().references('fingerprint_corpora.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('data_sha256', 'text', (c) => c.notNull())
    .addColumn('document_count', 'integer', (c) => c.notNull())
    .addColumn('too_short_count', 'integer', (c) => c.notNull())
    .addColumn('fingerprint_count', 'integer', (c) => c.notNull())
    .addColumn('built_by', 'text', (c) => c.notNull())
    .addColumn('built_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fingerprint_corpus_versions_pk', ['corpus_id', 'version'])
    .execute();
}
