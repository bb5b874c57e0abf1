import { describe, expect, it } from 'vitest';
import { policyApp } from './policy-app.js';

// The default module registry wires the policies module into the agent modules
// (modules/policy-wiring.ts): a live policy naming a group keeps it from retiring.
const t = policyApp();

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.ctx.app.inject({ method, url: `/api/v1${url}`, headers: t.owner.headers, payload: payload as object });

async function publishFor(scope: Record<string, unknown>): Promise<string> {
  const created = await call('POST', '/policies', {
    name: 'Cards leaving finance',
    severity: 'high',
    scope,
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
    response: 'audit',
    change_reason: 'finance handles card data',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().policy_id as string;
  expect((await call('POST', `/policies/${id}/versions/1/publish`)).json().status).toBe('published');
  return id;
}

describe('endpoint groups named by stored policies', () => {
  it('refuses to retire or rename a group a published policy names, naming the policy', async () => {
    const group = (await call('POST', '/agent-groups', { name: 'Finance' })).json().id as string;
    const policyId = await publishFor({ agent_groups: ['finance'] });
    const retire = await call('POST', `/agent-groups/${group}/retire`);
    expect(retire.statusCode).toBe(409);
    expect(retire.json()).toMatchObject({
      code: 'agent_group.in_use',
      details: [{ field: 'policy_ids', message: policyId }],
    });
    const rename = await call('PATCH', `/agent-groups/${group}`, { name: 'Treasury' });
    expect(rename.statusCode).toBe(409);
    const groups = (await call('GET', '/agent-groups')).json().items;
    expect(groups).toMatchObject([{ name: 'Finance', retired_at: null }]);
  });

  it('refuses to retire a group a policy names by typed target', async () => {
    const group = (await call('POST', '/agent-groups', { name: 'Ring One' })).json().id as string;
    await publishFor({
      include_targets: [{ kind: 'endpoint_group', source: { type: 'svc' }, object_id: group }],
    });
    expect((await call('POST', `/agent-groups/${group}/retire`)).statusCode).toBe(409);
  });
});
