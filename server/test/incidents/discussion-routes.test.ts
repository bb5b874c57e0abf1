import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { timeOrderedId } from '../../src/modules/incidents/time-ordered-id.js';
import { insertHistory } from '../../src/modules/incidents/workflow-store.js';
import { enrolDevice } from '../agents/agent-harness.js';
import { signInAs } from '../helpers/index.js';
import { RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const inTenant = () => ({ tenant: t.h.owner.tenantSlug });

describe('comments', () => {
  it('posts a trimmed comment (201), lists oldest first and audits without the text', async () => {
    const id = await t.one();
    const first = await t.call('POST', `/incidents/${id}/comments`, t.h.owner, {
      body: '  Spoke to the manager.  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      author_id: t.h.owner.userId,
      author_email: t.h.owner.email,
      body: 'Spoke to the manager.',
      from_person: false,
      created_at: '2026-01-20T09:00:01.000Z',
    });
    t.h.ctx.clock.advance(60_000);
    await t.call('POST', `/incidents/${id}/comments`, t.h.owner, { body: 'c'.repeat(10_000) });
    const list = await t.call('GET', `/incidents/${id}/comments?limit=1`);
    expect(list.json()).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(list.json().items[0].body).toBe('Spoke to the manager.');
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('subject_id', '=', id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['incident.commented', 'incident.commented']);
    expect(audit[0]!.metadata).not.toContain('manager');
    // A comment is not a write to the incident row.
    expect((await t.call('GET', `/incidents/${id}`)).json().row_version).toBe(1);
  });

  it('refuses blank and over-long bodies by field, and needs incidents:comment to post', async () => {
    const id = await t.one();
    for (const body of ['', '   ', 'c'.repeat(10_001)]) {
      const r = await t.call('POST', `/incidents/${id}/comments`, t.h.owner, { body });
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('body');
    }
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', ...inTenant() });
    const r = await t.call('POST', `/incidents/${id}/comments`, auditor, { body: 'hello there' });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toContain('incidents:comment');
    expect((await t.call('GET', `/incidents/${id}/comments`, auditor)).json().total).toBe(0);
  });
});

describe('GET /incidents/{id}/history', () => {
  it('every status change and assignment is a line: actor, time, from/to, request id; newest first', async () => {
    const id = await t.one();
    const moves: [string, Record<string, unknown>][] = [
      ['status', { status: 'triaged' }],
      ['assign', { assignee_email: t.h.owner.email }],
      [
        'status',
        { status: 'closed', disposition: 'benign', resolution: RESOLUTION, note: 'Checked with HR.' },
      ],
      ['status', { status: 'investigating' }],
    ];
    const requestIds: string[] = [];
    for (const [path, body] of moves) {
      t.h.ctx.clock.advance(1_000);
      const r = await t.call('POST', `/incidents/${id}/${path}`, t.h.owner, body);
      expect(r.statusCode).toBe(200);
      requestIds.push(String(r.headers['x-request-id']));
    }
    const page = await t.call('GET', `/incidents/${id}/history`);
    expect(page.statusCode).toBe(200);
    const items = page.json().items;
    expect(page.json()).toMatchObject({ total: 4, limit: 50, offset: 0 });
    expect(
      items.map((i: { kind: string; from: string | null; to: string | null }) => [i.kind, i.from, i.to]),
    ).toEqual([
      ['status', 'closed', 'investigating'],
      ['status', 'triaged', 'closed'],
      ['assignment', null, t.h.owner.email],
      ['status', 'new', 'triaged'],
    ]);
    expect(items[1]).toEqual({
      id: expect.any(String),
      at: '2026-01-20T09:00:04.000Z',
      actor_type: 'user',
      actor_id: t.h.owner.userId,
      actor_email: t.h.owner.email,
      kind: 'status',
      from: 'triaged',
      to: 'closed',
      disposition: 'benign',
      note: 'Checked with HR.',
      request_id: requestIds[2],
      correlation_id: null,
    });
    expect(items.map((i: { request_id: string }) => i.request_id)).toEqual([...requestIds].reverse());
    const second = await t.call('GET', `/incidents/${id}/history?limit=2&offset=2`);
    expect(second.json().items.map((i: { id: string }) => i.id)).toEqual(
      items.slice(2).map((i: { id: string }) => i.id),
    );
    // Refused requests leave no line.
    await t.call('POST', `/incidents/${id}/status`, t.h.owner, { status: 'new' });
    await t.call('POST', `/incidents/${id}/status`, t.h.owner, { status: 'triaged', expected_version: 1 });
    expect((await t.call('GET', `/incidents/${id}/history`)).json().total).toBe(4);
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    expect(detail.history_total).toBe(4);
    expect(detail.history).toEqual(items);
  });

  it('the detail carries the newest 200 lines and the total', async () => {
    const id = await t.one();
    const base = Date.parse('2026-01-20T10:00:00Z');
    for (let i = 0; i < 205; i += 1) {
      const at = new Date(base + i * 1_000);
      await insertHistory(t.h.ctx.db, {
        id: timeOrderedId(at),
        tenant_id: t.h.owner.tenantId,
        incident_id: id,
        at: at.toISOString(),
        actor_type: 'user',
        actor_id: t.h.owner.userId,
        actor_email: t.h.owner.email,
        kind: 'status',
        from_value: i % 2 ? 'triaged' : 'investigating',
        to_value: i % 2 ? 'investigating' : 'triaged',
        disposition: null,
        note: null,
        request_id: null,
        correlation_id: null,
      });
    }
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    expect(detail.history_total).toBe(205);
    expect(detail.history).toHaveLength(200);
    expect(detail.history[0].at).toBe(new Date(base + 204_000).toISOString());
    expect(detail.history[199].at).toBe(new Date(base + 5_000).toISOString());
  });
});

describe('visibility', () => {
  it("another tenant's, a missing and an out-of-scope incident answer one 404 on every route", async () => {
    const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
    const finance = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
    const outside = await t.one('alice');
    const inside = await t.one('bob', finance);
    const scoped = await signInAs(t.h.ctx, { role: 'security_analyst', ...inTenant() });
    const session = t.h.ctx.app.auth.authenticators[0]!;
    t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [g.json().id] } : null;
    });
    const stranger = await signInAs(t.h.ctx, { role: 'owner' });
    const calls: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['POST', 'status', { status: 'triaged' }],
      ['POST', 'assign', { assignee_email: null }],
      ['GET', 'comments'],
      ['POST', 'comments', { body: 'a comment' }],
      ['GET', 'history'],
    ];
    const missing = randomUUID();
    for (const [method, path, body] of calls) {
      const answers = [
        await t.call(method, `/incidents/${outside}/${path}`, scoped, body),
        await t.call(method, `/incidents/${outside}/${path}`, stranger, body),
        await t.call(method, `/incidents/${missing}/${path}`, t.h.owner, body),
      ];
      for (const a of answers) {
        expect(a.statusCode, `${method} ${path}`).toBe(404);
        expect(a.json()).toEqual(answers[2]!.json());
      }
      expect((await t.call(method, `/incidents/${inside}/${path}`, scoped, body)).statusCode).toBeLessThan(
        300,
      );
    }
    expect((await t.call('GET', `/incidents/assignees?incident=${outside}`, scoped)).statusCode).toBe(404);
    expect((await t.call('GET', `/incidents/${outside}`)).json()).toMatchObject({
      status: 'new',
      row_version: 1,
    });
  });
});
