import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  findAgent,
  findAgentGroup,
  findAgentGroupByName,
  listActiveAgents,
} from '../../src/modules/agents/public.js';
import { listActive } from '../../src/modules/agents/store.js';
import { signInAs } from '../helpers/index.js';
import { type AgentHarness, checkinBody, enrolDevice, signed, startHarness } from './agent-harness.js';

let h: AgentHarness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => h.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = h.owner.headers) =>
  h.ctx.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });

describe('endpoint groups', () => {
  it('creates, lists, renames and retires; names are unique without regard to case', async () => {
    const g = await call('POST', '/api/v1/agent-groups', { name: 'Ring 1' });
    expect(g.statusCode).toBe(201);
    const dup = await call('POST', '/api/v1/agent-groups', { name: 'ring 1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('agent_group.name_taken');
    expect((await call('POST', '/api/v1/agent-groups', { name: '  ' })).statusCode).toBe(422);
    expect(
      (await call('PATCH', `/api/v1/agent-groups/${g.json().id}`, { name: 'Ring One' })).statusCode,
    ).toBe(204);
    const list = await call('GET', '/api/v1/agent-groups');
    expect(list.json().items).toMatchObject([{ name: 'Ring One', agent_count: 0, retired_at: null }]);
    expect((await call('POST', `/api/v1/agent-groups/${g.json().id}/retire`)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/agent-groups')).json().items).toEqual([]);
    expect((await call('GET', '/api/v1/agent-groups?include_retired=true')).json().items).toHaveLength(1);
    const audits = await h.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'like', 'agent_group.%')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'agent_group.created',
      'agent_group.renamed',
      'agent_group.retired',
    ]);
  });

  it('refuses to retire a group a live policy names (409 naming the policies)', async () => {
    const g = await call('POST', '/api/v1/agent-groups', { name: 'Finance' });
    h.port.groupUse.set('finance', ['11111111-1111-4111-8111-111111111111']);
    const r = await call('POST', `/api/v1/agent-groups/${g.json().id}/retire`);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'agent_group.in_use', details: [{ field: 'policy_ids' }] });
  });

  it('refuses to retire a group a live role scope names (409 naming the roles)', async () => {
    await h.close();
    const scoped = new Set<string>();
    h = await startHarness({}, undefined, async (_s, _t, groupId) => (scoped.has(groupId) ? ['role-1'] : []));
    const g = await call('POST', '/api/v1/agent-groups', { name: 'Support' });
    scoped.add(g.json().id);
    const r = await call('POST', `/api/v1/agent-groups/${g.json().id}/retire`);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'agent_group.in_use',
      details: [{ field: 'role_ids', message: 'role-1' }],
    });
    scoped.clear();
    expect((await call('POST', `/api/v1/agent-groups/${g.json().id}/retire`)).statusCode).toBe(204);
  });

  it('needs agents:write to change and agents:read to list', async () => {
    const viewer = await signInAs(h.ctx, { role: 'viewer', tenant: h.owner.tenantSlug });
    expect((await call('POST', '/api/v1/agent-groups', { name: 'X' }, viewer.headers)).statusCode).toBe(403);
    const analyst = await signInAs(h.ctx, { role: 'security_analyst', tenant: h.owner.tenantSlug });
    expect((await call('GET', '/api/v1/agent-groups', undefined, analyst.headers)).statusCode).toBe(200);
  });
});

describe('agents', () => {
  it('lists agents with status, OS, version, last seen, group and capabilities; moves and revokes', async () => {
    const g = await call('POST', '/api/v1/agent-groups', { name: 'Ring 1' });
    const d = await enrolDevice(h, 'ed25519', { agent_group: 'Ring 1' });
    const list = await call('GET', '/api/v1/agents');
    expect(list.json()).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(list.json().items[0]).toMatchObject({
      id: d.deviceId,
      status: 'active',
      os: 'linux',
      agent_version: '0.1.0',
      agent_group: 'Ring 1',
      capabilities: { features: ['scope_exclusions'] },
    });
    expect(
      (await call('POST', `/api/v1/agents/${d.deviceId}/group`, { group_id: null })).json().agent_group,
    ).toBeNull();
    const retired = await call('POST', '/api/v1/agent-groups', { name: 'Old ring' });
    await call('POST', `/api/v1/agent-groups/${retired.json().id}/retire`);
    const toRetired = await call('POST', `/api/v1/agents/${d.deviceId}/group`, {
      group_id: retired.json().id,
    });
    expect(toRetired.statusCode).toBe(422);
    expect(toRetired.json().details[0].field).toBe('group_id');
    expect(
      (await call('POST', `/api/v1/agents/${d.deviceId}/group`, { group_id: g.json().id })).json()
        .agent_group,
    ).toBe('Ring 1');
    for (const reason of ['no', '  no   ']) {
      expect((await call('POST', `/api/v1/agents/${d.deviceId}/revoke`, { reason })).statusCode).toBe(422);
    }
    const r = await call('POST', `/api/v1/agents/${d.deviceId}/revoke`, { reason: 'laptop stolen' });
    expect(r.json().status).toBe('revoked');
    expect((await call('GET', '/api/v1/agents?status=active')).json().total).toBe(0);
    const other = await signInAs(h.ctx, { role: 'owner' });
    expect((await call('GET', `/api/v1/agents/${d.deviceId}`, undefined, other.headers)).statusCode).toBe(
      404,
    );
  });

  it('a move reaches the agent: the check-in answer carries the endpoint group it is in now', async () => {
    const ring = await call('POST', '/api/v1/agent-groups', { name: 'Ring 3' });
    // The README's enrolment: a token without agent_group, so the device starts in no group.
    const d = await enrolDevice(h);
    const groupAtCheckin = async () =>
      (await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody())).json().agent_group;
    expect(await groupAtCheckin()).toBeNull();
    await call('POST', `/api/v1/agents/${d.deviceId}/group`, { group_id: ring.json().id });
    expect(await groupAtCheckin()).toBe('Ring 3');
    // A rename travels too: policies name groups by name, and so does the agent.
    await call('PATCH', `/api/v1/agent-groups/${ring.json().id}`, { name: 'Ring Three' });
    expect(await groupAtCheckin()).toBe('Ring Three');
    await call('POST', `/api/v1/agents/${d.deviceId}/group`, { group_id: null });
    expect(await groupAtCheckin()).toBeNull();
  });

  it('public.ts answers for the policies module', async () => {
    const g = await call('POST', '/api/v1/agent-groups', { name: 'Ring 2' });
    const d = await enrolDevice(h, 'ed25519', { agent_group: 'Ring 2' });
    await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody());
    const t = h.owner.tenantId;
    expect(await findAgentGroup(h.ctx.db, t, g.json().id)).toMatchObject({
      name: 'Ring 2',
      retired_at: null,
    });
    expect(await findAgentGroupByName(h.ctx.db, t, 'RING 2')).toMatchObject({ id: g.json().id });
    expect(await findAgentGroupByName(h.ctx.db, 'another-tenant', 'Ring 2')).toBeUndefined();
    expect(await findAgent(h.ctx.db, t, d.deviceId)).toMatchObject({
      hostname: 'host-1',
      group_name: 'Ring 2',
      status: 'active',
      bundle_version: 0,
    });
    expect(
      await listActiveAgents(h.ctx.db, t, { since: new Date(h.ctx.clock.now().getTime() - 1000) }),
    ).toHaveLength(1);
    expect(
      await listActiveAgents(h.ctx.db, t, { since: new Date(h.ctx.clock.now().getTime() + 1000) }),
    ).toHaveLength(0);
  });

  // A publish reads the whole fleet: page by page with a turn of the event loop between pages,
  // so check-ins are answered meanwhile (docs/deploy.md); the answer is the same, by hostname.
  it('lists the active fleet page by page, giving the event loop a turn between pages, by hostname', async () => {
    const names = ['delta', 'alpha', 'echo', 'charlie', 'bravo'];
    for (const hostname of names) await enrolDevice(h, 'ed25519', { hostname });
    const t = h.owner.tenantId;
    const since = new Date(h.ctx.clock.now().getTime() - 1000);
    const order: string[] = [];
    setImmediate(() => order.push('turn'));
    const paged = await listActive(h.ctx.db, t, since, 2);
    order.push('listed');
    expect(paged.map((a) => a.hostname)).toEqual([...names].sort());
    expect(order).toEqual(['turn', 'listed']);
    // One page: the same answer.
    expect(await listActive(h.ctx.db, t, since, 100)).toEqual(paged);
    expect(await listActiveAgents(h.ctx.db, t, { since })).toEqual(paged);
  });
});
