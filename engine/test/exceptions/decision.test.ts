import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type DecisionPayload,
  type DecisionTrust,
  decisionReleases,
  signDecision,
  verifyDecision,
} from '../../src/exceptions/index.js';

function keyPair(id: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    privateKey,
    trusted: { key_id: id, public_key_b64: Buffer.from(raw).toString('base64'), algorithm: 'ed25519' },
  };
}

const k1 = keyPair('k1');
const k2 = keyPair('k2');
const now = new Date('2026-03-31T12:00:00Z');
const payload: DecisionPayload = {
  kind: 'exception_decision',
  key_id: 'k1',
  tenant_id: 't1',
  device_id: 'd1',
  serial: 3,
  request_id: 'r1',
  reference: 'EXC-ABC123',
  decision: 'approved',
  policy_id: 'p1',
  policy_version: 2,
  file_hash: 'ab'.repeat(32),
  channel: 'removable_media',
  destination: 'USB 1',
  issued_at: '2026-03-31T11:00:00.000Z',
  expires_at: '2026-03-31T13:00:00.000Z',
};
const trust: DecisionTrust = { tenant_id: 't1', device_id: 'd1', keys: [k1.trusted], serial_floor: 2 };
const check = (env: unknown, t: DecisionTrust = trust, at = now) => {
  const v = verifyDecision(env, t, at);
  return v.ok ? 'ok' : v.code;
};

describe('verifyDecision', () => {
  it('accepts a decision signed by a trusted key for this device above the floor', () => {
    const v = verifyDecision(signDecision(payload, k1.privateKey), trust, now);
    expect(v).toEqual({ ok: true, payload });
  });
  it('refuses a key it does not trust, and a signature by another key under a trusted id', () => {
    expect(check(signDecision({ ...payload, key_id: 'k2' }, k2.privateKey))).toBe('unknown_key');
    expect(check(signDecision(payload, k2.privateKey))).toBe('bad_signature');
    expect(
      check(signDecision(payload, k1.privateKey), {
        ...trust,
        keys: [{ ...k1.trusted, not_after: '2026-03-01T00:00:00Z' }],
      }),
    ).toBe('unknown_key');
  });
  it('refuses another device and another tenant', () => {
    expect(check(signDecision({ ...payload, device_id: 'd2' }, k1.privateKey))).toBe('wrong_device');
    expect(check(signDecision({ ...payload, tenant_id: 't2' }, k1.privateKey))).toBe('wrong_tenant');
  });
  it('refuses an expired approval; a withdrawal does not expire', () => {
    const env = signDecision(payload, k1.privateKey);
    expect(check(env, trust, new Date('2026-03-31T13:00:00Z'))).toBe('expired');
    const w = signDecision(
      { ...payload, decision: 'withdrawn', expires_at: payload.issued_at },
      k1.privateKey,
    );
    expect(check(w)).toBe('ok');
  });
  it('refuses a replayed serial (at or below the floor)', () => {
    expect(check(signDecision({ ...payload, serial: 2 }, k1.privateKey))).toBe('replayed_serial');
    expect(check(signDecision({ ...payload, serial: 1 }, k1.privateKey))).toBe('replayed_serial');
  });
  it('refuses a decision issued more than five minutes ahead of the clock', () => {
    expect(check(signDecision({ ...payload, issued_at: '2026-03-31T12:05:01.000Z' }, k1.privateKey))).toBe(
      'issued_in_future',
    );
  });
  it('refuses any tampered field, an envelope key id swap, and a wrong algorithm', () => {
    const env = signDecision(payload, k1.privateKey);
    for (const [field, value] of Object.entries({
      decision: 'refused',
      expires_at: '2026-03-31T20:00:00.000Z',
      file_hash: 'cd'.repeat(32),
      serial: 9,
      device_id: 'd9',
    })) {
      const p = JSON.parse(Buffer.from(env.payload_b64, 'base64').toString('utf8'));
      p[field] = value;
      const tampered = { ...env, payload_b64: Buffer.from(JSON.stringify(p)).toString('base64') };
      expect(check(tampered)).toBe('bad_signature');
    }
    const both = { ...trust, keys: [k1.trusted, k2.trusted] };
    expect(check({ ...env, key_id: 'k2' }, both)).toBe('bad_signature');
    const signedByK2AsK1 = signDecision({ ...payload, key_id: 'k1' }, k2.privateKey);
    expect(check({ ...signedByK2AsK1, key_id: 'k2' }, both)).toBe('key_id_mismatch');
    expect(check({ ...env, alg: 'rsa' })).toBe('unsupported_algorithm');
    expect(check({ ...env, signature_b64: 'not base64' })).toBe('malformed');
    expect(check(null)).toBe('malformed');
  });
});

describe('decisionReleases', () => {
  const op = {
    policy_id: 'p1',
    file_hash: 'AB'.repeat(32),
    channel: 'removable_media',
    destination: 'USB 1',
  };
  it('an approval in force releases only the operation it names', () => {
    expect(decisionReleases(payload, op, now)).toBe(true);
    expect(decisionReleases(payload, { ...op, policy_id: 'p2' }, now)).toBe(false);
    expect(decisionReleases(payload, { ...op, file_hash: 'cd'.repeat(32) }, now)).toBe(false);
    expect(decisionReleases(payload, { ...op, channel: 'cloud_storage' }, now)).toBe(false);
    expect(decisionReleases(payload, { ...op, destination: 'USB 2' }, now)).toBe(false);
    expect(decisionReleases(payload, op, new Date('2026-03-31T13:00:00Z'))).toBe(false);
  });
  it('a refusal or a withdrawal releases nothing', () => {
    expect(decisionReleases({ ...payload, decision: 'refused' }, op, now)).toBe(false);
    expect(decisionReleases({ ...payload, decision: 'withdrawn' }, op, now)).toBe(false);
  });
});
