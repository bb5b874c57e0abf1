import { type BundleEnvelope, type BundlePayload, signBundle, signTrustUpdate } from '@custos/engine';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { withDatabaseLock } from '../../db/locks.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { activeDevicesBelowTrust } from '../agents/public.js';
import { BUNDLE_LIFETIME_MS } from './compile.js';
import { getPolicySigningKeys, newSigningKeyRow, unsealSigningKey } from './signing-keys.js';
import { findLatestBundle, insertBundle, listSigningKeys } from './store.js';
import type { PolicySigningKeysTable } from './tables.js';
import {
  findKey,
  insertKey,
  insertTrustRevision,
  latestTrustRevision,
  listKeysAnyState,
  moveKeyState,
} from './trust-store.js';

/**
 * Policy signing key rotation (document 2, trust rotation; docs/signing-keys.md), three operator
 * steps over the two trust transitions the spec names:
 *  1. start  — a new key joins as `incoming`; the active key signs the overlap revision {old, new};
 *  2. finish — the new key becomes `active` and signs bundles (the newest bundle is re-signed at a
 *     higher version), the old key becomes `rotating`, still trusted;
 *  3. retire — once every active endpoint reports the overlap revision, the new key signs {new}
 *     and the old key is retired (its private half erased).
 * Every revision is kept: an endpoint offline through a transition steps through them in order.
 */

type Trx = Transaction<Database>;

export interface SigningKeyView {
  key_id: string;
  state: PolicySigningKeysTable['state'];
  public_key_b64: string;
  created_at: string;
  retired_at: string | null;
  overlap_trust_version: number | null;
}

export interface SigningKeysView {
  trust_version: number;
  keys: SigningKeyView[];
  /** Present while a rotation is under way: the overlap revision and who has not reached it. */
  rotation: { overlap_trust_version: number; endpoints_below_overlap: number; device_ids: string[] } | null;
}

const view = (k: PolicySigningKeysTable): SigningKeyView => ({
  key_id: k.key_id,
  state: k.state,
  public_key_b64: k.public_key_b64,
  created_at: k.created_at,
  retired_at: k.retired_at,
  overlap_trust_version: k.overlap_trust_version,
});

/** The keys page: every key with its state, the trust version, and the rotation's convergence. */
export async function listSigningKeysView(ctx: ServiceContext, masterKey: Buffer): Promise<SigningKeysView> {
  const tenantId = tenantOf(ctx);
  await getPolicySigningKeys(ctx.db, tenantId, masterKey);
  const keys = await listKeysAnyState(ctx.db, tenantId);
  const latest = await latestTrustRevision(ctx.db, tenantId);
  const overlap = keys.find((k) => k.state === 'incoming' || k.state === 'rotating')?.overlap_trust_version;
  let rotation: SigningKeysView['rotation'] = null;
  if (overlap != null) {
    const below = await activeDevicesBelowTrust(ctx.db, tenantId, overlap);
    rotation = {
      overlap_trust_version: overlap,
      endpoints_below_overlap: below.count,
      device_ids: below.device_ids,
    };
  }
  return { trust_version: latest?.version ?? 0, keys: keys.map(view), rotation };
}

function tenantOf(ctx: ServiceContext): string {
  if (!ctx.actor) throw new AppError('auth.unauthenticated', 'sign in first');
  return ctx.actor.tenantId;
}

/** Signs and stores the next trust revision: the set is every key not retired, after `changes`. */
async function issueRevision(
  trx: Trx,
  tenantId: string,
  masterKey: Buffer,
  signer: PolicySigningKeysTable,
  now: Date,
): Promise<number> {
  const version = ((await latestTrustRevision(trx, tenantId))?.version ?? 0) + 1;
  const set = await listSigningKeys(trx, tenantId);
  const keys = set.map((k) => ({
    key_id: k.key_id,
    public_key_b64: k.public_key_b64,
    algorithm: 'ed25519',
    not_after: k.not_after,
  }));
  const envelope = signTrustUpdate(
    { kind: 'policy_trust_update', tenant_id: tenantId, version, keys, issued_at: now.toISOString() },
    unsealSigningKey(masterKey, signer),
    signer.key_id,
  );
  await insertTrustRevision(trx, {
    tenant_id: tenantId,
    version,
    key_ids: JSON.stringify(keys.map((k) => k.key_id)),
    signer_key_id: signer.key_id,
    envelope: JSON.stringify(envelope),
    created_at: now.toISOString(),
  });
  return version;
}

async function keysInState(trx: Trx, tenantId: string) {
  const all = await listKeysAnyState(trx, tenantId);
  return {
    active: all.find((k) => k.state === 'active'),
    incoming: all.find((k) => k.state === 'incoming'),
    rotating: all.find((k) => k.state === 'rotating'),
  };
}

/**
 * One rotation step in one transaction, under the tenant's compiling lock (db/locks.ts; issue 23):
 * a trust-set change and a bundle compile never run at once on any instance, so the bundle a
 * finish re-signs is the newest one and its version is never taken by a compile meanwhile. Two
 * concurrent steps cannot both pass their state checks either: the second one's write meets the
 * unique active key or the unique revision version, and is answered as a rotation already under
 * way instead of a 500.
 */
async function inRotationStep(ctx: ServiceContext, step: (trx: Trx) => Promise<void>): Promise<void> {
  try {
    await withDatabaseLock(ctx.db, 'compile', tenantOf(ctx), () => ctx.db.transaction().execute(step));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        'signing_key.rotation_in_progress',
        'another signing key change happened at the same time',
      );
    throw error;
  }
}

/** Step 1: a new key and the overlap revision {old, new} signed by the old key. */
export async function startRotation(ctx: ServiceContext, masterKey: Buffer): Promise<SigningKeysView> {
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now();
  await getPolicySigningKeys(ctx.db, tenantId, masterKey);
  await inRotationStep(ctx, async (trx) => {
    const { active, incoming, rotating } = await keysInState(trx, tenantId);
    if (incoming || rotating)
      throw new AppError('signing_key.rotation_in_progress', 'a signing key rotation is already under way');
    if (!active) throw new AppError('internal', 'no active policy signing key');
    const next = newSigningKeyRow(tenantId, masterKey, now, 'incoming');
    await insertKey(trx, next);
    const version = await issueRevision(trx, tenantId, masterKey, active, now);
    await moveKeyState(trx, tenantId, next.key_id, 'incoming', { overlap_trust_version: version });
    await moveKeyState(trx, tenantId, active.key_id, 'active', { overlap_trust_version: version });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'signing_key.rotation_started',
        subject: { type: 'signing_key', id: next.key_id },
        metadata: { key_id: active.key_id, new_key_id: next.key_id, trust_version: version },
      },
      trx,
    );
  });
  return listSigningKeysView(ctx, masterKey);
}

/** The newest bundle, signed again by `key` at the next version (same policies, fresh lifetime). */
async function resignLatestBundle(
  trx: Trx,
  tenantId: string,
  key: PolicySigningKeysTable,
  masterKey: Buffer,
  now: Date,
): Promise<number | null> {
  const latest = await findLatestBundle(trx, tenantId);
  if (!latest) return null;
  const env = JSON.parse(latest.envelope) as BundleEnvelope;
  const old = JSON.parse(Buffer.from(env.payload_b64, 'base64').toString('utf8')) as BundlePayload;
  const version = latest.version + 1;
  const payload: BundlePayload = {
    ...old,
    bundle_version: version,
    key_id: key.key_id,
    issued_at: now.toISOString(),
    expires_at: new Date(now.getTime() + BUNDLE_LIFETIME_MS).toISOString(),
  };
  await insertBundle(trx, {
    tenant_id: tenantId,
    version,
    envelope: JSON.stringify(signBundle(payload, unsealSigningKey(masterKey, key), key.key_id)),
    required_capabilities: latest.required_capabilities,
    reason: 'signing key rotation',
    created_at: now.toISOString(),
  });
  return version;
}

/** Step 2: the incoming key signs bundles from now on; the old key stays trusted as `rotating`. */
export async function finishRotation(ctx: ServiceContext, masterKey: Buffer): Promise<SigningKeysView> {
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now();
  await inRotationStep(ctx, async (trx) => {
    const { active, incoming } = await keysInState(trx, tenantId);
    const none = () => new AppError('signing_key.no_rotation', 'no signing key rotation is under way');
    if (!incoming || !active) throw none();
    // The unique index allows one active key: the old one steps aside first. A racing finish
    // finds the keys moved already and is refused like a finish without a rotation.
    if (!(await moveKeyState(trx, tenantId, active.key_id, 'active', { state: 'rotating' }))) throw none();
    if (!(await moveKeyState(trx, tenantId, incoming.key_id, 'incoming', { state: 'active' }))) throw none();
    const bundleVersion = await resignLatestBundle(trx, tenantId, incoming, masterKey, now);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'signing_key.rotation_finished',
        subject: { type: 'signing_key', id: incoming.key_id },
        metadata: { key_id: active.key_id, new_key_id: incoming.key_id, bundle_version: bundleVersion },
      },
      trx,
    );
  });
  return listSigningKeysView(ctx, masterKey);
}

/**
 * Step 3, `POST /system/signing-keys/{key_id}/retire`: only the rotating key, only once no active
 * endpoint reports a trust version below the overlap revision; the active key signs the set
 * without it, and its private half is erased.
 */
export async function retireSigningKey(
  ctx: ServiceContext,
  masterKey: Buffer,
  keyId: string,
): Promise<SigningKeysView> {
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now();
  await inRotationStep(ctx, async (trx) => {
    const key = await findKey(trx, tenantId, keyId);
    if (!key) throw notFound('signing key');
    const { active } = await keysInState(trx, tenantId);
    if (key.state !== 'rotating' || !active || key.overlap_trust_version == null)
      throw new AppError('signing_key.not_rotating', 'only a rotating signing key can be retired');
    const below = await activeDevicesBelowTrust(trx, tenantId, key.overlap_trust_version);
    if (below.count > 0)
      throw new AppError(
        'signing_key.fleet_not_converged',
        'active endpoints still report a trust version below the overlap revision',
        [{ field: 'endpoints', message: `${below.count} below ${key.overlap_trust_version}` }],
      );
    if (
      !(await moveKeyState(trx, tenantId, keyId, 'rotating', {
        state: 'retired',
        retired_at: now.toISOString(),
        private_key_sealed: '',
      }))
    )
      throw new AppError('signing_key.not_rotating', 'only a rotating signing key can be retired');
    const version = await issueRevision(trx, tenantId, masterKey, active, now);
    await moveKeyState(trx, tenantId, active.key_id, 'active', { overlap_trust_version: null });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'signing_key.retired',
        subject: { type: 'signing_key', id: keyId },
        metadata: {
          key_id: keyId,
          new_key_id: active.key_id,
          trust_version: version,
          trusted_key_ids: [active.key_id],
        },
      },
      trx,
    );
  });
  return listSigningKeysView(ctx, masterKey);
}
