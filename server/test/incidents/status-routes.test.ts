import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateIncidentIfVersion } from '../../src/modules/incidents/workflow-store.js';
import { signInAs } from '../helpers/index.js';
import { auditActions, RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const status = (id: string, body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', `/incidents/${id}/status`, who, body);

/** The whole table of docs/incidents.md, from every stored status to every requested one. */
const CLOSES = ['closed', 'false_positive', 'accepted_risk'];
const TABLE: Record<string, string[]> = {
  new: ['triaged', 'investigating', 'awaiting_user', ...CLOSES],
  triaged: ['investigating', 'awaiting_user', ...CLOSES],
  investigating: ['triaged', 'awaiting_user', ...CLOSES],
  awaiting_user: ['investigating', ...CLOSES],
  closed: ['investigating'],
};
const TARGETS = ['triaged', 'investigating', 'awaiting_user', ...CLOSES];

function bodyFor(target: string): Record<string, unknown> {
  if (target === 'closed') return { status: target, disposition: 'benign', resolution: RESOLUTION };
  if (target === 'false_positive' || target === 'accepted_risk')
    return { status: target, resolution: RESOLUTION };
  if (target === 'awaiting_user') return { status: target, question: 'Why was this file copied?' };
  return { status: target };
}

/** Puts a fresh incident in a stored status through the route. */
async function incidentIn(from: string): Promise<string> {
  const id = await t.one();
  if (from !== 'new') expect((await status(id, bodyFor(from))).statusCode).toBe(200);
  return id;
}

describe('POST /incidents/{id}/status: the transition table', () => {
  it('walks every pair: legal moves land, illegal ones are 409 naming both states', async () => {
    for (const [from, legal] of Object.entries(TABLE)) {
      const detail = await t.call('GET', `/incidents/${await incidentIn(from)}`);
      expect(detail.json().allowed_transitions).toEqual(legal);
      for (const target of TARGETS) {
        const id = await incidentIn(from);
        const r = await status(id, bodyFor(target));
        if (!legal.includes(target)) {
          expect(r.statusCode, `${from} -> ${target}`).toBe(409);
          expect(r.json().code).toBe('incident.transition_illegal');
          expect(r.json().message).toContain(from);
          expect(r.json().message).toContain(target);
          continue;
        }
        expect(r.statusCode, `${from} -> ${target}`).toBe(200);
        const stored = CLOSES.includes(target) ? 'closed' : target;
        expect(r.json()).toMatchObject({ status: stored, open: stored !== 'closed' });
        expect(r.json().allowed_transitions).toEqual(TABLE[stored]);
      }
    }
  });

  it('refuses a move to new and unknown statuses by field', async () => {
    const id = await t.one();
    for (const s of ['new', 'resolved', 'CLOSED']) {
      const r = await status(id, { status: s });
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('status');
    }
  });

  it('a close sets disposition, resolution and closed_at; a reopen clears all three', async () => {
    const id = await t.one();
    const closed = await status(id, {
      status: 'closed',
      disposition: 'coached_mistake',
      resolution: `  ${RESOLUTION}  `,
    });
    expect(closed.json()).toMatchObject({
      status: 'closed',
      disposition: 'coached_mistake',
      resolution: RESOLUTION,
      closed_at: '2026-01-20T09:00:01.000Z',
      open: false,
    });
    const reopened = await status(id, { status: 'investigating', note: 'New evidence arrived.' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({
      status: 'investigating',
      disposition: null,
      resolution: null,
      closed_at: null,
    });
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    expect(detail).toMatchObject({ disposition: null, resolution: null, closed_at: null, open: true });
    expect(await auditActions(t, id)).toEqual(['incident.status_changed', 'incident.reopened']);
  });
});

describe('POST /incidents/{id}/status: dispositions and limits', () => {
  const field = (r: { json(): { code: string; details: { field: string }[] } }) => [
    r.json().code,
    r.json().details[0]?.field,
  ];

  it('false_positive is detector_error, given when not sent; detector_error goes with no other status', async () => {
    const [a, b, c, d] = await t.raise(['p1', 'p2', 'p3', 'p4']);
    const fp = await status(a!, { status: 'false_positive', resolution: RESOLUTION });
    expect(fp.json()).toMatchObject({ status: 'closed', disposition: 'detector_error' });
    const named = await status(b!, {
      status: 'false_positive',
      disposition: 'false_positive',
      resolution: RESOLUTION,
    });
    expect(named.json().disposition).toBe('detector_error');
    for (const disposition of ['detector_error', 'false_positive']) {
      const r = await status(c!, { status: 'closed', disposition, resolution: RESOLUTION });
      expect(r.statusCode).toBe(422);
      expect(field(r)).toEqual(['request.invalid', 'disposition']);
    }
    const mixed = await status(d!, {
      status: 'false_positive',
      disposition: 'benign',
      resolution: RESOLUTION,
    });
    expect(field(mixed)).toEqual(['request.invalid', 'disposition']);
    for (const disposition of ['confirmed_violation', 'business_need', 'coached_mistake', 'benign']) {
      const id = await t.one();
      const r = await status(id, { status: 'closed', disposition, resolution: RESOLUTION });
      expect(r.json().disposition).toBe(disposition);
    }
  });

  it('a close needs a disposition and a resolution of 15-500 characters; a note is at most 10,000', async () => {
    const id = await t.one();
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'closed', resolution: RESOLUTION }, 'disposition'],
      [{ status: 'closed', disposition: 'benign' }, 'resolution'],
      [{ status: 'closed', disposition: 'benign', resolution: 'x'.repeat(14) }, 'resolution'],
      [{ status: 'closed', disposition: 'benign', resolution: `   ${'x'.repeat(13)}   ` }, 'resolution'],
      [{ status: 'closed', disposition: 'benign', resolution: 'x'.repeat(501) }, 'resolution'],
      [{ status: 'closed', disposition: 'benign', resolution: RESOLUTION, note: 'n'.repeat(10_001) }, 'note'],
      [{ status: 'closed', disposition: 'nonsense', resolution: RESOLUTION }, 'disposition'],
    ];
    for (const [body, name] of cases) {
      const r = await status(id, body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(r.json().details.map((x: { field: string }) => x.field)).toContain(name);
      expect(JSON.stringify(r.json())).not.toContain('xxxxxxxxxxxxx');
    }
    expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({ status: 'new', row_version: 1 });
    const edge = await status(id, {
      status: 'closed',
      disposition: 'benign',
      resolution: 'x'.repeat(500),
      note: 'n'.repeat(10_000),
    });
    expect(edge.statusCode).toBe(200);
    const fifteen = await status(await t.one(), {
      status: 'closed',
      disposition: 'benign',
      resolution: 'y'.repeat(15),
    });
    expect(fifteen.statusCode).toBe(200);
  });

  it('an open status takes no disposition or resolution; a question goes only with awaiting_user', async () => {
    const id = await t.one();
    expect(field(await status(id, { status: 'triaged', disposition: 'benign' }))).toEqual([
      'request.invalid',
      'disposition',
    ]);
    expect(field(await status(id, { status: 'triaged', resolution: RESOLUTION }))).toEqual([
      'request.invalid',
      'resolution',
    ]);
    expect(field(await status(id, { status: 'triaged', question: 'Why?' }))).toEqual([
      'request.invalid',
      'question',
    ]);
    expect(field(await status(id, { status: 'awaiting_user' }))).toEqual(['request.invalid', 'question']);
    expect(field(await status(id, { status: 'awaiting_user', question: 'q'.repeat(1_001) }))).toEqual([
      'request.invalid',
      'question',
    ]);
    expect((await t.call('GET', `/incidents/${id}`)).json().status).toBe('new');
  });
});

describe('POST /incidents/{id}/status: versions, permission, self-action', () => {
  it('a stale expected_version is 409 and changes nothing; the right one moves and bumps row_version', async () => {
    const id = await t.one();
    const stale = await status(id, { status: 'triaged', expected_version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('incident.stale_version');
    const ok = await status(id, { status: 'triaged', expected_version: 1 });
    expect(ok.json()).toMatchObject({ status: 'triaged', row_version: 2 });
    expect((await status(id, { status: 'investigating', expected_version: 1 })).statusCode).toBe(409);
    expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({
      status: 'triaged',
      row_version: 2,
    });
  });

  it('two writes decided on one row version: only the first lands (the store guard)', async () => {
    const id = await t.one();
    const db = t.h.ctx.db;
    const now = t.h.ctx.clock.now();
    const tenant = t.h.owner.tenantId;
    expect(await updateIncidentIfVersion(db, tenant, id, 1, { status: 'triaged' }, now)).toBe(2);
    expect(await updateIncidentIfVersion(db, tenant, id, 1, { status: 'investigating' }, now)).toBeNull();
    expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({
      status: 'triaged',
      row_version: 2,
    });
  });

  it('needs incidents:write', async () => {
    const id = await t.one();
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    const r = await status(id, { status: 'triaged' }, auditor);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('auth.forbidden');
  });

  it('nobody closes an incident about their own account: 403, audited, nothing changed', async () => {
    const ann = await signInAs(t.h.ctx, {
      role: 'security_analyst',
      tenant: t.h.owner.tenantSlug,
      email: 'ann@example.com',
    });
    for (const person of ['ann', 'CORP\\Ann', 'ann@corp.local']) {
      const id = await t.one(person);
      expect((await status(id, { status: 'investigating' }, ann)).statusCode).toBe(200);
      for (const body of [
        { status: 'closed', disposition: 'benign', resolution: RESOLUTION },
        { status: 'false_positive', resolution: RESOLUTION },
      ]) {
        const r = await status(id, body, ann);
        expect(r.statusCode).toBe(403);
        expect(r.json().code).toBe('incident.self_action_refused');
      }
      expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({
        status: 'investigating',
        row_version: 2,
      });
      expect(await auditActions(t, id)).toEqual([
        'incident.status_changed',
        'incident.self_action_refused',
        'incident.self_action_refused',
      ]);
      // Another analyst closes it.
      expect(
        (await status(id, { status: 'closed', disposition: 'benign', resolution: RESOLUTION })).statusCode,
      ).toBe(200);
    }
    const other = await t.one('annette');
    expect(
      (await status(other, { status: 'closed', disposition: 'benign', resolution: RESOLUTION }, ann))
        .statusCode,
    ).toBe(200);
  });
});
