import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importDeviceKey, verifyDeviceSignature } from '../../src/crypto/device-keys.js';
import { noncesOf } from '../../src/db/side-connections.js';
import { type IdentityRefused, verifySignedRequest } from '../../src/modules/agent-api/signed-request.js';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  signHeaders,
  startHarness,
  type TestDevice,
} from './agent-harness.js';

interface WycheproofGroup {
  publicKey: { pk?: string; uncompressed?: string };
  tests: { tcId: number; msg: string; sig: string; result: 'valid' | 'invalid' | 'acceptable' }[];
}

function groups(file: string): WycheproofGroup[] {
  return JSON.parse(fs.readFileSync(new URL(`../../../../shared/vectors/${file}`, import.meta.url), 'utf8'))
    .testGroups;
}

describe('device signature verifier against Wycheproof', () => {
  it('Ed25519: every valid vector verifies and every invalid one fails', () => {
    let n = 0;
    for (const g of groups('wycheproof_ed25519_test.json')) {
      const key = importDeviceKey('ed25519', Buffer.from(g.publicKey.pk as string, 'hex'));
      expect(key).not.toBeNull();
      for (const t of g.tests) {
        const ok = verifyDeviceSignature(
          'ed25519',
          key!,
          Buffer.from(t.msg, 'hex'),
          Buffer.from(t.sig, 'hex'),
        );
        expect(ok, `tcId ${t.tcId}`).toBe(t.result === 'valid');
        n += 1;
      }
    }
    expect(n).toBe(151);
  });

  it('ECDSA P-256 SHA-256 (P1363): valid verify, invalid fail', () => {
    let n = 0;
    for (const g of groups('wycheproof_ecdsa_secp256r1_sha256_p1363_test.json')) {
      const key = importDeviceKey(
        'ecdsa_p256_sha256',
        Buffer.from(g.publicKey.uncompressed as string, 'hex'),
      );
      expect(key).not.toBeNull();
      for (const t of g.tests) {
        const ok = verifyDeviceSignature(
          'ecdsa_p256_sha256',
          key!,
          Buffer.from(t.msg, 'hex'),
          Buffer.from(t.sig, 'hex'),
        );
        if (t.result !== 'acceptable') expect(ok, `tcId ${t.tcId}`).toBe(t.result === 'valid');
        n += 1;
      }
    }
    expect(n).toBe(262);
  });
});

describe('signed agent requests', () => {
  let h: AgentHarness;
  let ed: TestDevice;
  let p256: TestDevice;
  const path = '/api/v1/agent/checkin';
  beforeEach(async () => {
    h = await startHarness();
    ed = await enrolDevice(h, 'ed25519');
    p256 = await enrolDevice(h, 'p256');
  });
  afterEach(async () => h.close());

  it('accepts a correctly signed request for both pinned algorithms', async () => {
    for (const d of [ed, p256]) {
      const r = await signed(h, d, 'POST', path, checkinBody());
      expect(r.statusCode).toBe(200);
    }
  });

  it('refuses a query string with 401 even when the signature covers it', async () => {
    const body = Buffer.from(JSON.stringify(checkinBody()));
    const headers = signHeaders(ed, 'POST', `${path}?x=1`, body, h.ctx.clock.now().getTime());
    const r = await h.ctx.app.inject({
      method: 'POST',
      url: `${path}?x=1`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('agent.query_not_allowed');
  });

  it('answers one refusal for unknown device, revoked device and bad signature; the log tells them apart', async () => {
    const unknown = await signed(
      h,
      { ...ed, deviceId: '00000000-0000-4000-8000-000000000000' },
      'POST',
      '/api/v1/agent/probe',
      {
        device_id: '00000000-0000-4000-8000-000000000000',
        client_time: h.ctx.clock.now().toISOString(),
      },
    );
    const wrongKey = await signed(
      h,
      { ...p256, deviceId: ed.deviceId, kind: 'p256' },
      'POST',
      '/api/v1/agent/probe',
      {
        device_id: ed.deviceId,
        client_time: h.ctx.clock.now().toISOString(),
      },
    );
    await h.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/agents/${p256.deviceId}/revoke`,
      headers: h.owner.headers,
      payload: { reason: 'stolen laptop' },
    });
    const revoked = await signed(h, p256, 'GET', '/api/v1/agent/policy');
    const bodies = [unknown, wrongKey, revoked].map((r) => {
      expect(r.statusCode).toBe(401);
      const { code, message, details } = r.json();
      return JSON.stringify({ code, message, details });
    });
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!).code).toBe('agent.unauthenticated');
    // What the server logs: the verifier names the cause of each refusal.
    const causes: string[] = [];
    const probe = Buffer.from('{}');
    const now = h.ctx.clock.now();
    for (const [d, id] of [
      [ed, '00000000-0000-4000-8000-000000000000'],
      [p256, p256.deviceId],
      [p256, ed.deviceId],
    ] as const) {
      const headers = signHeaders(
        { ...d, deviceId: id },
        'POST',
        '/api/v1/agent/probe',
        probe,
        now.getTime(),
      );
      try {
        await verifySignedRequest(h.ctx.db, {
          method: 'POST',
          url: '/api/v1/agent/probe',
          headers,
          body: probe,
          now,
          allowRevoked: false,
        });
      } catch (e) {
        causes.push((e as IdentityRefused).refusal);
      }
    }
    expect(causes).toEqual(['unknown_device', 'revoked_device', 'bad_signature']);
  });

  it('a stale timestamp, a malformed id and a spent nonce name themselves', async () => {
    const now = h.ctx.clock.now().getTime();
    const stale = await signed(h, ed, 'POST', path, checkinBody(), {
      timestamp: new Date(now - 301_000).toISOString(),
    });
    expect(stale.json().code).toBe('agent.timestamp_stale');
    const future = await signed(h, ed, 'POST', path, checkinBody(), {
      timestamp: new Date(now + 301_000).toISOString(),
    });
    expect(future.json().code).toBe('agent.timestamp_stale');
    const edge = await signed(h, ed, 'POST', path, checkinBody(), {
      timestamp: new Date(now - 300_000).toISOString(),
    });
    expect(edge.statusCode).toBe(200);
    const badId = await signed(h, ed, 'POST', path, checkinBody(), { deviceId: 'device-1' });
    expect(badId.statusCode).toBe(401);
    expect(badId.json().code).toBe('agent.device_id_malformed');
    const nonce = 'a'.repeat(32);
    expect((await signed(h, ed, 'POST', path, checkinBody(), { nonce })).statusCode).toBe(200);
    const again = await signed(h, ed, 'POST', path, checkinBody(), { nonce });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('agent.nonce_spent');
    const shortNonce = await signed(h, ed, 'POST', path, checkinBody(), { nonce: 'abc' });
    expect(shortNonce.json().code).toBe('agent.nonce_malformed');
  });

  it('the nonce cache is bounded by the window: an expired entry is forgotten, its timestamp is stale anyway', async () => {
    const nonce = 'b'.repeat(32);
    expect((await signed(h, ed, 'POST', path, checkinBody(), { nonce })).statusCode).toBe(200);
    h.ctx.clock.advance(301_000);
    const replay = await signed(h, ed, 'POST', path, checkinBody(), {
      nonce,
      timestamp: new Date(h.ctx.clock.now().getTime() - 301_000).toISOString(),
    });
    expect(replay.json().code).toBe('agent.timestamp_stale');
    const rows = await noncesOf(h.ctx.db)
      .selectFrom('agent_nonces')
      .selectAll()
      .where('nonce', '=', nonce)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0]!.expires_at)).toBeLessThanOrEqual(h.ctx.clock.now().getTime());
  });

  it('refuses an unknown device before reading its body (401, not 413 for an oversized upload)', async () => {
    const stranger = { ...ed, deviceId: '00000000-0000-4000-8000-000000000000' };
    const r = await signed(h, stranger, 'POST', '/api/v1/agent/events', Buffer.alloc(17 * 1024 * 1024), {
      contentType: 'application/json',
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('agent.unauthenticated');
    const own = await signed(h, ed, 'POST', '/api/v1/agent/events', Buffer.alloc(17 * 1024 * 1024), {
      contentType: 'application/json',
    });
    expect(own.statusCode).toBe(413);
  });

  it('the algorithm is pinned on the device row: an Ed25519 device cannot sign with P-256', async () => {
    const r = await signed(h, { ...p256, deviceId: ed.deviceId }, 'POST', path, checkinBody());
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('agent.unauthenticated');
  });

  it('the signature covers method, path and body bytes', async () => {
    const body = Buffer.from(JSON.stringify(checkinBody()));
    const headers = signHeaders(ed, 'POST', path, body, h.ctx.clock.now().getTime());
    const tampered = Buffer.from(JSON.stringify(checkinBody({ bundle_version: 9 })));
    const r = await h.ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: tampered,
    });
    expect(r.json().code).toBe('agent.unauthenticated');
    const other = signHeaders(ed, 'POST', '/api/v1/agent/probe', body, h.ctx.clock.now().getTime());
    const r2 = await h.ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { ...other, 'content-type': 'application/json' },
      payload: body,
    });
    expect(r2.json().code).toBe('agent.unauthenticated');
  });

  it('a missing header is the same identity refusal; bad JSON after a good signature is 400', async () => {
    const r = await h.ctx.app.inject({ method: 'POST', url: path, payload: checkinBody() });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('agent.unauthenticated');
    const bad = await signed(h, ed, 'POST', path, Buffer.from('{not json'), {
      contentType: 'application/json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request.malformed');
  });

  it('the device bucket answers 429 with whole-second Retry-After, never 0', async () => {
    await h.close();
    h = await startHarness({ DLP_AGENT_RATE_PER_MINUTE: '1', DLP_AGENT_RATE_BURST: '2' });
    ed = await enrolDevice(h, 'ed25519');
    expect((await signed(h, ed, 'POST', path, checkinBody())).statusCode).toBe(200);
    expect((await signed(h, ed, 'POST', path, checkinBody())).statusCode).toBe(200);
    const r = await signed(h, ed, 'POST', path, checkinBody());
    expect(r.statusCode).toBe(429);
    expect(r.json().code).toBe('agent.rate_limited');
    expect(r.headers['retry-after']).toBe('60');
    h.ctx.clock.advance(59_500);
    const r2 = await signed(h, ed, 'POST', path, checkinBody());
    expect(r2.headers['retry-after']).toBe('1');
    // One throttle alert per cooldown (DLP_AGENT_RATE_ALERT_COOLDOWN_MINUTES, 15 by default).
    const alerts = () =>
      h.ctx.db.selectFrom('audit_events').selectAll().where('action', '=', 'agent.throttled').execute();
    expect(await alerts()).toHaveLength(1);
    h.ctx.clock.advance(15 * 60_000);
    for (let i = 0; i < 4; i += 1) await signed(h, ed, 'POST', path, checkinBody());
    expect(await alerts()).toHaveLength(2);
  });
});
