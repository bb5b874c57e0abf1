import { describe, expect, it } from 'vitest';
import { insertEndpoint } from '../helpers/index.js';
import { cardsToUsb, policyApp } from './policy-app.js';

/**
 * Deployment bands per version, read from signed bundles (document 1, States): current, behind,
 * offline with offline_current, unknown, upgrade_required, plus unsupported and
 * capabilities_unknown counts, in the lifecycle view.
 */
const t = policyApp();
const { post } = t;

const FULL = {
  channels: {
    removable_storage: { observe: true, block: false, notify: true },
    print: { observe: true, block: false, notify: true },
  },
  scope_attributes: ['channels', 'device_ids', 'operating_systems'],
  features: ['scope_exclusions'],
};

function endpoint(os = 'linux') {
  return insertEndpoint(t.ctx, t.owner.tenantId, { os, capabilities: FULL });
}

/** What the endpoint reported at its last check-in. */
async function reported(id: string, fields: { bundle?: number; capabilities?: unknown; seenMsAgo?: number }) {
  await t.ctx.db
    .updateTable('devices')
    .set({
      ...(fields.bundle !== undefined ? { bundle_version: fields.bundle } : {}),
      ...(fields.capabilities !== undefined ? { capabilities: JSON.stringify(fields.capabilities) } : {}),
      ...(fields.seenMsAgo !== undefined
        ? { last_seen_at: new Date(t.ctx.clock.now().getTime() - fields.seenMsAgo).toISOString() }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

const draft = (scope: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  cardsToUsb('deployment bands test', { scope, ...over });

describe('deployment bands in the lifecycle view', () => {
  it('places each endpoint the version reaches by the bundle it reports', async () => {
    const [a, b, c, d, e, g, h] = [
      await endpoint(),
      await endpoint(),
      await endpoint(),
      await endpoint(),
      await endpoint(),
      await endpoint(),
      await endpoint(),
    ];
    const outside = await endpoint();
    const scope = { channels: ['removable_storage'], device_ids: [a, b, c, d, e, g, h] };
    const id = (await post('/policies', draft(scope))).json().policy_id as string;
    expect((await post(`/policies/${id}/versions/1/publish`)).json().bundle_version).toBe(1);
    await post(`/policies/${id}/versions`, draft(scope, { severity: 'low' }));
    expect((await post(`/policies/${id}/versions/2/publish`)).json().bundle_version).toBe(2);
    // Another policy with an exclusion: the latest bundle now requires scope_exclusions.
    const other = (
      await post(
        '/policies',
        draft(
          {
            channels: ['print'],
            device_ids: [a],
            exclude_targets: [{ kind: 'endpoint', source: { type: 'svc' }, object_id: outside }],
          },
          { name: 'Print rule', condition: { op: 'detector', detector_id: 'iban' } },
        ),
      )
    ).json().policy_id as string;
    expect((await post(`/policies/${other}/versions/1/publish`)).json().bundle_version).toBe(3);

    await reported(a, { bundle: 3 });
    await reported(b, { bundle: 1 });
    await reported(c, { bundle: 3, seenMsAgo: 60 * 60 * 1000 });
    await reported(d, { bundle: 0 });
    await reported(e, { bundle: 3, capabilities: {} });
    await reported(g, { bundle: 1, capabilities: { ...FULL, features: [] } });
    await reported(h, {
      bundle: 3,
      capabilities: { ...FULL, channels: { print: { observe: true, block: false, notify: true } } },
    });
    await reported(outside, { bundle: 3 });

    const view = await t.get(`/policies/${id}/lifecycle`);
    expect(view.statusCode).toBe(200);
    const [v1, v2] = view.json().versions;
    expect(v2.deployment_bands).toEqual({
      current: 3, // a, e, h run bundle 3, which carries version 2
      behind: 1, // b runs bundle 1
      offline: 1, // c
      offline_current: 1,
      unknown: 1, // d reported no bundle
      upgrade_required: 1, // g lacks scope_exclusions, which bundle 3 requires
      unsupported: 1, // h observes no removable storage
      capabilities_unknown: 1, // e
    });
    expect(v1.deployment_bands).toEqual({
      current: 2, // b and g still run bundle 1
      behind: 0, // version 1 is no longer in the latest bundle
      offline: 1,
      offline_current: 0,
      unknown: 1,
      upgrade_required: 0,
      unsupported: 1,
      capabilities_unknown: 1,
    });
    // A version never published has no bands.
    await post(`/policies/${id}/versions`, draft(scope, { severity: 'medium' }));
    const again = await t.get(`/policies/${id}/lifecycle`);
    expect(again.json().versions[2].deployment_bands).toBeNull();
    expect(view.body).not.toContain('host-');
  });
});
