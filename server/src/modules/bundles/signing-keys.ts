import { createPrivateKey, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { seal, unseal } from '../../crypto/seal.js';
import type { Database } from '../../db/database.js';
import type { PolicySigningKey } from '../../ports/policy-port.js';
import { findLiveSigningKey, insertSigningKeyIfNone, listSigningKeys } from './store.js';
import type { PolicySigningKeysTable, SigningKeyState } from './tables.js';

/** The sealing context of a tenant's policy signing key (bound as associated data). */
export function signingKeyContext(tenantId: string, keyId: string): string {
  return `tenant:${tenantId}:policy-signing-key:${keyId}`;
}

/** A fresh Ed25519 signing key row; the private half only sealed under the master key. */
export function newSigningKeyRow(
  tenantId: string,
  masterKey: Buffer,
  now: Date,
  state: SigningKeyState,
): PolicySigningKeysTable {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const keyId = randomUUID();
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    key_id: keyId,
    tenant_id: tenantId,
    public_key_b64: Buffer.from(raw).toString('base64'),
    private_key_sealed: seal(
      masterKey,
      privateKey.export({ format: 'der', type: 'pkcs8' }),
      signingKeyContext(tenantId, keyId),
    ),
    created_at: now.toISOString(),
    not_after: null,
    retired_at: null,
    state,
    overlap_trust_version: null,
  };
}

/** The private half of a stored key (active or rotating: a retired key has none). */
export function unsealSigningKey(masterKey: Buffer, row: PolicySigningKeysTable): KeyObject {
  const der = unseal(masterKey, row.private_key_sealed, signingKeyContext(row.tenant_id, row.key_id));
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

/**
 * The tenant's policy signing keys as agents must trust them. The first call creates the tenant's
 * Ed25519 key; its private half is stored only sealed under the master key.
 */
export async function getPolicySigningKeys(
  db: Kysely<Database>,
  tenantId: string,
  masterKey: Buffer,
): Promise<PolicySigningKey[]> {
  if (!(await findLiveSigningKey(db, tenantId)))
    await insertSigningKeyIfNone(db, newSigningKeyRow(tenantId, masterKey, new Date(), 'active'));
  const rows = await listSigningKeys(db, tenantId);
  return rows.map((r) => ({
    key_id: r.key_id,
    public_key_b64: r.public_key_b64,
    algorithm: 'ed25519' as const,
    not_after: r.not_after,
  }));
}

/**
 * The tenant's live policy signing key, unsealed, for what else the server signs with it (signed
 * exception decisions, docs/exception-requests.md). The key is created on first use, as above.
 */
export async function livePolicySigningKey(
  db: Kysely<Database>,
  tenantId: string,
  masterKey: Buffer,
): Promise<{ key_id: string; privateKey: KeyObject }> {
  await getPolicySigningKeys(db, tenantId, masterKey);
  const key = await findLiveSigningKey(db, tenantId);
  if (!key) throw new Error('no live policy signing key');
  return { key_id: key.key_id, privateKey: unsealSigningKey(masterKey, key) };
}
