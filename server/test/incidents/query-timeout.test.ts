import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBudgetExceeded, openBudget } from '../../src/db/query-budget.js';
import { parseSort } from '../../src/modules/incidents/sort.js';
import { listIncidents } from '../../src/modules/incidents/store.js';
import { cloneIncidents } from './many-incidents.js';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
let source: string;
beforeEach(async () => {
  t = await startTriage({ DLP_INCIDENT_QUERY_TIMEOUT_MS: '100' });
  source = await t.one('q1');
  await cloneIncidents(t.h.ctx.db, source, 3_000);
});
afterEach(async () => t.close());

const tenantOf = async () =>
  (
    await t.h.ctx.db
      .selectFrom('incidents')
      .select('tenant_id')
      .where('id', '=', source)
      .executeTakeFirstOrThrow()
  ).tenant_id;

describe('incident listing time limit (DLP_INCIDENT_QUERY_TIMEOUT_MS)', () => {
  it('a SQLite scan checks its budget while it runs and is abandoned once it is spent', async () => {
    const tenantId = await tenantOf();
    let checks = 0;
    const budget = openBudget(() => {
      checks += 1;
      return checks > 2;
    });
    try {
      const err = await listIncidents(
        t.h.ctx.db,
        tenantId,
        { groupScope: null, budget: budget.token },
        parseSort(undefined),
        { limit: 10, offset: 0 },
      ).catch((e: unknown) => e);
      expect(isBudgetExceeded(err)).toBe(true);
      // Stopped on the third check: within the first statement, long before its 3,001 rows.
      expect(checks).toBe(3);
    } finally {
      budget.close();
    }
    // The same query with a budget never spent answers in full.
    const open = openBudget(() => false);
    const out = await listIncidents(
      t.h.ctx.db,
      tenantId,
      { groupScope: null, budget: open.token },
      parseSort(undefined),
      { limit: 10, offset: 0 },
    );
    open.close();
    expect(out.total).toBe(3_001);
  });

  it('a listing or export running past the limit answers 503 server.query_timeout, nothing else', async () => {
    expect((await t.call('GET', '/incidents?limit=5')).statusCode).toBe(200);
    // From here every reading of the clock moves it 30 ms: the scan's checks spend the 100 ms.
    const clock = t.h.ctx.clock;
    const now = clock.now.bind(clock);
    clock.now = () => {
      clock.advance(30);
      return now();
    };
    for (const url of ['/incidents?severity=high,critical&sort=priority', '/incidents/export?status=new']) {
      const r = await t.call('GET', url);
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ code: 'server.query_timeout' });
      expect(r.body).not.toMatch(/select|incidents\.|dlp_query_budget/i);
    }
  });
});
