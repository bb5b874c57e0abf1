import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reports, startReports } from './harness.js';

/**
 * A report over a creation-time window sorted by an indexed column (docs/reports.md, Speed): a
 * page whose matches are a large share of the tenant walks the sort's index and stops, a later
 * page reads the window's index and sorts. Both must give exactly the rows and order a plain
 * query gives. With 1,000 incidents and about 400 matches, page 0 of 100 walks (100 × 1,000 <
 * 400²) and the pages after it do not. One server for the file.
 */
let r: Reports;
let id: string;
const FROM = '2025-12-21T09:00:00.000Z'; // 30 days before the harness clock
beforeAll(async () => {
  r = await startReports();
  await r.t.raise(['alice']);
  await r.copies(999); // severity, status, priority, risk and times vary by copy number
  id = await r.report({ filters: { severity: 'critical,high', window: { last_days: 30 } } });
}, 120_000);
afterAll(async () => r?.close());

const ORDER = {
  priority_score: 'priority_score',
  risk_score: 'risk_score',
  last_seen: 'last_seen_at',
} as const;

/** The references a plain query gives, in the list's order (ties by latest activity, then id). */
async function expected(sort: keyof typeof ORDER, dir: 'asc' | 'desc') {
  const col = sql.raw(ORDER[sort]);
  const d = sql.raw(dir);
  const rows = await sql<{ reference: string }>`select reference from incidents
    where tenant_id = ${r.t.d.tenantId} and severity in ('critical', 'high') and created_at >= ${FROM}
    order by ${col} ${d}, last_seen_at desc, id asc`.execute(r.t.h.ctx.db);
  return rows.rows.map((x) => x.reference);
}

async function page(sort: string, dir: string, size: number, offset: number) {
  const res = await r.call(
    'GET',
    `/reports/${id}/run?page_size=${size}&offset=${offset}&sort=${sort}&dir=${dir}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    items: { reference: string }[];
    summary: { by_severity: Record<string, number>; by_status: Record<string, number> };
  };
}

describe('report window sorted by an indexed column (docs/reports.md, Speed)', () => {
  it('gives the same rows in the same order whether the page walks the sort index or not', async () => {
    for (const sort of Object.keys(ORDER) as (keyof typeof ORDER)[])
      for (const dir of ['desc', 'asc'] as const) {
        const want = await expected(sort, dir);
        expect(want.length).toBeGreaterThan(300);
        const got: string[] = [];
        for (let offset = 0; offset < want.length; offset += 100) {
          const p = await page(sort, dir, 100, offset);
          expect(p.total).toBe(want.length);
          got.push(...p.items.map((i) => i.reference));
        }
        expect(got, `${sort} ${dir}`).toEqual(want);
        const small = await page(sort, dir, 25, 0);
        expect(small.items.map((i) => i.reference)).toEqual(want.slice(0, 25));
      }
  }, 120_000);

  it('counts the summary of every match from the window index', async () => {
    const rows = await sql<{
      severity: string;
      status: string;
      n: number;
    }>`select severity, status, count(*) as n
      from incidents where tenant_id = ${r.t.d.tenantId} and severity in ('critical', 'high') and created_at >= ${FROM}
      group by severity, status`.execute(r.t.h.ctx.db);
    const bySeverity: Record<string, number> = {};
    const byStatus: Record<string, number> = {};
    for (const x of rows.rows) {
      bySeverity[x.severity] = (bySeverity[x.severity] ?? 0) + Number(x.n);
      byStatus[x.status] = (byStatus[x.status] ?? 0) + Number(x.n);
    }
    const { summary } = await page('priority_score', 'desc', 25, 0);
    expect(Object.fromEntries(Object.entries(summary.by_severity).filter(([, n]) => n > 0))).toEqual(
      bySeverity,
    );
    expect(Object.fromEntries(Object.entries(summary.by_status).filter(([, n]) => n > 0))).toEqual(byStatus);
  });
});
