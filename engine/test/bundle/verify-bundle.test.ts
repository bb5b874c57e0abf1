import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BUNDLE_ERROR_CODES,
  type BundleEnvelope,
  canonicalBundleBytes,
  signBundle,
  sortBundlePayload,
  verifyBundle,
} from '../../src/bundle/index.js';
import { decide, prepareBundle } from '../../src/evaluate/index.js';
import type { BundlePayload } from '../../src/policy/index.js';
import { context, event } from '../evaluate/fixtures.js';
import { keyPair, NOW, payload, trust } from './fixtures.js';

const signer = keyPair();
const signed = (p: BundlePayload = payload()): BundleEnvelope => signBundle(p, signer.privateKey, p.key_id);
const check = (env: unknown, over = {}, now = NOW) =>
  verifyBundle(env, trust(signer.publicKeyB64, over), { now });
const codeOf = (r: ReturnType<typeof check>): string => (r.ok ? 'ok' : r.code);

/** Re-signs arbitrary bytes, to reach the checks that run after the signature. */
function signRaw(text: string, keyId = 'k1'): BundleEnvelope {
  const bytes = new TextEncoder().encode(text);
  const env = signBundle(payload({ key_id: keyId }), signer.privateKey, keyId);
  return {
    ...env,
    payload_b64: Buffer.from(bytes).toString('base64'),
    signature_b64: sign(null, bytes, signer.privateKey).toString('base64'),
  };
}

describe('signBundle / verifyBundle', () => {
  it('round-trips: the verified payload is the sorted payload and compiles for decisions', () => {
    const r = check(signed());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload.policies.map((p) => p.policy_id)).toEqual(['p1', 'p2']);
    expect(r.payload.policies[1]!.scope.channels).toEqual(['clipboard', 'print']);
    expect(r.payload.monitored_paths).toEqual(['/srv/a', '/srv/b']);
    expect(Buffer.from(r.bytes)).toEqual(Buffer.from(canonicalBundleBytes(payload())));
    expect(r.payload).toEqual(JSON.parse(JSON.stringify(sortBundlePayload(payload()))));
    expect(decide(prepareBundle(r.payload), event(), context()).decided_by_policy_id).toBe('p1');
  });

  it('refuses to sign with a key id the payload does not carry', () => {
    expect(() => signBundle(payload(), signer.privateKey, 'k2')).toThrow(TypeError);
  });

  it('each check has its own code (catalogue)', () => {
    expect(new Set(BUNDLE_ERROR_CODES).size).toBe(BUNDLE_ERROR_CODES.length);
  });
});

describe('verifyBundle: checks in document 1 order, one code each', () => {
  it('0. a malformed envelope', () => {
    expect(codeOf(check(null))).toBe('bundle.malformed');
    expect(codeOf(check({ ...signed(), payload_b64: 'not base64!' }))).toBe('bundle.malformed');
    expect(codeOf(check({ ...signed(), signature_b64: `${signed().signature_b64.slice(0, -2)}` }))).toBe(
      'bundle.malformed',
    );
  });

  it('1. algorithm', () => {
    expect(codeOf(check({ ...signed(), alg: 'rs256' }))).toBe('bundle.algorithm_unsupported');
  });

  it('2. known key id (and a key past not_after)', () => {
    expect(codeOf(check({ ...signed(), key_id: 'k9' }))).toBe('bundle.key_unknown');
    expect(codeOf(check(signed(), {}, new Date('2028-01-01T00:00:00Z')))).toBe('bundle.key_expired');
    const other = keyPair();
    expect(
      codeOf(
        check(signed(), {
          keys: [{ key_id: 'k1', public_key_b64: other.publicKeyB64, algorithm: 'ed25519' }],
        }),
      ),
    ).toBe('bundle.signature_invalid');
  });

  it('3. signature over the exact bytes, before parsing', () => {
    const env = signed();
    const bytes = Buffer.from(env.payload_b64, 'base64');
    // One changed byte: still JSON-ish, but the signature no longer covers it.
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 2) ^ 1, bytes.length - 2);
    expect(codeOf(check({ ...env, payload_b64: bytes.toString('base64') }))).toBe('bundle.signature_invalid');
    // Re-serialised (same JSON, different bytes) also fails: the signature is over bytes, not meaning.
    const reformatted = Buffer.from(
      JSON.stringify(JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()), null, 1),
    );
    expect(codeOf(check({ ...env, payload_b64: reformatted.toString('base64') }))).toBe(
      'bundle.signature_invalid',
    );
    // Garbage that is validly signed only fails after the signature, as unparseable.
    expect(codeOf(check(signRaw('{not json')))).toBe('bundle.payload_malformed');
  });

  it('4. envelope key id equals the payload key id', () => {
    const env = signRaw(new TextDecoder().decode(canonicalBundleBytes(payload({ key_id: 'k2' }))));
    expect(codeOf(check(env))).toBe('bundle.key_id_mismatch');
  });

  it('5. schema compatibility (same major)', () => {
    expect(codeOf(check(signed(payload({ schema_version: { major: 2, minor: 0 } }))))).toBe(
      'bundle.schema_incompatible',
    );
    expect(codeOf(check(signed(payload({ schema_version: { major: 1, minor: 4 } }))))).toBe('ok');
  });

  it('6. tenant', () => {
    expect(codeOf(check(signed(payload({ tenant_id: 'tenant-b' }))))).toBe('bundle.tenant_mismatch');
  });

  it('7. device scope', () => {
    expect(codeOf(check(signed(payload({ device_scope: ['agent-2'] }))))).toBe('bundle.device_out_of_scope');
    expect(codeOf(check(signed(payload({ device_scope: ['agent-1', 'agent-2'] }))))).toBe('ok');
  });

  it('8. group scope', () => {
    expect(codeOf(check(signed(payload({ group_scope: ['legal'] }))))).toBe('bundle.group_out_of_scope');
    expect(codeOf(check(signed(payload({ group_scope: ['finance'] })), { agent_group: null }))).toBe(
      'bundle.group_out_of_scope',
    );
  });

  it('9. expiry', () => {
    expect(codeOf(check(signed(payload({ expires_at: '2026-11-23T10:00:00Z' }))))).toBe('bundle.expired');
  });

  it('10. clock skew: issued more than 300 s ahead of now', () => {
    expect(codeOf(check(signed(payload({ issued_at: '2026-11-23T10:05:01Z' }))))).toBe('bundle.clock_skew');
    expect(codeOf(check(signed(payload({ issued_at: '2026-11-23T10:05:00Z' }))))).toBe('ok');
  });

  it('11. monotonic version floor: below the highest accepted is refused, equal is accepted', () => {
    expect(codeOf(check(signed(payload({ bundle_version: 4 }))))).toBe('bundle.version_rollback');
    expect(codeOf(check(signed(payload({ bundle_version: 5 }))))).toBe('ok');
  });

  it('reports the first failing check when several fail', () => {
    const bad = signed(
      payload({ tenant_id: 'tenant-b', expires_at: '2020-01-01T00:00:00Z', bundle_version: 1 }),
    );
    expect(codeOf(check(bad))).toBe('bundle.tenant_mismatch');
    expect(codeOf(check({ ...bad, alg: 'none' }))).toBe('bundle.algorithm_unsupported');
  });
});

describe('verifyBundle: a signed but unreadable policy is refused, never compiled', () => {
  it('names the first malformed field path', () => {
    const p = payload();
    const broken = {
      ...p,
      policies: [{ ...p.policies[0]!, response: 'warn' as never, condition: { op: 'regex' } as never }],
    };
    const r = check(signed(broken));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('bundle.payload_malformed');
    expect(r.message).toContain('policies[0].response');
  });

  it('still accepts a schedule zone this endpoint cannot resolve (the policy stays active)', () => {
    const p = payload();
    const odd = {
      ...p,
      policies: [
        {
          ...p.policies[0]!,
          schedule: { timezone: 'Mars/Olympus_Mons', days_of_week: [0], start_minute: 0, end_minute: 60 },
        },
      ],
    };
    expect(check(signed(odd)).ok).toBe(true);
  });
});
