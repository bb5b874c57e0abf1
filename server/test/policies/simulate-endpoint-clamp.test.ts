import { describe, expect, it } from 'vitest';
import { insertEndpoint } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

/**
 * Issue 14 item 7 (document 1, evaluation rule 3): a simulation naming an endpoint clamps the
 * decided action to what that endpoint reported, and its explanation is truthful about it.
 */
const t = policyApp();
const { post } = t;

const text = 'card 4111 1111 1111 1111 in the sheet';
const clampLines = (body: { explanation: { code: string; text: string }[] }) =>
  body.explanation.filter((l) => l.code.startsWith('clamp.'));

describe('simulate with endpoint_id', () => {
  it('clamps a draft block to audit on a monitor-only endpoint and says why', async () => {
    const id = (
      await post('/policies', {
        name: 'Cards to USB',
        severity: 'high',
        scope: { channels: ['removable_storage'] },
        condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
        response: 'block',
        change_reason: 'simulate the clamp',
      })
    ).json().policy_id as string;
    const monitorOnly = await insertEndpoint(t.ctx, t.owner.tenantId, {
      capabilities: { channels: { removable_storage: { observe: true, block: false, notify: false } } },
    });
    const sim = await post('/policies/simulate', {
      text,
      channel: 'removable_storage',
      policy_id: id,
      endpoint_id: monitorOnly,
    });
    expect(sim.statusCode).toBe(200);
    expect(sim.json()).toMatchObject({ requested_action: 'block', final_action: 'audit' });
    const lines = clampLines(sim.json());
    expect(lines.map((l) => l.code)).toEqual(['clamp.reduced']);
    expect(lines[0]?.text).toContain('block reduced to audit');

    const blocking = await insertEndpoint(t.ctx, t.owner.tenantId, {
      capabilities: { channels: { removable_storage: { observe: true, block: true, notify: true } } },
    });
    const ok = (
      await post('/policies/simulate', {
        text,
        channel: 'removable_storage',
        policy_id: id,
        endpoint_id: blocking,
      })
    ).json();
    expect(ok.final_action).toBe('block');
    expect(clampLines(ok).map((l) => l.code)).toEqual(['clamp.none']);

    // An endpoint that never reported, and no endpoint at all: not clamped, and said so.
    const silent = await insertEndpoint(t.ctx, t.owner.tenantId, {});
    for (const extra of [{ endpoint_id: silent }, {}]) {
      const r = (
        await post('/policies/simulate', { text, channel: 'removable_storage', policy_id: id, ...extra })
      ).json();
      expect(r.final_action).toBe('block');
      expect(clampLines(r).map((l) => l.code)).toEqual(['clamp.unreported']);
      expect(JSON.stringify(r.explanation)).not.toContain('within what the endpoint reports');
    }
  });
});
