import {
  BUILTIN_DETECTORS,
  type BundlePayload,
  compileDetectors,
  decide,
  prepareBundle,
  scan,
} from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { SIMULATION_RISK } from '../../src/modules/policies/simulate.js';
import { signInAs, stepUp } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

const t = policyApp();
const { post } = t;

const rule = (name: string, response: string, min: number) => ({
  name,
  severity: 'high',
  scope: { channels: ['browser_upload'], agent_groups: ['Finance'] },
  condition: { op: 'detector', detector_id: 'payment_card', require_validated: true, min_matches: min },
  response,
  change_reason: 'simulation test policy',
});

describe('simulate', () => {
  it('agrees with the engine deciding over the signed bundle for the same inputs', async () => {
    const a = (await post('/policies', rule('one card', 'audit', 1))).json().policy_id;
    const b = (await post('/policies', rule('two cards', 'require_justification', 2))).json().policy_id;
    await post(`/policies/${a}/versions/1/publish`);
    // The two overlap (same detector, other action): the second goes through a second person.
    expect((await post(`/policies/${b}/versions/1/publish`)).json()).toEqual({ status: 'pending_approval' });
    const admin = await signInAs(t.ctx, { role: 'admin', tenant: t.owner.tenantSlug });
    await stepUp(t.ctx, admin, 'policy_release');
    const approved = await t.postAs(admin, `/policies/${b}/versions/1/approve`);
    expect(approved.json().status).toBe('published');
    const text = 'cards 4111 1111 1111 1111 and 5555 5555 5555 4444 in the sheet';
    const sim = await post('/policies/simulate', {
      text,
      channel: 'browser_upload',
      os: 'windows',
      agent_group: 'Finance',
    });
    expect(sim.statusCode).toBe(200);

    const env = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.envelope as { payload_b64: string };
    const payload = JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()) as BundlePayload;
    const engine = decide(
      prepareBundle(payload),
      {
        channel: 'browser_upload',
        content: { status: 'read', findings: scan(compileDetectors(BUILTIN_DETECTORS), text) },
      },
      {
        now: t.ctx.clock.now(),
        device: { id: 'simulation', os: 'windows', agent_group: 'Finance' },
        user: { sid: null, groups: null },
        risk: SIMULATION_RISK,
      },
    );
    const body = sim.json();
    expect(engine.outcome).toBe('action');
    expect(engine.matched_policies).toHaveLength(2);
    expect(body.final_action).toBe(engine.action);
    expect(body.decided_by_policy_id).toBe(engine.decided_by_policy_id);
    expect(body.matched_policies.map((m: { policy_id: string }) => m.policy_id)).toEqual(
      engine.matched_policies.map((m) => m.policy_id),
    );
    expect(typeof body.evaluation_duration_ms).toBe('number');
    // Risk: the three unknown inputs at their midpoint (document 1, evaluation rule 5).
    expect(body.risk).toEqual(JSON.parse(JSON.stringify(engine.risk)));
    expect(body.risk.undetermined).toEqual([
      'destination_trust',
      'application_management',
      'privilege_level',
    ]);
    expect(body.risk.factors.map((f: { name: string }) => f.name)).toContain('destination_trust');
    expect(sim.body).not.toContain('4111');
  });

  it('applies risk thresholds to the simulated score and explains the undetermined inputs', async () => {
    const id = (
      await post('/policies', {
        ...rule('risky cards', 'audit', 1),
        risk_thresholds: { below: 'audit', steps: [{ at_or_above: 30, action: 'require_justification' }] },
      })
    ).json().policy_id;
    expect((await post(`/policies/${id}/versions/1/publish`)).json().status).toBe('published');
    const sim = await post('/policies/simulate', {
      text: 'card 4111 1111 1111 1111',
      channel: 'browser_upload',
      agent_group: 'Finance',
    });
    const body = sim.json();
    expect(body.risk.score).toBeGreaterThanOrEqual(30);
    expect(body.final_action).toBe('require_justification');
    const codes = body.matched_policies.flatMap((m: { explanation: { code: string }[] }) =>
      m.explanation.map((l) => l.code),
    );
    expect(codes).toContain('risk.step');
    expect(codes.filter((c: string) => c === 'risk.undetermined')).toHaveLength(3);
  });

  it('simulates an unpublished draft in place of the published version', async () => {
    const a = (await post('/policies', rule('one card', 'audit', 1))).json().policy_id;
    const text = 'card 4111 1111 1111 1111';
    const draft = await post('/policies/simulate', {
      text,
      channel: 'browser_upload',
      agent_group: 'Finance',
      policy_id: a,
    });
    const none = await post('/policies/simulate', {
      text,
      channel: 'browser_upload',
      agent_group: 'Finance',
    });
    expect(none.json().outcome).toBe('no_match');
    expect(draft.json()).toMatchObject({ outcome: 'action', final_action: 'audit', decided_by_policy_id: a });
    // A scope miss says why in words a person reads (issue 26 item 3), and the answer keeps it.
    const elsewhere = await post('/policies/simulate', {
      text,
      channel: 'browser_upload',
      agent_group: 'Sales',
      policy_id: a,
    });
    expect(elsewhere.json().outcome).toBe('no_match');
    expect(elsewhere.json().not_matched).toContainEqual({
      policy_id: a,
      stage: 'scope',
      code: expect.any(String),
      text: expect.stringContaining('not in scope: endpoint group'),
    });
  });

  it('a plain payment_card condition ignores Luhn-invalid look-alikes (issue 26 item 6)', async () => {
    const plain = {
      name: 'plain card',
      severity: 'high',
      scope: { channels: ['browser_upload'] },
      condition: { op: 'detector', detector_id: 'payment_card' },
      response: 'audit',
      change_reason: 'default rule fields',
    };
    const a = (await post('/policies', plain)).json().policy_id;
    const sim = (text: string) =>
      post('/policies/simulate', { text, channel: 'browser_upload', policy_id: a });
    const lookAlikes = await sim('card number 4111 1111 1111 1112 and 5555 5555 5555 4445');
    expect(lookAlikes.statusCode).toBe(200);
    expect(lookAlikes.json().outcome).toBe('no_match');
    expect((await sim('card number 4111 1111 1111 1111')).json()).toMatchObject({
      outcome: 'action',
      final_action: 'audit',
      decided_by_policy_id: a,
    });
  });
});
