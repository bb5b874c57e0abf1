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
