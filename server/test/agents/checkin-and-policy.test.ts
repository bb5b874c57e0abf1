import { randomUUID, X509Certificate } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  makeKey,
  signed,
  startHarness,
  type TestDevice,
} from './agent-harness.js';

let h: AgentHarness;
let d: TestDevice;
beforeEach(async () => {
  h = await startHarness();
  d = await enrolDevice(h);
});
afterEach(async () => h.close());

const caps = (os: unknown, features = ['scope_exclusions']) => ({
  os,
  os_version: '6.1.0',
  agent_version: '0.1.0',
  channels: {},
  scope_attributes: [],
  features,
});

async function device() {
  return h.ctx.db.selectFrom('devices').selectAll().where('id', '=', d.deviceId).executeTakeFirstOrThrow();
}

describe('probe', () => {
  it('answers server time and drift and changes nothing (no command collected, no last-seen)', async () => {
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
    const before = await device();
    h.ctx.clock.advance(5_000);
    const r = await signed(h, d, 'POST', '/api/v1/agent/probe', {
      device_id: d.deviceId,
      client_time: new Date(h.ctx.clock.now().getTime() - 1_500).toISOString(),
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ server_time: h.ctx.clock.now().toISOString(), clock_drift_ms: 1_500 });
    expect(await device()).toEqual(before);
    const pending = await h.ctx.db
      .selectFrom('agent_commands')
      .selectAll()
      .where('collected_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(1);
  });
});

describe('probe refusals', () => {
  it('refuses a device_id that is not the signing device (422) and answers 404 on an unknown route', async () => {
    const other = await enrolDevice(h);
    const r = await signed(h, d, 'POST', '/api/v1/agent/probe', {
      device_id: other.deviceId,
      client_time: h.ctx.clock.now().toISOString(),
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().details[0].field).toBe('device_id');
    const missing = await signed(h, d, 'POST', '/api/v1/agent/nothing-here', {});
    expect(missing.statusCode).toBe(404);
  });
});

describe('check-in', () => {
  it('records health, capabilities and bundle in force and collects queued commands once', async () => {
    for (const kind of ['AskPerson', 'Refresh']) {
      await h.ctx.db
        .insertInto('agent_commands')
        .values({
          id: randomUUID(),
          tenant_id: d.tenantId,
          device_id: d.deviceId,
          kind,
          payload: '{"a":1}',
          created_at: h.ctx.clock.now().toISOString(),
          collected_at: null,
        })
        .execute();
      h.ctx.clock.advance(1);
    }
    const r = await signed(
      h,
      d,
      'POST',
      '/api/v1/agent/checkin',
      checkinBody({ health: { queue_depth: 7 }, bundle_version: 3 }),
    );
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.commands.map((c: { kind: string }) => c.kind)).toEqual(['AskPerson', 'Refresh']);
    expect(b).toMatchObject({
      revoked: false,
      policy_update_available: false,
      certificate_rotation: false,
      policy_trust_update: null,
    });
    const row = await device();
    expect(JSON.parse(row.health)).toEqual({ queue_depth: 7 });
    expect(row.bundle_version).toBe(3);
    const again = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(again.json().commands).toEqual([]);
  });

  it('reports clock drift from the signed timestamp', async () => {
    const r = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody(), {
      timestamp: new Date(h.ctx.clock.now().getTime() - 120_000).toISOString(),
    });
    expect(r.json().clock_drift_ms).toBe(120_000);
  });

  it('audits an OS change once and never records a bad value', async () => {
    for (const os of ['windows', 'windows', '', 'x'.repeat(201), 'lin\u0007ux']) {
      expect(
        (await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody({ capabilities: caps(os) })))
          .statusCode,
      ).toBe(200);
    }
    const audits = await h.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'agent.os_changed')
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.metadata)).toMatchObject({ from: 'linux', to: 'windows' });
    expect((await device()).os).toBe('windows');
  });

  it('says policy_update_available for a newer bundle the agent can read, not for one needing a missing capability', async () => {
    h.port.bundle = {
      version: 4,
      envelope: { alg: 'ed25519' },
      required_capabilities: [],
      created_at: h.ctx.clock.now().toISOString(),
    };
    const r = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody({ bundle_version: 3 }));
    expect(r.json().policy_update_available).toBe(true);
    const same = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody({ bundle_version: 4 }));
    expect(same.json().policy_update_available).toBe(false);
    h.port.bundle = { ...h.port.bundle, version: 5, required_capabilities: ['scope_exclusions'] };
    const lacking = await signed(
      h,
      d,
      'POST',
      '/api/v1/agent/checkin',
      checkinBody({ bundle_version: 4, capabilities: caps('linux', []) }),
    );
    expect(lacking.json().policy_update_available).toBe(false);
  });

  it('tells a revoked device it is revoked and hands it nothing', async () => {
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
    const rv = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/agents/${d.deviceId}/revoke`,
      headers: h.owner.headers,
      payload: { reason: 'left the company' },
    });
    expect(rv.statusCode).toBe(200);
    const r = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ revoked: true, commands: [], policy_update_available: false });
  });

  it('asks for certificate rotation within 30 days of expiry', async () => {
    h.ctx.clock.advance(61 * 86_400_000);
    const r = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(r.json().certificate_rotation).toBe(true);
  });
});

describe('GET /agent/policy', () => {
  it('answers bundle_version 0 with a reason when nothing is published', async () => {
    const r = await signed(h, d, 'GET', '/api/v1/agent/policy');
    expect(r.json()).toEqual({
      bundle_version: 0,
      bundle: null,
      reason: 'no_bundle_published',
      refused: null,
    });
  });

  it('serves the latest envelope, or upgrade_required naming the missing capability', async () => {
    const envelope = { alg: 'ed25519', key_id: 'k1', payload_b64: 'e30', signature_b64: 'AA' };
    h.port.bundle = {
      version: 7,
      envelope,
      required_capabilities: [],
      created_at: h.ctx.clock.now().toISOString(),
    };
    const r = await signed(h, d, 'GET', '/api/v1/agent/policy');
    expect(r.json()).toEqual({ bundle_version: 7, bundle: envelope, reason: null, refused: null });
    h.port.bundle.required_capabilities = ['scope_exclusions', 'warn_with_continue'];
    const refused = await signed(h, d, 'GET', '/api/v1/agent/policy');
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      bundle: null,
      refused: { code: 'upgrade_required', missing: ['warn_with_continue'] },
    });
  });
});

describe('POST /agent/certificate', () => {
  it('renews for the pinned key and refuses a CSR for another key', async () => {
    h.ctx.clock.advance(70 * 86_400_000);
    const r = await signed(h, d, 'POST', '/api/v1/agent/certificate', { csr_pem: d.csrPem });
    expect(r.statusCode).toBe(200);
    const cert = new X509Certificate(r.json().certificate_pem);
    expect(Date.parse(cert.validTo)).toBeGreaterThan(h.ctx.clock.now().getTime() + 89 * 86_400_000);
    expect((await device()).certificate_expires_at).toBe(r.json().certificate_expires_at);
    const other = await makeKey('ed25519');
    const bad = await signed(h, d, 'POST', '/api/v1/agent/certificate', { csr_pem: other.csrPem });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].field).toBe('csr_pem');
  });
});
