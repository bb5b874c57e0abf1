import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from './agent-harness.js';

// Issue 26 item 7: `dlp-agent uninstall` tells the server with a check-in whose health says
// uninstalling; the server marks the device uninstalled and its credentials stop working.
let h: AgentHarness;
let d: TestDevice;
beforeEach(async () => {
  h = await startHarness();
  d = await enrolDevice(h);
});
afterEach(async () => h.close());

const uninstalling = () => checkinBody({ health: { state: 'uninstalling', queue_depth: 0 } });

async function listed(status: string): Promise<{ id: string; status: string; health: unknown }[]> {
  const r = await h.ctx.app.inject({
    method: 'GET',
    url: `/api/v1/agents?status=${status}`,
    headers: h.owner.headers,
  });
  expect(r.statusCode).toBe(200);
  return r.json().items;
}

async function auditActions(): Promise<string[]> {
  const rows = await h.ctx.db
    .selectFrom('audit_events')
    .select('action')
    .where('action', '=', 'agent.uninstalled')
    .execute();
  return rows.map((r) => r.action);
}

describe('check-in marked uninstalling', () => {
  it('marks the device uninstalled, keeps its last health, audits once and hands out no command', async () => {
    await h.ctx.db
      .insertInto('agent_commands')
      .values({
        id: randomUUID(),
        tenant_id: d.tenantId,
        device_id: d.deviceId,
        kind: 'AskPerson',
        payload: '{}',
        created_at: h.ctx.clock.now().toISOString(),
        collected_at: null,
      })
      .execute();
    const r = await signed(h, d, 'POST', '/api/v1/agent/checkin', uninstalling());
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ revoked: true, commands: [], policy_update_available: false });
    const [gone] = await listed('uninstalled');
    expect(gone).toMatchObject({ id: d.deviceId, status: 'uninstalled', health: { state: 'uninstalling' } });
    expect(await listed('active')).toEqual([]);
    expect(await auditActions()).toEqual(['agent.uninstalled']);
    const pending = await h.ctx.db
      .selectFrom('agent_commands')
      .select('id')
      .where('collected_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(1);

    // The credentials no longer work: check-in says revoked, every other signed route is 401.
    const again = await signed(h, d, 'POST', '/api/v1/agent/checkin', uninstalling());
    expect(again.json()).toMatchObject({ revoked: true });
    expect(await auditActions()).toHaveLength(1);
    const policy = await signed(h, d, 'GET', '/api/v1/agent/policy');
    expect(policy.statusCode).toBe(401);
  });

  it('an ordinary check-in leaves the device active', async () => {
    const r = await signed(
      h,
      d,
      'POST',
      '/api/v1/agent/checkin',
      checkinBody({ health: { state: 'running' } }),
    );
    expect(r.json().revoked).toBe(false);
    expect((await listed('active')).map((a) => a.id)).toEqual([d.deviceId]);
  });
});
