import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EnrollmentState } from '../src/enrollment-state.js';
import { BundleStore } from '../src/policy/bundle-store.js';
import { engineVerifier } from '../src/policy/engine-verify.js';
import { cardBundle } from './helpers/card-bundle.js';
import { policyKey, sign } from './helpers/signing-keys.js';
import { tempDir } from './helpers/tmp.js';

const key = policyKey('key-1');

function enrollment(): EnrollmentState {
  return {
    server_url: 'https://x',
    device_id: 'dev-1',
    tenant_id: 'tenant-1',
    agent_group: null,
    certificate_pem: '',
    ca_chain_pem: '',
    certificate_expires_at: new Date(Date.now() + 86_400_000 * 90).toISOString(),
    policy_signing_keys: [key.trusted],
    policy_trust_version: 0,
    checkin_interval_secs: 60,
    enrolled_at: new Date().toISOString(),
  };
}

function store(dir = tempDir()) {
  return { dir, store: new BundleStore(join(dir, 'policy'), engineVerifier(enrollment, Date.now)) };
}

describe('bundle store', () => {
  it('accepts a bundle signed by an enrolled key and persists bundle and floor', async () => {
    const { dir, store: s } = store();
    const r = await s.offer(sign(cardBundle({ version: 3 }), key));
    expect(r.ok).toBe(true);
    expect(s.getStatus()).toMatchObject({ version_in_force: 3, floor: 3 });
    const again = new BundleStore(join(dir, 'policy'), engineVerifier(enrollment, Date.now));
    await again.load();
    expect(again.payload()?.bundle_version).toBe(3);
  });

  it('refuses a tampered bundle and keeps the last verified one in force', async () => {
    const { store: s } = store();
    await s.offer(sign(cardBundle({ version: 2 }), key));
    const env = sign(cardBundle({ version: 5 }), key);
    const payload = JSON.parse(Buffer.from(env.payload_b64, 'base64').toString('utf8'));
    payload.policies[0].response = 'audit';
    const tampered = { ...env, payload_b64: Buffer.from(JSON.stringify(payload)).toString('base64') };
    const r = await s.offer(tampered);
    expect(r).toMatchObject({ ok: false, code: 'bundle.signature_invalid' });
    expect(s.payload()?.bundle_version).toBe(2);
    expect(s.getStatus().last_refusal).toMatchObject({ code: 'bundle.signature_invalid' });
  });

  it('refuses an older version than the persisted floor, across a restart', async () => {
    const { dir, store: s } = store();
    await s.offer(sign(cardBundle({ version: 7 }), key));
    const restarted = new BundleStore(join(dir, 'policy'), engineVerifier(enrollment, Date.now));
    await restarted.load();
    const r = await restarted.offer(sign(cardBundle({ version: 6 }), key));
    expect(r).toMatchObject({ ok: false, code: 'bundle.version_rollback' });
    expect(restarted.payload()?.bundle_version).toBe(7);
  });

  it('refuses a bundle signed by a key it never enrolled with', async () => {
    const { store: s } = store();
    await s.offer(sign(cardBundle({ version: 1 }), key));
    const foreign = policyKey('key-1'); // same id, different key material
    expect(await s.offer(sign(cardBundle({ version: 2 }), foreign))).toMatchObject({
      ok: false,
      code: 'bundle.signature_invalid',
    });
    const unknownId = policyKey('key-9');
    expect(await s.offer(sign(cardBundle({ version: 2 }), unknownId))).toMatchObject({
      ok: false,
      code: 'bundle.key_unknown',
    });
    expect(s.payload()?.bundle_version).toBe(1);
  });

  it('refuses another tenant’s bundle', async () => {
    const { store: s } = store();
    expect(await s.offer(sign(cardBundle({ version: 1, tenant: 'tenant-2' }), key))).toMatchObject({
      ok: false,
      code: 'bundle.tenant_mismatch',
    });
    expect(s.payload()).toBeNull();
  });

  it('does not put a kept bundle edited on disk in force at the next start', async () => {
    const { dir, store: s } = store();
    await s.offer(sign(cardBundle({ version: 4 }), key));
    const file = join(dir, 'policy', 'bundle.json');
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    const p = JSON.parse(Buffer.from(kept.envelope.payload_b64, 'base64').toString('utf8'));
    p.monitored_paths = ['/'];
    kept.envelope.payload_b64 = Buffer.from(JSON.stringify(p)).toString('base64');
    writeFileSync(file, JSON.stringify(kept));
    const restarted = new BundleStore(join(dir, 'policy'), engineVerifier(enrollment, Date.now));
    await restarted.load();
    expect(restarted.payload()).toBeNull();
    expect(restarted.getStatus().last_refusal?.code).toBe('bundle.signature_invalid');
  });
});
