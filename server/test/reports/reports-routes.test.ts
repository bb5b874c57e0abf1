import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Reports, startReports } from './harness.js';

let r: Reports;
beforeEach(async () => {
  r = await startReports();
});
afterEach(async () => r.close());

describe('reports: create, change, list, delete', () => {
  it('stores a list report with allow-listed filters and lists it for the tenant only', async () => {
    const res = await r.call('POST', '/reports', r.asker, {
      name: 'Open high',
      description: 'For the weekly call',
      filters: { severity: 'critical,high', open_only: true, assignee: 'me', window: { last_days: 7 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Open high',
      kind: 'list',
      template_id: null,
      row_version: 1,
      created_by: r.asker.userId,
      filters: { severity: 'critical,high', open_only: true, assignee: 'me', window: { last_days: 7 } },
    });
    const list = await r.call('GET', '/reports', r.auditor);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((x: { id: string }) => x.id)).toEqual([created.id]);
    expect((await r.call('GET', '/reports', r.stranger)).json().items).toEqual([]);
    // Another tenant's report is the identical 404.
    const missing = await r.call('POST', '/reports/00000000-0000-4000-8000-000000000001', r.stranger, {
      name: 'x',
    });
    const foreign = await r.call('POST', `/reports/${created.id}`, r.stranger, { name: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('refuses limit, offset and any filter outside the allow-list, naming the field', async () => {
    for (const bad of ['limit', 'offset', 'sort', 'created_since', 'title']) {
      const res = await r.call('POST', '/reports', r.owner, { name: 'x', filters: { [bad]: 1 } });
      expect(res.statusCode, bad).toBe(422);
      expect(JSON.stringify(res.json().details)).toContain(`filters.${bad}`);
    }
    const value = await r.call('POST', '/reports', r.owner, { name: 'x', filters: { status: 'new,opened' } });
    expect(value.statusCode).toBe(422);
    expect(value.json().details[0].field).toBe('filters.status');
    expect(value.body).not.toContain('opened');
    const assignee = await r.call('POST', '/reports', r.owner, {
      name: 'x',
      filters: { assignee: 'someone' },
    });
    expect(assignee.json().details[0].field).toBe('filters.assignee');
    const window = await r.call('POST', '/reports', r.owner, {
      name: 'x',
      filters: { window: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } },
    });
    expect(window.json().details[0].field).toBe('filters.window');
    const days = await r.call('POST', '/reports', r.owner, {
      name: 'x',
      filters: { window: { last_days: 367 } },
    });
    expect(days.statusCode).toBe(422);
    expect(await r.t.h.ctx.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('figure kinds take exactly {window: {last_days: 1..90}}', async () => {
    for (const kind of ['triage_sla', 'policy_effectiveness', 'executive_summary']) {
      const ok = await r.call('POST', '/reports', r.owner, {
        name: kind,
        kind,
        filters: { window: { last_days: 90 } },
      });
      expect(ok.statusCode, ok.body).toBe(201);
      for (const filters of [
        {},
        { window: { last_days: 91 } },
        { window: { last_days: 7 }, severity: 'high' },
        { window: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } },
      ]) {
        const bad = await r.call('POST', '/reports', r.owner, { name: kind, kind, filters });
        expect(bad.statusCode, JSON.stringify(filters)).toBe(422);
        expect(bad.json().details[0].field).toMatch(/^filters/);
      }
    }
    const unknown = await r.call('POST', '/reports', r.owner, { name: 'x', kind: 'pie' });
    expect(unknown.statusCode).toBe(422);
  });

  it('changes a report with its version, refuses a stale one, and deletes with a reason (audited)', async () => {
    const id = await r.report({ filters: { status: 'new' } });
    const changed = await r.call('POST', `/reports/${id}`, r.asker, {
      name: 'Renamed',
      filters: { status: 'closed' },
      expected_version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Renamed', row_version: 2, filters: { status: 'closed' } });
    const stale = await r.call('POST', `/reports/${id}`, r.asker, { name: 'Again', expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    // Writing needs reports:write or reports:schedule: an auditor reads but cannot change.
    expect((await r.call('POST', `/reports/${id}`, r.auditor, { name: 'No' })).statusCode).toBe(403);
    expect((await r.call('DELETE', `/reports/${id}`, r.asker, {})).statusCode).toBe(422);
    expect(
      (await r.call('DELETE', `/reports/${id}`, r.stranger, { reason: 'Not needed any more' })).statusCode,
    ).toBe(404);
    const gone = await r.call('DELETE', `/reports/${id}`, r.asker, { reason: 'Not needed any more' });
    expect(gone.statusCode).toBe(204);
    expect((await r.call('GET', '/reports')).json().items).toEqual([]);
    const audit = await r.t.h.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'metadata', 'actor_id'])
      .where('subject_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['report.created', 'report.updated', 'report.deleted']);
    expect(JSON.parse(audit[2]!.metadata)).toMatchObject({ reason: 'Not needed any more' });
  });
});

describe('report templates', () => {
  it('lists one template per regime: real incidents only, 30 days', async () => {
    const res = await r.call('GET', '/report-templates', r.auditor);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      id: string;
      regime: string;
      kind: string;
      filters: Record<string, unknown>;
    }[];
    expect(items.map((t) => t.id)).toEqual(['pci_dss', 'gdpr', 'ru_152_fz', 'kvkk']);
    expect(items.map((t) => t.regime).join(' ')).toMatch(/PCI DSS.*GDPR.*152-FZ.*KVKK/);
    for (const t of items) expect(t.filters).toMatchObject({ origin: 'real', window: { last_days: 30 } });
  });

  it('creates from a template with its filters unchanged, refuses changed ones, and drops the link on change', async () => {
    const templates = (await r.call('GET', '/report-templates')).json().items;
    const kvkk = templates.find((t: { id: string }) => t.id === 'kvkk');
    const res = await r.call('POST', '/reports', r.asker, { name: 'KVKK', template_id: 'kvkk' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ template_id: 'kvkk', kind: 'list', filters: kvkk.filters });
    const same = await r.call('POST', '/reports', r.asker, {
      name: 'KVKK 2',
      template_id: 'kvkk',
      filters: kvkk.filters,
    });
    expect(same.statusCode).toBe(201);
    const changed = await r.call('POST', '/reports', r.asker, {
      name: 'KVKK 3',
      template_id: 'kvkk',
      filters: { ...kvkk.filters, origin: 'test' },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().details[0].field).toBe('filters');
    const unknown = await r.call('POST', '/reports', r.asker, { name: 'x', template_id: 'hipaa' });
    expect(unknown.json().details[0].field).toBe('template_id');
    // Changing the filters of a template report makes it an ordinary report.
    const edited = await r.call('POST', `/reports/${res.json().id}`, r.asker, {
      filters: { origin: 'real' },
    });
    expect(edited.json().template_id).toBeNull();
    const named = await r.call('POST', `/reports/${same.json().id}`, r.asker, {
      filters: { origin: 'real' },
      template_id: 'kvkk',
    });
    expect(named.statusCode).toBe(422);
  });
});
