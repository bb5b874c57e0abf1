import { describe, expect, it } from 'vitest';
import { useViews } from './harness.js';

const h = useViews();

describe('/teams', () => {
  it('creates with users:write, lists for incidents:read with members and the caller’s membership; audited', async () => {
    const { v } = h;
    const created = await v.call('POST', '/teams', v.admin, { name: 'Payments' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(
      (await v.call('POST', `/teams/${id}/members`, v.admin, { user_id: v.analyst.userId })).json(),
    ).toEqual({
      added: true,
    });
    const list = await v.call('GET', '/teams', v.analyst);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      {
        id,
        name: 'Payments',
        member_count: 1,
        member: true,
        members: [{ user_id: v.analyst.userId, email: v.analyst.email, display_name: null }],
        created_at: expect.any(String),
      },
    ]);
    expect((await v.call('GET', '/teams', v.other)).json().items[0].member).toBe(false);
    const actions = (await v.table('audit_events')).map((a) => (a as { action: string }).action);
    expect(actions).toEqual(expect.arrayContaining(['team.created', 'team.member_added']));
  });

  it('POST, DELETE and membership need users:write (403); nothing changes', async () => {
    const { v } = h;
    const id = await v.team('Payments');
    expect((await v.call('POST', '/teams', v.analyst, { name: 'Other' })).statusCode).toBe(403);
    expect((await v.call('DELETE', `/teams/${id}`, v.analyst)).statusCode).toBe(403);
    const add = await v.call('POST', `/teams/${id}/members`, v.analyst, { user_id: v.analyst.userId });
    expect(add.statusCode).toBe(403);
    expect(add.json().code).toBe('auth.forbidden');
    expect(await v.table('teams')).toHaveLength(1);
    expect(await v.table('team_members')).toHaveLength(0);
  });

  it('a duplicate name compared without case is 409 and nothing is stored', async () => {
    const { v } = h;
    await v.team('Payments');
    const again = await v.call('POST', '/teams', v.admin, { name: 'PAYMENTS' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'team.name_taken', details: [{ field: 'name' }] });
    expect(await v.table('teams')).toHaveLength(1);
    // Another tenant may hold the same name.
    expect((await v.call('POST', '/teams', v.stranger, { name: 'Payments' })).statusCode).toBe(201);
  });

  it('concurrent creates of one name: one 201, the rest 409 team.name_taken, never a 500', async () => {
    // On PostgreSQL the requests run in parallel transactions: the check before the write can pass
    // for several at once and the unique index decides.
    const { v } = h;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        v.call('POST', '/teams', v.admin, { name: i % 2 ? 'Payments' : 'PAYMENTS' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().code).toBe('team.name_taken');
    expect(await v.table('teams')).toHaveLength(1);
  });

  it('a name outside 1-60 or with control characters is a 422 naming the field, never the value', async () => {
    const { v } = h;
    for (const name of ['', 'x'.repeat(61), 'bad\u0007name']) {
      const r = await v.call('POST', '/teams', v.admin, { name });
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('name');
      if (name.length > 0) expect(r.body).not.toContain(name);
    }
    expect(await v.table('teams')).toHaveLength(0);
  });

  it('already in is {added: false} with no second audit entry; not in is 404', async () => {
    const { v } = h;
    const id = await v.team('Payments', v.analyst);
    const again = await v.call('POST', `/teams/${id}/members`, v.admin, { user_id: v.analyst.userId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ added: false });
    const added = (await v.table('audit_events')).filter(
      (a) => (a as { action: string }).action === 'team.member_added',
    );
    expect(added).toHaveLength(1);
    expect((await v.call('DELETE', `/teams/${id}/members/${v.other.userId}`, v.admin)).statusCode).toBe(404);
    expect((await v.call('DELETE', `/teams/${id}/members/${v.analyst.userId}`, v.admin)).statusCode).toBe(
      204,
    );
    expect((await v.call('DELETE', `/teams/${id}/members/${v.analyst.userId}`, v.admin)).statusCode).toBe(
      404,
    );
    expect(await v.table('team_members')).toHaveLength(0);
  });

  it('another organisation’s person (or nobody) is 422 on user_id, without the value; nothing is stored', async () => {
    const { v } = h;
    const id = await v.team('Payments');
    for (const userId of [v.stranger.userId, '00000000-0000-4000-8000-000000000000']) {
      const r = await v.call('POST', `/teams/${id}/members`, v.admin, { user_id: userId });
      expect(r.statusCode).toBe(422);
      expect(r.json().details).toEqual([{ field: 'user_id', message: expect.any(String) }]);
      expect(r.body).not.toContain(userId);
    }
    expect(await v.table('team_members')).toHaveLength(0);
  });

  it('another tenant’s team is the identical 404 on every route; nothing changes', async () => {
    const { v } = h;
    const theirs = (await v.call('POST', '/teams', v.stranger, { name: 'Theirs' })).json().id;
    await v.call('POST', `/teams/${theirs}/members`, v.stranger, { user_id: v.stranger.userId });
    const missing = '00000000-0000-4000-8000-000000000000';
    const answers = [];
    for (const id of [theirs, missing]) {
      answers.push((await v.call('DELETE', `/teams/${id}`, v.owner)).json());
      answers.push(
        (await v.call('POST', `/teams/${id}/members`, v.owner, { user_id: v.analyst.userId })).json(),
      );
      answers.push((await v.call('DELETE', `/teams/${id}/members/${v.stranger.userId}`, v.owner)).json());
    }
    expect(answers.slice(0, 3)).toEqual(answers.slice(3));
    expect(answers[0]).toEqual({ code: 'resource.not_found', message: expect.any(String), details: [] });
    expect(await v.table('teams')).toHaveLength(1);
    expect(await v.table('team_members')).toHaveLength(1);
    expect((await v.call('GET', '/teams', v.owner)).json().items).toEqual([]);
  });

  it('deleting a team removes its members and its views, audited with the counts; other views stay', async () => {
    const { v } = h;
    const id = await v.team('Payments', v.analyst);
    expect((await v.view(v.analyst, { name: 'Team view', visibility: 'team', team_id: id })).statusCode).toBe(
      201,
    );
    expect((await v.view(v.analyst, { name: 'Mine' })).statusCode).toBe(201);
    expect((await v.call('DELETE', `/teams/${id}`, v.admin)).statusCode).toBe(204);
    expect(await v.table('teams')).toHaveLength(0);
    expect(await v.table('team_members')).toHaveLength(0);
    expect(((await v.table('saved_views')) as { name: string }[]).map((r) => r.name)).toEqual(['Mine']);
    const entry = (await v.table('audit_events')).find(
      (a) => (a as { action: string }).action === 'team.deleted',
    ) as {
      metadata: string;
    };
    expect(JSON.parse(entry.metadata)).toMatchObject({ members_removed: 1, views_removed: 1 });
  });
});
