import { describe, expect, it } from 'vitest';
import { STATE, useViews } from './harness.js';

const h = useViews();
const list = async (who = h.v.analyst, surface = 'incidents') =>
  (await h.v.call('GET', `/saved-views?surface=${surface}`, who)).json().items as Record<string, unknown>[];
const names = async (who = h.v.analyst) => (await list(who)).map((x) => x.name);

describe('/saved-views', () => {
  it('saves a personal view and answers every field; only its owner sees it; audited', async () => {
    const { v } = h;
    const r = await v.view(v.analyst, {});
    expect(r.statusCode).toBe(201);
    const view = r.json();
    expect(view).toEqual({
      id: expect.any(String),
      surface: 'incidents',
      name: 'Open',
      state: { filters: STATE.filters, sort: 'priority:desc', columns: [] },
      visibility: 'me',
      team_id: null,
      team_name: null,
      is_default: false,
      owned: true,
      opens_in: false,
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(await list()).toEqual([view]);
    expect(await list(v.other)).toEqual([]);
    expect(await list(v.analyst, 'activity_explorer')).toEqual([]);
    const audit = (await v.table('audit_events')) as { action: string; metadata: string }[];
    const created = audit.find((a) => a.action === 'saved_view.created');
    expect(JSON.parse(created!.metadata)).toMatchObject({ surface: 'incidents', visibility: 'me' });
  });

  it('organisation visibility needs tenant:write: an Admin is 403, the Owner saves it for everybody', async () => {
    const { v } = h;
    const refused = await v.view(v.admin, { visibility: 'organisation' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.forbidden');
    expect(await v.table('saved_views')).toHaveLength(0);
    expect((await v.view(v.owner, { visibility: 'organisation' })).statusCode).toBe(201);
    expect(await list(v.analyst)).toEqual([expect.objectContaining({ name: 'Open', owned: false })]);
  });

  it('team visibility needs membership (403); another tenant’s team is 422 on team_id; members see it', async () => {
    const { v } = h;
    const team = await v.team('Payments', v.analyst);
    const outsider = await v.view(v.other, { visibility: 'team', team_id: team });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe('saved_view.team_membership_required');
    const theirs = (await v.call('POST', '/teams', v.stranger, { name: 'Theirs' })).json().id;
    const foreign = await v.view(v.analyst, { visibility: 'team', team_id: theirs });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details).toEqual([{ field: 'team_id', message: expect.any(String) }]);
    expect(foreign.body).not.toContain(theirs);
    expect(await v.table('saved_views')).toHaveLength(0);
    const made = await v.view(v.analyst, { visibility: 'team', team_id: team });
    expect(made.json()).toMatchObject({ visibility: 'team', team_id: team, team_name: 'Payments' });
    await v.call('POST', `/teams/${team}/members`, v.admin, { user_id: v.other.userId });
    expect(await names(v.other)).toEqual(['Open']);
    expect(await names(v.owner)).toEqual([]);
  });

  it('team_id only with team visibility, and required with it (422 naming team_id)', async () => {
    const { v } = h;
    const team = await v.team('Payments', v.analyst);
    for (const body of [{ visibility: 'team' }, { visibility: 'me', team_id: team }]) {
      const r = await v.view(v.analyst, body);
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('team_id');
    }
    expect(await v.table('saved_views')).toHaveLength(0);
  });

  it('a state over 4096 bytes, a repeated filter, a bad surface or name is a 422 naming the field, never the value', async () => {
    const { v } = h;
    const secretish = 'ü'.repeat(1000);
    const big = { filters: [0, 1, 2].map((i) => ({ name: `f${i}`, value: secretish })) };
    const cases: [Record<string, unknown>, string][] = [
      [{ state: big }, 'state'],
      [{ state: { filters: [STATE.filters[0], STATE.filters[0]] } }, 'state.filters[1].name'],
      [{ surface: 'reports' }, 'surface'],
      [{ name: 'y'.repeat(61) }, 'name'],
      [{ state: { filters: [], extra: 1 } }, 'state.extra'],
    ];
    for (const [body, field] of cases) {
      const r = await v.view(v.analyst, body);
      expect(r.statusCode, field).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
      expect(r.body).not.toContain('üüü');
    }
    // Exactly 4096 bytes is accepted.
    const filters = [0, 1, 2, 3, 4].map((i) => ({ name: `f${i}`, value: '' }));
    let pad = 4096 - Buffer.byteLength(JSON.stringify({ filters, sort: null, columns: [] }));
    for (const f of filters) {
      f.value = 'a b '.repeat(250).slice(0, Math.min(1000, pad));
      pad -= f.value.length;
    }
    const exact = { filters, sort: null, columns: [] };
    expect(Buffer.byteLength(JSON.stringify(exact))).toBe(4096);
    const near = await v.view(v.analyst, { state: exact });
    expect(near.statusCode).toBe(201);
    expect(await v.table('saved_views')).toHaveLength(1);
    // One byte more is refused.
    const over = { ...exact, filters: filters.map((f, i) => (i === 3 ? { ...f, value: `${f.value}a` } : f)) };
    expect(Buffer.byteLength(JSON.stringify(over))).toBe(4097);
    const refused = await v.view(v.analyst, { name: 'Over', state: over });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([{ field: 'state', message: expect.any(String) }]);
    expect(await v.table('saved_views')).toHaveLength(1);
  });

  it('a name taken where seen (no case) is 409; a name only someone else sees is free', async () => {
    const { v } = h;
    await v.view(v.other, { name: 'Critical' });
    expect((await v.view(v.analyst, { name: 'critical' })).statusCode).toBe(201);
    const mine = await v.view(v.analyst, { name: 'CRITICAL' });
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toMatchObject({ code: 'saved_view.name_taken', details: [{ field: 'name' }] });
    await v.view(v.owner, { name: 'Everyone', visibility: 'organisation' });
    expect((await v.view(v.analyst, { name: 'everyone' })).statusCode).toBe(409);
    // The same name on the other surface is another list.
    expect((await v.view(v.analyst, { name: 'everyone', surface: 'activity_explorer' })).statusCode).toBe(
      201,
    );
    expect(await v.table('saved_views')).toHaveLength(4);
  });

  it('order: the opens_in view, the organisation’s, the caller’s teams’, the caller’s own', async () => {
    const { v } = h;
    const a = await v.team('Alpha', v.analyst);
    const b = await v.team('Beta', v.analyst);
    await v.view(v.analyst, { name: 'A mine' });
    await v.view(v.analyst, { name: 'B beta', visibility: 'team', team_id: b });
    await v.view(v.analyst, { name: 'C alpha', visibility: 'team', team_id: a });
    await v.view(v.owner, { name: 'Z org', visibility: 'organisation' });
    const org2 = (await v.view(v.owner, { name: 'Y org', visibility: 'organisation' })).json().id;
    expect(await names()).toEqual(['Y org', 'Z org', 'C alpha', 'B beta', 'A mine']);
    expect(
      (await v.call('POST', `/saved-views/${org2}/default`, v.owner, { default: true })).statusCode,
    ).toBe(200);
    const withOrg = await list();
    expect(withOrg.map((x) => [x.name, x.opens_in, x.is_default])).toEqual([
      ['Y org', true, true],
      ['Z org', false, false],
      ['C alpha', false, false],
      ['B beta', false, false],
      ['A mine', false, false],
    ]);
    // A default of one of the caller's teams is nearer than the organisation's: the surface opens in it.
    const beta = withOrg.find((x) => x.name === 'B beta')!.id as string;
    await v.call('POST', `/saved-views/${beta}/default`, v.analyst, { default: true });
    expect((await list()).map((x) => [x.name, x.opens_in])).toEqual([
      ['B beta', true],
      ['Y org', false],
      ['Z org', false],
      ['C alpha', false],
      ['A mine', false],
    ]);
    // Somebody outside Beta still opens in the organisation's default.
    expect((await list(v.other))[0]).toMatchObject({ name: 'Y org', opens_in: true });
  });

  it('one default per organisation and per team on each surface; audited with the view it replaced', async () => {
    const { v } = h;
    const team = await v.team('Payments', v.analyst, v.other);
    const t1 = (await v.view(v.analyst, { name: 'T1', visibility: 'team', team_id: team })).json().id;
    const t2 = (await v.view(v.other, { name: 'T2', visibility: 'team', team_id: team })).json().id;
    const o1 = (await v.view(v.owner, { name: 'O1', visibility: 'organisation' })).json().id;
    expect(
      (await v.call('POST', `/saved-views/${t1}/default`, v.analyst, { default: true })).json().is_default,
    ).toBe(true);
    expect(
      (await v.call('POST', `/saved-views/${o1}/default`, v.owner, { default: true })).json().is_default,
    ).toBe(true);
    const second = await v.call('POST', `/saved-views/${t2}/default`, v.other, { default: true });
    expect(second.json()).toMatchObject({ is_default: true, opens_in: true });
    const rows = (await v.table('saved_views')) as { id: string; default_scope: string | null }[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.default_scope]))).toEqual({
      [t1]: null,
      [t2]: team,
      [o1]: 'organisation',
    });
    const audit = (await v.table('audit_events')) as { action: string; metadata: string }[];
    const last = audit.filter((a) => a.action === 'saved_view.default_set').at(-1)!;
    expect(JSON.parse(last.metadata)).toMatchObject({ replaced: t1, team_id: team });
    const cleared = await v.call('POST', `/saved-views/${t2}/default`, v.analyst, { default: false });
    expect(cleared.json()).toMatchObject({ is_default: false });
  });

  it('concurrent defaults in one scope leave exactly one default; losers answer 409, never 500', async () => {
    const { v } = h;
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F']) {
      const r = await v.view(v.owner, { name, visibility: 'organisation' });
      expect(r.statusCode).toBe(201);
      ids.push(r.json().id);
    }
    const answers = await Promise.all(
      ids.map((id) => v.call('POST', `/saved-views/${id}/default`, v.owner, { default: true })),
    );
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const rows = (await v.table('saved_views')) as { id: string; default_scope: string | null }[];
    const defaults = rows.filter((r) => r.default_scope === 'organisation');
    expect(defaults).toHaveLength(1);
    const listed = (await v.call('GET', '/saved-views?surface=incidents', v.owner)).json().items;
    expect(listed[0]).toMatchObject({ id: defaults[0]!.id, opens_in: true, is_default: true });
  });

  it('defaults: a personal view is 409; an organisation view needs tenant:write; nothing changes', async () => {
    const { v } = h;
    const mine = (await v.view(v.analyst, {})).json().id;
    const personal = await v.call('POST', `/saved-views/${mine}/default`, v.analyst, { default: true });
    expect(personal.statusCode).toBe(409);
    expect(personal.json().code).toBe('saved_view.personal_default');
    const org = (await v.view(v.owner, { name: 'Org', visibility: 'organisation' })).json().id;
    expect((await v.call('POST', `/saved-views/${org}/default`, v.admin, { default: true })).statusCode).toBe(
      403,
    );
    const bad = await v.call('POST', `/saved-views/${org}/default`, v.owner, { default: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].field).toBe('default');
    const rows = (await v.table('saved_views')) as { default_scope: string | null }[];
    expect(rows.every((r) => r.default_scope === null)).toBe(true);
  });

  it('delete: own, own team’s, or organisation with tenant:write; invisible is 404; audited', async () => {
    const { v } = h;
    const team = await v.team('Payments', v.analyst, v.other);
    const mine = (await v.view(v.analyst, { name: 'Mine' })).json().id;
    const teamView = (await v.view(v.analyst, { name: 'Team', visibility: 'team', team_id: team })).json().id;
    const org = (await v.view(v.owner, { name: 'Org', visibility: 'organisation' })).json().id;
    expect((await v.call('DELETE', `/saved-views/${mine}`, v.other)).statusCode).toBe(404);
    const orgRefused = await v.call('DELETE', `/saved-views/${org}`, v.analyst);
    expect(orgRefused.statusCode).toBe(403);
    expect(await v.table('saved_views')).toHaveLength(3);
    expect((await v.call('DELETE', `/saved-views/${teamView}`, v.other)).statusCode).toBe(204);
    expect((await v.call('DELETE', `/saved-views/${mine}`, v.analyst)).statusCode).toBe(204);
    expect((await v.call('DELETE', `/saved-views/${org}`, v.owner)).statusCode).toBe(204);
    expect(await v.table('saved_views')).toHaveLength(0);
    const audit = (await v.table('audit_events')) as { action: string }[];
    expect(audit.filter((a) => a.action === 'saved_view.deleted')).toHaveLength(3);
  });

  it('/used is audited and stamps last_used_at; invisible is 404 and writes nothing', async () => {
    const { v } = h;
    const mine = (await v.view(v.analyst, {})).json().id;
    v.ctx.clock.advance(60_000);
    const used = await v.call('POST', `/saved-views/${mine}/used`, v.analyst);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ id: mine, used_at: v.ctx.clock.now().toISOString() });
    expect((await list())[0]!.last_used_at).toBe(v.ctx.clock.now().toISOString());
    const before = (await v.table('audit_events')).length;
    expect((await v.call('POST', `/saved-views/${mine}/used`, v.other)).statusCode).toBe(404);
    expect((await v.table('audit_events')).length).toBe(before);
    const audit = (await v.table('audit_events')) as { action: string; subject_id: string }[];
    expect(audit.filter((a) => a.action === 'saved_view.used').map((a) => a.subject_id)).toEqual([mine]);
  });

  it('another tenant’s view is the identical 404 on every route and nothing changes', async () => {
    const { v } = h;
    const theirs = (await v.view(v.stranger, { visibility: 'organisation' })).json().id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const answers = [];
    for (const id of [theirs, missing]) {
      answers.push((await v.call('DELETE', `/saved-views/${id}`, v.owner)).json());
      answers.push((await v.call('POST', `/saved-views/${id}/default`, v.owner, { default: true })).json());
      answers.push((await v.call('POST', `/saved-views/${id}/used`, v.owner)).json());
    }
    expect(answers.slice(0, 3)).toEqual(answers.slice(3));
    expect(answers[0]).toEqual({ code: 'resource.not_found', message: expect.any(String), details: [] });
    expect(await list(v.owner)).toEqual([]);
    const rows = (await v.table('saved_views')) as {
      default_scope: string | null;
      last_used_at: string | null;
    }[];
    expect(rows).toEqual([expect.objectContaining({ default_scope: null, last_used_at: null })]);
  });

  it('GET needs a known surface: a missing or unknown one is a 422 naming surface, never the value', async () => {
    const { v } = h;
    for (const url of ['/saved-views', '/saved-views?surface=reports-secret']) {
      const r = await v.call('GET', url, v.analyst);
      expect(r.statusCode).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toEqual(['surface']);
      expect(r.body).not.toContain('reports-secret');
    }
  });

  it('every route needs incidents:read', async () => {
    const { v } = h;
    const viewer = await (await import('../helpers/index.js')).signInAs(v.ctx, {
      role: 'viewer',
      tenant: v.owner.tenantSlug,
    });
    expect((await v.call('GET', '/saved-views?surface=incidents', viewer)).statusCode).toBe(403);
    expect((await v.view(viewer, {})).statusCode).toBe(403);
    expect((await v.call('GET', '/teams', viewer)).statusCode).toBe(403);
    expect(await v.table('saved_views')).toHaveLength(0);
  });
});
