import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertEndpoint } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

const t = policyApp();

async function group(name: string): Promise<string> {
  const r = await t.post('/agent-groups', { name });
  return r.json().id;
}

function endpoint(os: string, groupId: string | null): Promise<string> {
  return insertEndpoint(t.ctx, t.owner.tenantId, { os, groupId });
}

describe('scope preview', () => {
  it('counts eligible endpoints and the first reason for each left out, never names', async () => {
    const finance = await group('Finance');
    const sales = await group('Sales');
    const a = await endpoint('windows', finance);
    await endpoint('windows', sales);
    await endpoint('linux', finance);
    const b = await endpoint('windows', finance);
    const r = await t.post('/policies/scope-preview', {
      scope: {
        operating_systems: ['windows'],
        include_targets: [{ kind: 'endpoint_group', source: { type: 'svc' }, object_id: finance }],
        exclude_targets: [
          { kind: 'endpoint', source: { type: 'svc' }, object_id: b },
          { kind: 'endpoint_group', source: { type: 'svc' }, object_id: randomUUID() },
        ],
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      eligible_endpoints: 1,
      active_endpoints: 4,
      ineligible: {
        platform_not_in_scope: 1,
        endpoint_group_not_targeted: 1,
        excluded: 1,
        endpoint_not_targeted: 0,
      },
      whole_fleet: false,
    });
    expect(r.json().unresolved_targets).toHaveLength(1);
    expect(r.body).not.toContain(a);
  });

  it('says user membership is unknown when a directory group is named', async () => {
    const r = await t.post('/policies/scope-preview', {
      scope: {
        include_targets: [
          {
            kind: 'directory_group',
            source: { type: 'windows_directory', domain_sid: 'S-1-5-21-1-2-3' },
            object_id: 'S-1-5-21-1-2-3-512',
            label: 'Domain Admins',
          },
        ],
      },
    });
    expect(r.json()).toMatchObject({ user_membership: 'unknown', whole_fleet: false, active_endpoints: 0 });
    expect(r.json().directories).toEqual([
      { domain_sid: 'S-1-5-21-1-2-3', verification: 'no_source', last_verified_at: null },
    ]);
  });
});
