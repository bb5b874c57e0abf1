import { describe, expect, it } from 'vitest';
import {
  signTrustUpdate,
  type TrustedPolicyKey,
  type TrustSet,
  type TrustUpdatePayload,
  verifyTrustUpdate,
} from '../../src/bundle/index.js';
import { keyPair } from './fixtures.js';

const oldKey = keyPair();
const newKey = keyPair();
const outside = keyPair();
const OLD: TrustedPolicyKey = {
  key_id: 'old',
  public_key_b64: oldKey.publicKeyB64,
  algorithm: 'ed25519',
  not_after: null,
};
const NEW: TrustedPolicyKey = {
  key_id: 'new',
  public_key_b64: newKey.publicKeyB64,
  algorithm: 'ed25519',
  not_after: null,
};
const current: TrustSet = { tenant_id: 'tenant-a', version: 3, keys: [OLD] };

function update(over: Partial<TrustUpdatePayload> = {}): TrustUpdatePayload {
  return {
    kind: 'policy_trust_update',
    tenant_id: 'tenant-a',
    version: 4,
    keys: [OLD, NEW],
    issued_at: '2026-11-25T00:00:00Z',
    ...over,
  };
}

describe('policy_trust_update (document 2, trust rotation)', () => {
  it('accepts the first transition: the old key signs {old, new} with a higher version', () => {
    const r = verifyTrustUpdate(signTrustUpdate(update(), oldKey.privateKey, 'old'), current);
    expect(r).toMatchObject({ ok: true, version: 4, signer_key_id: 'old' });
    expect(r.ok && r.keys.map((k) => k.key_id).sort()).toEqual(['new', 'old']);
  });

  it('accepts the second transition: the new key signs {new} once both are trusted', () => {
    const both: TrustSet = { tenant_id: 'tenant-a', version: 4, keys: [OLD, NEW] };
    const r = verifyTrustUpdate(
      signTrustUpdate(update({ version: 5, keys: [NEW] }), newKey.privateKey, 'new'),
      both,
    );
    expect(r).toMatchObject({ ok: true, version: 5 });
  });

  it.each([
    ['an equal version', update({ version: 3 }), 'old', 'trust.version_not_newer'],
    ['an older version', update({ version: 2 }), 'old', 'trust.version_not_newer'],
    ['an empty set', update({ keys: [] }), 'old', 'trust.empty_set'],
    ["another tenant's", update({ tenant_id: 'tenant-b' }), 'old', 'trust.tenant_mismatch'],
    [
      'an unsupported key algorithm',
      update({ keys: [OLD, { ...NEW, algorithm: 'rsa-pss' }] }),
      'old',
      'trust.algorithm_unsupported',
    ],
    ['a direct replacement (old signs {new})', update({ keys: [NEW] }), 'old', 'trust.direct_replacement'],
  ] as const)('refuses %s', (_name, payload, signer, code) => {
    const r = verifyTrustUpdate(signTrustUpdate(payload, oldKey.privateKey, signer), current);
    expect(r).toMatchObject({ ok: false, code });
  });

  it('refuses an outside signer: the new key alone cannot sign for an agent that trusts only the old', () => {
    const env = signTrustUpdate(update({ keys: [NEW] }), newKey.privateKey, 'new');
    expect(verifyTrustUpdate(env, current)).toMatchObject({ ok: false, code: 'trust.signer_outside' });
    const foreign = signTrustUpdate(update(), outside.privateKey, 'old');
    expect(verifyTrustUpdate(foreign, current)).toMatchObject({ ok: false, code: 'trust.signature_invalid' });
  });

  it('refuses an unsupported envelope algorithm and a signer whose key changed under the same id', () => {
    const env = signTrustUpdate(update(), oldKey.privateKey, 'old');
    expect(verifyTrustUpdate({ ...env, alg: 'rsa' }, current)).toMatchObject({
      code: 'trust.algorithm_unsupported',
    });
    const swapped = update({ keys: [{ ...OLD, public_key_b64: outside.publicKeyB64 }, NEW] });
    expect(verifyTrustUpdate(signTrustUpdate(swapped, oldKey.privateKey, 'old'), current)).toMatchObject({
      code: 'trust.direct_replacement',
    });
  });

  it('refuses a bundle-shaped payload and a tampered payload', () => {
    const env = signTrustUpdate(update(), oldKey.privateKey, 'old');
    const other = signTrustUpdate(
      { ...update(), kind: 'bundle' as 'policy_trust_update' },
      oldKey.privateKey,
      'old',
    );
    expect(verifyTrustUpdate(other, current)).toMatchObject({ code: 'trust.malformed' });
    const tampered = {
      ...env,
      payload_b64: Buffer.from('{"kind":"policy_trust_update"}').toString('base64'),
    };
    expect(verifyTrustUpdate(tampered, current)).toMatchObject({ code: 'trust.signature_invalid' });
    expect(verifyTrustUpdate(null, current)).toMatchObject({ code: 'trust.malformed' });
  });
});
