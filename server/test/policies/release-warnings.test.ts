import { beforeEach, describe, expect, it } from 'vitest';
import { insertEndpoint, stepUp } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

const t = policyApp({ also: ['admin'] });
const { postAs: post } = t;
let deviceId: string;

/** One active Linux-like endpoint: observes removable storage, cannot block, no user groups, no exclusions. */
function activeEndpoint(features: string[] = []) {
  return insertEndpoint(t.ctx, t.owner.tenantId, {
    osVersion: '6.8',
    capabilities: {
      channels: { removable_storage: { observe: true, block: false, notify: true } },
      scope_attributes: ['channels', 'device_ids', 'operating_systems'],
      features,
    },
  });
}

beforeEach(async () => {
  deviceId = await activeEndpoint();
});

const base = {
  name: 'Cards to USB',
  severity: 'high',
  condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
  response: 'audit',
  change_reason: 'release warning test',
};

describe('release warnings from the active endpoints’ capabilities', () => {
  it('submits a draft with a coverage warning, and the approval carries and audits it', async () => {
    const id = (
      await post(t.owner, '/policies', {
        ...base,
        scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
      })
    ).json().policy_id;
    expect((await post(t.owner, `/policies/${id}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    await stepUp(t.ctx, t.admin, 'policy_release');
    const ok = await post(t.admin, `/policies/${id}/versions/1/approve`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().coverage_warnings.map((w: { kind: string }) => w.kind)).toContain('scope_unevaluable');
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'policy.published_with_warnings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.metadata)).toMatchObject({
      via: 'approve',
      warning_kinds: ['scope_unevaluable'],
    });
  });

  it('publishes a targeted draft directly when every active endpoint can evaluate it', async () => {
    const id = (
      await post(t.owner, '/policies', {
        ...base,
        scope: { channels: ['removable_storage'], device_ids: [deviceId] },
      })
    ).json().policy_id;
    const r = await post(t.owner, `/policies/${id}/versions/1/publish`);
    expect(r.json()).toMatchObject({ status: 'published', coverage_warnings: [] });
  });

  it('refuses a release with an exclusion while an active endpoint lacks scope_exclusions, with the count', async () => {
    await activeEndpoint(['scope_exclusions']);
    const id = (
      await post(t.owner, '/policies', {
        ...base,
        scope: {
          channels: ['removable_storage'],
          device_ids: [deviceId],
          exclude_targets: [{ kind: 'endpoint', source: { type: 'svc' }, object_id: deviceId }],
        },
      })
    ).json().policy_id;
    const r = await post(t.owner, `/policies/${id}/versions/1/publish`);
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('policy.exclusions_unsupported');
    expect(r.json().message).toContain('1 active endpoints');
    const refused = await t.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'policy.lifecycle_refused')
      .execute();
    expect(refused).toHaveLength(1);
  });
});
