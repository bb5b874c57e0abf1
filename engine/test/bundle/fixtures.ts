import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { BundleTrust } from '../../src/bundle/index.js';
import type { BundlePayload } from '../../src/policy/index.js';
import { bundlePolicy } from '../evaluate/fixtures.js';

export function keyPair(): { privateKey: KeyObject; publicKeyB64: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKeyB64: Buffer.from(jwk.x as string, 'base64url').toString('base64') };
}

export function privateKeyFromSeed(seedHex: string, publicHex: string): KeyObject {
  return createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(seedHex, 'hex').toString('base64url'),
      x: Buffer.from(publicHex, 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
}

export function payload(over: Partial<BundlePayload> = {}): BundlePayload {
  return {
    schema_version: { major: 1, minor: 0 },
    bundle_version: 7,
    tenant_id: 'tenant-a',
    key_id: 'k1',
    issued_at: '2026-11-23T09:00:00Z',
    expires_at: '2026-11-30T09:00:00Z',
    device_scope: null,
    group_scope: null,
    help_address: 'https://help.example.com',
    required_capabilities: [],
    policies: [
      bundlePolicy({ policy_id: 'p2', priority: 2, scope: { channels: ['print', 'clipboard'] } }),
      bundlePolicy({ policy_id: 'p1', priority: 1 }),
    ],
    classifications: [],
    detectors: [{ detector_id: 'payment_card', detector_version: 1, category: 'financial', builtin: true }],
    monitored_paths: ['/srv/b', '/srv/a'],
    ...over,
  };
}

export function trust(publicKeyB64: string, over: Partial<BundleTrust> = {}): BundleTrust {
  return {
    tenant_id: 'tenant-a',
    device_id: 'agent-1',
    agent_group: 'finance',
    keys: [
      { key_id: 'k1', public_key_b64: publicKeyB64, algorithm: 'ed25519', not_after: '2027-11-23T00:00:00Z' },
    ],
    version_floor: 5,
    ...over,
  };
}

export const NOW = new Date('2026-11-23T10:00:00Z');
