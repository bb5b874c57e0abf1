import { X509Certificate } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stepUp } from '../helpers/index.js';
import { type AgentHarness, createToken, enrolBody, makeKey, startHarness } from './agent-harness.js';

let h: AgentHarness;
beforeEach(async () => {
  h = await startHarness({ DLP_DEVICE_CERT_DAYS: '45' });
});
afterEach(async () => h.close());

async function enrol(body: Record<string, unknown>) {
  return h.ctx.app.inject({ method: 'POST', url: '/api/v1/agent/enroll', payload: body });
}

describe('enrolment tokens', () => {
  it('shows the token once with its prefix, stores only the hash and lists it', async () => {
    const res = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^dlpe_[A-Za-z0-9_-]{43}$/);
    expect(body.token.startsWith(body.prefix)).toBe(true);
    expect(body).toMatchObject({ max_uses: 1, uses: 0, state: 'live', agent_group: null });
    const row = await h.ctx.db.selectFrom('enrollment_tokens').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(body.token);
    const list = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
    });
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain(body.token);
  });

  it('refuses max_uses outside 1-1,000 and clamps ttl_minutes to a week', async () => {
    for (const max_uses of [0, 1001]) {
      const r = await h.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/enrollment-tokens',
        headers: h.owner.headers,
        payload: { max_uses },
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('max_uses');
    }
    const zero = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: { ttl_minutes: 0 },
    });
    expect(zero.statusCode).toBe(422);
    const r = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: { ttl_minutes: 100_000 },
    });
    expect(r.statusCode).toBe(201);
    expect(Date.parse(r.json().expires_at) - h.ctx.clock.now().getTime()).toBe(7 * 24 * 3_600_000);
  });

  it('needs a step-up for a token for more than one machine', async () => {
    const r = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: { max_uses: 5 },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('auth.step_up_required');
    await stepUp(h.ctx, h.owner, 'enrollment_token');
    const ok = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: { max_uses: 5 },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an agent_group that does not exist and accepts one that does', async () => {
    const bad = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: { agent_group: 'Ring 1' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].field).toBe('agent_group');
    await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent-groups',
      headers: h.owner.headers,
      payload: { name: 'Ring 1' },
    });
    const ok = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: { agent_group: 'ring 1' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().agent_group).toBe('Ring 1');
  });

  it('needs agents:write', async () => {
    const { signInAs } = await import('../helpers/index.js');
    const viewer = await signInAs(h.ctx, { role: 'viewer', tenant: h.owner.tenantSlug });
    const r = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: viewer.headers,
      payload: {},
    });
    expect(r.statusCode).toBe(403);
  });

  it('revokes with a reason of at least five characters, audited, and stops enrolment', async () => {
    const created = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: {},
    });
    const { id, token } = created.json();
    for (const reason of ['oops', '   ab   ']) {
      const short = await h.ctx.app.inject({
        method: 'POST',
        url: `/api/v1/enrollment-tokens/${id}/revoke`,
        headers: h.owner.headers,
        payload: { reason },
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().details[0].field).toBe('reason');
    }
    const ok = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/enrollment-tokens/${id}/revoke`,
      headers: h.owner.headers,
      payload: { reason: 'ring enrolled' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().state).toBe('revoked');
    const audit = await h.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'enrollment_token.revoked')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.metadata).reason).toBe('ring enrolled');
    const key = await makeKey('ed25519');
    const r = await enrol(enrolBody(key, token));
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('enrolment.token_unusable');
  });
});

describe('POST /agent/enroll', () => {
  it('enrols an Ed25519 software key and answers every field of document 2', async () => {
    await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent-groups',
      headers: h.owner.headers,
      payload: { name: 'Ring 1' },
    });
    const token = await createToken(h, { agent_group: 'Ring 1' });
    const key = await makeKey('ed25519');
    const r = await enrol(enrolBody(key, token));
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.tenant_id).toBe(h.owner.tenantId);
    expect(b.agent_group).toBe('Ring 1');
    expect(b.checkin_interval_secs).toBe(60);
    expect(b.policy_signing_keys).toEqual(h.port.keys);
    const cert = new X509Certificate(b.certificate_pem);
    const ca = new X509Certificate(b.ca_chain_pem);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.subject).toContain(b.device_id);
    expect(Buffer.from(cert.publicKey.export({ format: 'der', type: 'spki' })).subarray(-32)).toEqual(
      key.publicRaw,
    );
    expect(Date.parse(b.certificate_expires_at) - h.ctx.clock.now().getTime()).toBe(45 * 86_400_000);
  });

  it('a device enrolled with a token whose group was retired since joins no group', async () => {
    const g = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent-groups',
      headers: h.owner.headers,
      payload: { name: 'Ring 9' },
    });
    const token = await createToken(h, { agent_group: 'Ring 9' });
    await h.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/agent-groups/${g.json().id}/retire`,
      headers: h.owner.headers,
    });
    const r = await enrol(enrolBody(await makeKey('ed25519'), token));
    expect(r.statusCode).toBe(200);
    expect(r.json().agent_group).toBeNull();
    const device = await h.ctx.db.selectFrom('devices').select('group_id').executeTakeFirstOrThrow();
    expect(device.group_id).toBeNull();
  });

  it('enrols a TPM-backed P-256 key from its CSR', async () => {
    const token = await createToken(h);
    const key = await makeKey('p256');
    const r = await enrol(enrolBody(key, token));
    expect(r.statusCode).toBe(200);
    const device = await h.ctx.db.selectFrom('devices').selectAll().executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      signature_algorithm: 'ecdsa_p256_sha256',
      key_protection: 'tpm_backed',
      status: 'active',
    });
  });

  it('checks key shapes before the token is consumed', async () => {
    const token = await createToken(h);
    const ed = await makeKey('ed25519');
    const p = await makeKey('p256');
    const cases: [Record<string, unknown>, string][] = [
      [{ schema_version: { major: 2, minor: 0 } }, 'schema_version.major'],
      [{ schema_version: { major: 2, minor: 0 } }, 'schema_version.major'],
      [{ device_signature_algorithm: 'rsa_pss' }, 'device_signature_algorithm'],
      [{ device_key_protection: 'tpm_backed' }, 'device_key_protection'],
      [{ device_key_protection: 'secure_enclave' }, 'device_key_protection'],
      [{ device_public_key_b64: Buffer.alloc(31, 1).toString('base64') }, 'device_public_key_b64'],
      [{ device_public_key_b64: 'not base64!' }, 'device_public_key_b64'],
      [{ csr_pem: p.csrPem }, 'csr_pem'],
      [{ csr_pem: 'garbage' }, 'csr_pem'],
    ];
    for (const [over, field] of cases) {
      const r = await enrol(enrolBody(ed, token, over));
      expect(r.statusCode, field).toBe(422);
      expect(r.json().details[0].field).toBe(field);
    }
    // A P-256 identity claims a 65-byte uncompressed point; a compressed one is refused.
    const compressed = Buffer.concat([
      Buffer.from([0x02 + (p.publicRaw[64]! & 1)]),
      p.publicRaw.subarray(1, 33),
    ]);
    const r = await enrol(enrolBody(p, token, { device_public_key_b64: compressed.toString('base64') }));
    expect(r.statusCode).toBe(422);
    const row = await h.ctx.db.selectFrom('enrollment_tokens').select('uses').executeTakeFirstOrThrow();
    expect(row.uses).toBe(0);
    expect((await enrol(enrolBody(ed, token))).statusCode).toBe(200);
  });

  it('answers the identical 403 for unknown, exhausted, expired and revoked tokens', async () => {
    const key = await makeKey('ed25519');
    const used = await createToken(h);
    expect((await enrol(enrolBody(key, used))).statusCode).toBe(200);
    const expiring = await createToken(h, { ttl_minutes: 1 });
    const revoked = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/enrollment-tokens',
      headers: h.owner.headers,
      payload: {},
    });
    await h.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/enrollment-tokens/${revoked.json().id}/revoke`,
      headers: h.owner.headers,
      payload: { reason: 'no longer needed' },
    });
    h.ctx.clock.advance(61_000);
    const bodies = new Set<string>();
    for (const token of ['dlpe_unknown', used, expiring, revoked.json().token]) {
      const r = await enrol(enrolBody(await makeKey('ed25519'), token));
      expect(r.statusCode).toBe(403);
      const { code, message, details } = r.json();
      bodies.add(JSON.stringify({ code, message, details }));
    }
    expect(bodies.size).toBe(1);
  });

  it('takes uses atomically: ten racing enrolments on a 3-use token make exactly 3 devices', async () => {
    await stepUp(h.ctx, h.owner, 'enrollment_token');
    const token = await createToken(h, { max_uses: 3 });
    const keys = await Promise.all(Array.from({ length: 10 }, () => makeKey('ed25519')));
    const results = await Promise.all(keys.map((k) => enrol(enrolBody(k, token))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(7);
    const n = await h.ctx.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(3);
  });
});
