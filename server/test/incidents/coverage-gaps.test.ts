import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { scopedAnalyst } from './misc-scope.js';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const DAY = 86_400_000;
const gaps = async (who: SignedIn = t.h.owner) => t.call('GET', '/coverage-gaps', who);
const at = (iso: string) => ({ at: iso });

describe('GET /coverage-gaps', () => {
  it('groups reduced events of real incidents by policy, channel and endpoint over seven days', async () => {
    await t.one('alice', t.d, at('2026-01-19T10:00:00.000Z'));
    await t.one('bob', t.d, at('2026-01-19T11:00:00.000Z'));
    await t.one('carol', t.d, {
      ...at('2026-01-19T12:00:00.000Z'),
      channel: 'removable_storage',
      requested_action: 'quarantine',
      action: 'block',
    });
    await t.one('dave', t.d, {
      ...at('2026-01-19T13:00:00.000Z'),
      channel: 'browser_upload',
      action: 'block',
      enforcement: 'applied',
    });
    await t.one('erin', t.d, {
      ...at('2026-01-19T14:00:00.000Z'),
      channel: 'file_modify',
      enforcement: 'applied',
    });
    const test = await t.one('frank', t.d, { ...at('2026-01-19T15:00:00.000Z'), channel: 'archive_create' });
    await t.call('POST', `/incidents/${test}/synthetic`, t.h.owner, {
      synthetic: true,
      reason: 'QA rehearsal',
    });
    await t.one('gina', t.d, at('2026-01-10T10:00:00.000Z'));

    const r = await gaps();
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.window_days).toBe(7);
    expect(body.truncated).toBe(false);
    const base = {
      policy_id: t.policy,
      policy_name: 'Card numbers',
      device_id: t.d.deviceId,
      hostname: 'host-1',
    };
    expect(body.gaps).toEqual([
      {
        ...base,
        channel: 'file_modify',
        requested_action: 'block',
        applied_action: 'audit',
        incidents: 1,
        events: 1,
        last_seen: '2026-01-19T14:00:00.000Z',
        reason: 'weaker_action',
      },
      {
        ...base,
        channel: 'removable_storage',
        requested_action: 'quarantine',
        applied_action: 'block',
        incidents: 1,
        events: 1,
        last_seen: '2026-01-19T12:00:00.000Z',
        reason: 'endpoint_capability',
      },
      {
        ...base,
        channel: 'file_create',
        requested_action: 'block',
        applied_action: 'audit',
        incidents: 2,
        events: 2,
        last_seen: '2026-01-19T11:00:00.000Z',
        reason: 'endpoint_capability',
      },
    ]);
    expect((await t.call('GET', '/coverage-gaps?days=30')).statusCode).toBe(422);
    // Three days on, only the events of the last seven days count.
    t.h.ctx.clock.advance(3 * DAY);
    const later = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    expect((await gaps(later)).json().gaps.map((g: { channel: string }) => g.channel)).toEqual([
      'file_modify',
      'removable_storage',
      'file_create',
    ]);
    t.h.ctx.clock.advance(5 * DAY);
    const latest = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    expect((await gaps(latest)).json().gaps).toEqual([]);
  });

  it('needs incidents:read; a scoped role sees only its groups; another tenant sees nothing', async () => {
    const { scoped, inside, stranger } = await scopedAnalyst(t);
    await t.one('alice', t.d, at('2026-01-19T10:00:00.000Z'));
    await t.one('bob', inside, at('2026-01-19T10:00:00.000Z'));
    expect((await gaps()).json().gaps).toHaveLength(2);
    const mine = (await gaps(scoped)).json().gaps;
    expect(mine.map((g: { device_id: string }) => g.device_id)).toEqual([inside.deviceId]);
    expect((await gaps(stranger)).json().gaps).toEqual([]);
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    expect((await gaps(viewer)).statusCode).toBe(403);
  });
});
