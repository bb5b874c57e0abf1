import { describe, expect, it } from 'vitest';
import { insertEndpoint } from '../helpers/index.js';
import { cardsToUsb, policyApp } from './policy-app.js';

/**
 * `policy.published` (document 1, Events): `resolved_scope` counts for the whole tenant and
 * whether the policy stayed disabled.
 */
const t = policyApp();
const { post } = t;

/** An active endpoint that observes removable storage and evaluates channel, device and OS scopes. */
function activeEndpoint(os: string, lastSeen = t.ctx.clock.now()) {
  return insertEndpoint(t.ctx, t.owner.tenantId, {
    os,
    lastSeen,
    capabilities: {
      channels: { removable_storage: { observe: true, block: false, notify: true } },
      scope_attributes: ['channels', 'device_ids', 'operating_systems'],
      features: ['scope_exclusions'],
    },
  });
}

async function publishedEntries() {
  const rows = await t.ctx.db
    .selectFrom('audit_events')
    .select('metadata')
    .where('action', '=', 'policy.published')
    .execute();
  // The test clock stands still and ids are random: order by the version released.
  return rows
    .map((r) => JSON.parse(r.metadata) as Record<string, unknown> & { version: number })
    .sort((a, b) => a.version - b.version);
}

const draft = (scope: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  cardsToUsb('published audit test', { scope, ...over });

describe('policy.published audit entry', () => {
  it('records resolved_scope counts over the tenant’s active endpoints and policy_disabled', async () => {
    const linux = await activeEndpoint('linux');
    await activeEndpoint('windows');
    const linux2 = await activeEndpoint('linux');
    // Not active: last seen eight days ago (the seven-day window of release checks).
    await activeEndpoint('linux', new Date(t.ctx.clock.now().getTime() - 8 * 86_400_000));

    const id = (
      await post(
        '/policies',
        draft({ channels: ['removable_storage'], operating_systems: ['linux'], device_ids: [linux] }),
      )
    ).json().policy_id as string;
    expect((await post(`/policies/${id}/versions/1/publish`)).json().status).toBe('published');
    const [first] = await publishedEntries();
    expect(first).toMatchObject({
      version: 1,
      via: 'publish',
      policy_disabled: false,
      resolved_scope: {
        eligible_endpoints: 1,
        active_endpoints: 3,
        ineligible: { platform_not_in_scope: 1, endpoint_not_targeted: 1, excluded: 0 },
        whole_fleet: false,
        user_membership_unknown: false,
        unresolved_targets: 0,
      },
    });

    // A release meeting a switched-off policy says it stayed disabled.
    await post(`/policies/${id}/enabled`, { enabled: false, reason: 'switched off for a week' });
    await post(
      `/policies/${id}/versions`,
      draft(
        { channels: ['removable_storage'], operating_systems: ['linux'], device_ids: [linux, linux2] },
        { name: 'Both Linux hosts' },
      ),
    );
    const second = await post(`/policies/${id}/versions/2/publish`);
    expect(second.json()).toMatchObject({ status: 'published', policy_disabled: true, bundle_version: null });
    const entries = await publishedEntries();
    expect(entries[1]).toMatchObject({
      version: 2,
      policy_disabled: true,
      resolved_scope: { eligible_endpoints: 2, active_endpoints: 3 },
    });
    // Counts only: no endpoint id or hostname travels in the entry.
    expect(JSON.stringify(entries)).not.toContain(linux);
  });
});
