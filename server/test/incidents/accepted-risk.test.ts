import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reopenAcceptedRisks } from '../../src/modules/incidents/accepted-risk.js';
import { signInAs } from '../helpers/index.js';
import { auditActions, RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const DAY = 24 * 3_600_000;
const status = (id: string, body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', `/incidents/${id}/status`, who, body);

describe('accepted risk', () => {
  it('closes with business_need for 90 days unless told; the job reopens it at accepted_until, not before', async () => {
    const id = await t.one();
    const r = await status(id, { status: 'accepted_risk', resolution: RESOLUTION });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'closed',
      disposition: 'business_need',
      accepted_until: '2026-04-20T09:00:01.000Z',
    });
    expect((await t.call('GET', `/incidents/${id}`)).json().accepted_until).toBe('2026-04-20T09:00:01.000Z');
    const s = t.h.ctx.app.deps;
    t.h.ctx.clock.advance(90 * DAY - 1);
    expect(await reopenAcceptedRisks(s, t.h.ctx.clock.now())).toBe(0);
    t.h.ctx.clock.advance(1);
    expect(await reopenAcceptedRisks(s, t.h.ctx.clock.now())).toBe(1);
    expect(await reopenAcceptedRisks(s, t.h.ctx.clock.now())).toBe(0);
    const who = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    const detail = (await t.call('GET', `/incidents/${id}`, who)).json();
    expect(detail).toMatchObject({
      status: 'investigating',
      disposition: null,
      resolution: null,
      closed_at: null,
      accepted_until: null,
      row_version: 3,
    });
    expect(detail.history[0]).toMatchObject({
      actor_type: 'system',
      actor_id: null,
      from: 'closed',
      to: 'investigating',
    });
    expect(await auditActions(t, id)).toEqual(['incident.status_changed', 'incident.accepted_risk_reopened']);
  });

  it('accepted_until: only with accepted_risk, in the future, at most a year; business_need only', async () => {
    const id = await t.one();
    const bad: Record<string, unknown>[] = [
      {
        status: 'closed',
        disposition: 'benign',
        resolution: RESOLUTION,
        accepted_until: '2026-03-01T00:00:00Z',
      },
      { status: 'accepted_risk', resolution: RESOLUTION, accepted_until: '2026-01-20T09:00:00Z' },
      { status: 'accepted_risk', resolution: RESOLUTION, accepted_until: '2027-01-20T09:00:02Z' },
      { status: 'triaged', accepted_until: '2026-03-01T00:00:00Z' },
    ];
    for (const body of bad) {
      const r = await status(id, body);
      expect([r.statusCode, r.json().details[0].field]).toEqual([422, 'accepted_until']);
    }
    const wrong = await status(id, {
      status: 'accepted_risk',
      disposition: 'benign',
      resolution: RESOLUTION,
    });
    expect([wrong.statusCode, wrong.json().details[0].field]).toEqual([422, 'disposition']);
    const year = await status(id, {
      status: 'accepted_risk',
      resolution: RESOLUTION,
      accepted_until: '2027-01-20T09:00:01Z',
    });
    expect(year.json().accepted_until).toBe('2027-01-20T09:00:01.000Z');
  });

  it('an analyst reopening ends the acceptance, so the job never moves it again', async () => {
    const id = await t.one();
    await status(id, {
      status: 'accepted_risk',
      resolution: RESOLUTION,
      accepted_until: '2026-02-01T00:00:00Z',
    });
    expect((await status(id, { status: 'investigating' })).json().accepted_until).toBeNull();
    await status(id, { status: 'closed', disposition: 'benign', resolution: RESOLUTION });
    t.h.ctx.clock.advance(30 * DAY);
    expect(await reopenAcceptedRisks(t.h.ctx.app.deps, t.h.ctx.clock.now())).toBe(0);
    expect(
      (
        await t.h.ctx.db
          .selectFrom('incidents')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('closed');
  });
});
