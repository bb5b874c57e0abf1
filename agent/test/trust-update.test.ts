import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signTrustUpdate, type TrustUpdatePayload } from '@custos/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { type EnrollmentState, readEnrollment, writeEnrollment } from '../src/enrollment-state.js';
import { acceptTrustUpdate } from '../src/policy/trust-update.js';

function key(id: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x as string;
  const entry = {
    key_id: id,
    public_key_b64: Buffer.from(x, 'base64url').toString('base64'),
    algorithm: 'ed25519',
    not_after: null,
  };
  return { privateKey, entry };
}

const oldKey = key('old');
const newKey = key('new');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function enrolled(): Promise<{ dir: string; state: EnrollmentState }> {
  const dir = mkdtempSync(join(tmpdir(), 'custos-trust-'));
  dirs.push(dir);
  const state: EnrollmentState = {
    server_url: 'https://127.0.0.1:1',
    device_id: 'device-1',
    tenant_id: 'tenant-a',
    agent_group: null,
    certificate_pem: 'c',
    ca_chain_pem: 'ca',
    certificate_expires_at: '2027-01-01T00:00:00Z',
    policy_signing_keys: [oldKey.entry],
    policy_trust_version: 1,
    checkin_interval_secs: null,
    enrolled_at: '2026-11-01T00:00:00Z',
  };
  await writeEnrollment(dir, state);
  return { dir, state };
}

const payload = (over: Partial<TrustUpdatePayload> = {}): TrustUpdatePayload => ({
  kind: 'policy_trust_update',
  tenant_id: 'tenant-a',
  version: 2,
  keys: [oldKey.entry, newKey.entry],
  issued_at: '2026-11-25T00:00:00Z',
  ...over,
});
const quiet = () => undefined;

describe('the agent takes a policy_trust_update (document 2, trust rotation)', () => {
  it('persists an accepted set and its version in enrollment.json, then takes the second transition', async () => {
    const { dir, state } = await enrolled();
    const first = await acceptTrustUpdate(
      dir,
      state,
      signTrustUpdate(payload(), oldKey.privateKey, 'old'),
      quiet,
    );
    expect(first.accepted).toBe(true);
    const stored = await readEnrollment(dir);
    expect(stored?.policy_trust_version).toBe(2);
    expect(stored?.policy_signing_keys.map((k) => k.key_id).sort()).toEqual(['new', 'old']);
    const second = signTrustUpdate(payload({ version: 3, keys: [newKey.entry] }), newKey.privateKey, 'new');
    expect((await acceptTrustUpdate(dir, stored as EnrollmentState, second, quiet)).accepted).toBe(true);
    expect((await readEnrollment(dir))?.policy_signing_keys.map((k) => k.key_id)).toEqual(['new']);
  });

  it.each([
    ['an equal version', payload({ version: 1 }), 'old', 'trust.version_not_newer'],
    ['an older version', payload({ version: 0 }), 'old', 'trust.version_not_newer'],
    ['an empty set', payload({ keys: [] }), 'old', 'trust.empty_set'],
    ["another tenant's", payload({ tenant_id: 'tenant-b' }), 'old', 'trust.tenant_mismatch'],
    [
      'an unsupported algorithm',
      payload({ keys: [oldKey.entry, { ...newKey.entry, algorithm: 'p-384' }] }),
      'old',
      'trust.algorithm_unsupported',
    ],
    ['an outside signer', payload({ keys: [newKey.entry] }), 'new', 'trust.signer_outside'],
    ['a direct replacement', payload({ keys: [newKey.entry] }), 'old', 'trust.direct_replacement'],
  ] as const)('refuses %s and keeps the last trusted set on disk', async (_n, p, signer, code) => {
    const { dir, state } = await enrolled();
    const before = readFileSync(join(dir, 'enrollment.json'), 'utf8');
    const signing = signer === 'old' ? oldKey.privateKey : newKey.privateKey;
    const r = await acceptTrustUpdate(dir, state, signTrustUpdate(p, signing, signer), quiet);
    expect(r).toMatchObject({ accepted: false, refusal: { code } });
    expect(readFileSync(join(dir, 'enrollment.json'), 'utf8')).toBe(before);
  });
});
