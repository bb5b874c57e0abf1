import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { EXPORT_COLUMNS, EXPORT_ROW_LIMIT } from '../../src/modules/incidents/export-service.js';
import { enrolDevice } from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const exportCsv = (query = '', who: SignedIn = t.h.owner) =>
  t.h.ctx.app.inject({ method: 'GET', url: `/api/v1/incidents/export${query}`, headers: who.headers });

/** An RFC 4180 reader, independent of the writer: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

const column = (rows: string[][], name: string) => {
  const at = rows[0]!.indexOf(name);
  expect(at).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[at]!);
};

describe('GET /incidents/export', () => {
  it('is CSV in the list order for the same filters and sort, with its headers, audited by filter names only', async () => {
    await t.raise(['dave', 'alice', 'carol', 'bob', 'erin']);
    for (const query of ['', '?sort=user', '?sort=user:desc&search=O', '?status=new&sort=reference']) {
      const list = await t.call('GET', `/incidents${query}${query ? '&' : '?'}limit=200`);
      expect(list.statusCode).toBe(200);
      const r = await exportCsv(query);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['content-disposition']).toBe('attachment; filename="incidents-2026-01-20.csv"');
      expect(r.headers['x-svc-export-total']).toBe(String(list.json().total));
      expect(r.headers['x-svc-export-truncated']).toBe('false');
      const rows = parseCsv(r.body);
      expect(rows[0]).toEqual(EXPORT_COLUMNS);
      expect(column(rows, 'id')).toEqual(list.json().items.map((i: { id: string }) => i.id));
      expect(column(rows, 'username')).toEqual(
        list.json().items.map((i: { username: string }) => i.username),
      );
    }
    expect(column(parseCsv((await exportCsv('?sort=user')).body), 'username')).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
      'erin',
    ]);
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'incident.exported')
      .orderBy('created_at')
      .execute();
    expect(audit).toHaveLength(5);
    const searched = audit.find((e) => JSON.parse(e.metadata).sort === 'user:desc')!;
    expect(JSON.parse(searched.metadata)).toMatchObject({
      rows: 5,
      total: 5,
      truncated: false,
      filters: ['search'],
    });
    expect(searched.metadata).not.toContain('"O"');
    expect(searched.actor_id).toBe(t.h.owner.userId);
    expect(searched.subject_id).toBeNull();
    // The audit log shows every key of the entry.
    const log = await t.call('GET', '/audit-events?action=incident.exported');
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).toContain('"filters":["search"]');
  });

  it('neutralises formula cells and quotes commas, quotes and line breaks (RFC 4180)', async () => {
    const [a, b, c] = await t.raise(['alice', 'bob', 'carol']);
    const cells: [string, string, string][] = [
      [a!, '=HYPERLINK("http://x.test","y")', '+1-555'],
      [b!, '-2+3, "quoted"', '@SUM(A1)'],
      [c!, '\tTabbed\r\nnext line', '\rcr'],
    ];
    for (const [id, title, username] of cells)
      await t.h.ctx.db.updateTable('incidents').set({ title, username }).where('id', '=', id).execute();
    const r = await exportCsv('?sort=reference');
    const rows = parseCsv(r.body);
    const byId = new Map(rows.slice(1).map((row) => [row[rows[0]!.indexOf('id')]!, row]));
    for (const [id, title, username] of cells) {
      const row = byId.get(id)!;
      expect(row[rows[0]!.indexOf('title')]).toBe(`'${title}`);
      expect(row[rows[0]!.indexOf('username')]).toBe(`'${username}`);
    }
    // Raw form: a quoted field with doubled quotes; a bare field needs no quotes.
    expect(r.body).toContain(`"'=HYPERLINK(""http://x.test"",""y"")"`);
    expect(r.body).toContain(`,'+1-555,`);
    expect(r.body).toContain(`"'-2+3, ""quoted"""`);
    // Only the header and three records end a line: embedded breaks are inside quotes.
    expect(rows).toHaveLength(4);
  });

  it(`stops at ${EXPORT_ROW_LIMIT} rows in the list order and says it was truncated`, async () => {
    const seed = await t.h.ctx.db
      .selectFrom('incidents')
      .selectAll()
      .where('id', '=', await t.one())
      .executeTakeFirstOrThrow();
    const copies = Array.from({ length: EXPORT_ROW_LIMIT }, (_, i) => {
      const n = i + 2;
      const at = new Date(Date.parse(seed.created_at) - (i + 1) * 1000).toISOString();
      return {
        ...seed,
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        number: n,
        reference: `INC-${n}`,
        correlation_key: null,
        created_at: at,
        first_seen_at: at,
        last_seen_at: at,
      };
    });
    for (let i = 0; i < copies.length; i += 500)
      await t.h.ctx.db
        .insertInto('incidents')
        .values(copies.slice(i, i + 500))
        .execute();
    const r = await exportCsv();
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-svc-export-total']).toBe(String(EXPORT_ROW_LIMIT + 1));
    expect(r.headers['x-svc-export-truncated']).toBe('true');
    const ids = column(parseCsv(r.body), 'id');
    expect(ids).toHaveLength(EXPORT_ROW_LIMIT);
    // created:desc: the seed first, the oldest copy left out.
    expect(ids[0]).toBe(seed.id);
    expect(ids.at(-1)).toBe(copies.at(-2)!.id);
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'incident.exported')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.metadata)).toMatchObject({
      rows: EXPORT_ROW_LIMIT,
      total: EXPORT_ROW_LIMIT + 1,
      truncated: true,
      filters: [],
    });
  });

  it('needs incidents:read and incidents:export; a refusal is not audited', async () => {
    await t.one();
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    const noExport = await exportCsv('', auditor);
    expect(noExport.statusCode).toBe(403);
    expect(JSON.stringify(noExport.json())).toContain('incidents:export');
    const noRead = await exportCsv('', viewer);
    expect(noRead.statusCode).toBe(403);
    expect(JSON.stringify(noRead.json())).toContain('incidents:read');
    expect((await t.h.ctx.app.inject({ method: 'GET', url: '/api/v1/incidents/export' })).statusCode).toBe(
      401,
    );
    const none = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'incident.exported')
      .execute();
    expect(none).toHaveLength(0);
    expect((await exportCsv('', analyst)).statusCode).toBe(200);
  });

  it('answers 422 naming the field for a bad filter, sort or a paging parameter; nothing is audited', async () => {
    const cases: [string, string][] = [
      ['?status=new,bogus', 'status'],
      ['?severity=urgent', 'severity'],
      ['?assignee=someone', 'assignee'],
      ['?sort=colour', 'sort'],
      ['?created_since=yesterday', 'created_since'],
    ];
    for (const [query, field] of cases) {
      const r = await exportCsv(query);
      expect(r.statusCode, query).toBe(422);
      expect(
        r.json().details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
    expect((await exportCsv('?limit=5')).statusCode).toBe(422);
    const none = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'incident.exported')
      .execute();
    expect(none).toHaveLength(0);
  });

  it('gives an endpoint-group-scoped role only its groups, rows and total alike', async () => {
    const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
    const finance = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
    await t.raise(['alice', 'dave']);
    const inside = await t.raise(['bob', 'carol'], finance);
    const scoped = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    const session = t.h.ctx.app.auth.authenticators[0]!;
    t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [g.json().id] } : null;
    });
    const r = await exportCsv('?sort=user', scoped);
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-svc-export-total']).toBe('2');
    expect(column(parseCsv(r.body), 'id').sort()).toEqual([...inside].sort());
    expect((await exportCsv('?sort=user')).headers['x-svc-export-total']).toBe('4');
  });

  it('is in the served OpenAPI document as a text/csv string', async () => {
    const doc = (await t.h.ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/incidents/export'].get;
    expect(op.responses['200'].content).toEqual({ 'text/csv': { schema: { type: 'string' } } });
    expect(Object.keys(op.responses).sort()).toEqual(['200', '401', '403', '422', '503']);
  });
});
