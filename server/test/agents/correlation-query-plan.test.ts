import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { openIncidentsQuery } from '../../src/modules/incidents/correlate.js';
import { createTestApp } from '../helpers/index.js';

// A batch looks up the open incidents of its correlation keys. The lookup must probe the key
// index: walking the tenant's incidents made every batch slower as the tenant's history grew
// (docs/agent-interface.md, Throughput).
test('the open-incident lookup probes the correlation key index, never the tenant-wide one', async () => {
  const ctx = await createTestApp();
  try {
    const q = openIncidentsQuery(ctx.db, 't', ['k1', 'k2', 'k3']).compile();
    // Planning needs no values: the test's own literals stand in for the bound ones.
    const inlined = q.parameters.reduce<string>((text, p) => text.replace('?', `'${String(p)}'`), q.sql);
    const plan = await sql.raw<{ detail: string }>(`explain query plan ${inlined}`).execute(ctx.db);
    const details = plan.rows.map((r) => r.detail);
    expect(details.some((d) => d.includes('USING INDEX incidents_key'))).toBe(true);
    expect(details.some((d) => d.includes('incidents_tenant_created'))).toBe(false);
    expect(details.some((d) => d.includes('TEMP B-TREE'))).toBe(false);
  } finally {
    await ctx.close();
  }
});

// Issue 23: a new incident has no response or resolution yet; the service-level indexes hold
// only incidents with a value (migration 0890), so ingest writes two index entries fewer per new
// incident, and the met/missed filters (an equality: implies not null) still probe them.
test('the service-level indexes are partial and still answer the met and missed filters', async () => {
  const ctx = await createTestApp();
  try {
    for (const column of ['response_met', 'resolution_met']) {
      const name = `incidents_tenant_${column}`;
      const list = await sql<{ name: string; partial: number }>`
        select name, partial from pragma_index_list('incidents') where name = ${name}`.execute(ctx.db);
      expect(list.rows).toEqual([{ name, partial: 1 }]);
      const plan = await sql
        .raw<{ detail: string }>(
          `explain query plan select id from incidents where tenant_id = 't' and ${column} = 0`,
        )
        .execute(ctx.db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toContain(`USING INDEX ${name}`);
    }
  } finally {
    await ctx.close();
  }
});
