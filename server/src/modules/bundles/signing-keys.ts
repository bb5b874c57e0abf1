import { createPrivateKey, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { seal, unseal } from '../../crypto/seal.js';
import type { Database } from '../../db/database.js';
import type { PolicySigningKey } from '../../ports/policy-port.js';
import { findLiveSigningKey, insertSigningKeyIfNone, listSigningKeys } from './store.js';

/** The sealing context of a tenant's policy signing key (bound as associated data). */
export function signingKeyContext(tenantId: string, keyId: string): string {
  return `tenant:${tenantId}:policy-signing-key:${keyId}`;
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
  if (!(await findLiveSigningKey(db, tenantId))) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const keyId = randomUUID();
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    await insertSigningKeyIfNone(db, {
      key_id: keyId,
      tenant_id: tenantId,
      public_key_b64: Buffer.from(raw).toString('base64'),
      private_key_sealed: seal(
        masterKey,
        privateKey.export({ format: 'der', type: 'pkcs8' }),
        signingKeyContext(tenantId, keyId),
      ),
      created_at: new Date().toISOString(),
      not_after: null,
      retired_at: null,
    });
  }
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
  const der = unseal(masterKey, key.private_key_sealed, signingKeyContext(tenantId, key.key_id));
  return { key_id: key.key_id, privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) };
}
