import { type Kysely, sql } from 'kysely';

// Issue 23, ingest speed (docs/incidents.md, Service levels): `response_met` and
// `resolution_met` are null until a response or a resolution is recorded, and only a met or
// missed value is ever looked up (`sla=response_met`, `response_missed`, … and `breached`: an
// equality, which implies not null on both databases). The two indexes now hold only the incidents
// with a value: a new incident writes two index entries fewer, and on PostgreSQL a fold of an
// untriaged incident (which cannot be a heap-only update: it moves indexed times and scores)
// inserts into two indexes fewer.
const COLUMNS = ['response_met', 'resolution_met'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const c of COLUMNS) {
    await db.schema.dropIndex(`incidents_tenant_${c}`).execute();
    await db.schema
      .createIndex(`incidents_tenant_${c}`)
      .on('incidents')
      .columns(['tenant_id', c])
      .where(sql.ref(c), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of COLUMNS) {
    await db.schema.dropIndex(`incidents_tenant_${c}`).execute();
    await db.schema.createIndex(`incidents_tenant_${c}`).on('incidents').columns(['tenant_id', c]).execute();
  }
}
