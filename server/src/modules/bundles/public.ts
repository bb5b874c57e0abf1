import type { BundleEnvelope, BundlePayload } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { LatestBundle } from '../../ports/policy-port.js';
import { findBundles, findLatestBundle, findLatestBundleVersion } from './store.js';
import { latestTrustRevision, trustRevisionAfter } from './trust-store.js';

export {
  BUNDLE_LIFETIME_MS,
  type BundleSettings,
  buildPayload,
  compileAndStoreBundle,
  type ReleasedPolicy,
  type ReleasedSet,
  type SignedBundleRecord,
} from './compile.js';
export { getPolicySigningKeys, livePolicySigningKey, signingKeyContext } from './signing-keys.js';

/**
 * What other modules may read about signed bundles and the tenant's policy signing keys
 * (server-modules contract; document 2, enrolment response and `GET /agent/policy`), and the
 * compiler policies hand their released set to (bundles never reads policies).
 */

/**
 * The newest bundle each tenant has, as last read, per database. A stored bundle never changes
 * (a publish adds a version), so a cached one is right as long as its version is still the
 * newest: every call reads that version (one indexed row) and only a new version reads and parses
 * the envelope again. Each instance learns another's publish at the next call, as before.
 */
const newestByDb = new WeakMap<Kysely<Database>, Map<string, LatestBundle>>();
const NEWEST_MAX = 10_000;

/** The tenant's newest signed bundle, or undefined when none was ever compiled. */
export async function getLatestBundle(
  db: Kysely<Database>,
  tenantId: string,
): Promise<LatestBundle | undefined> {
  const version = await findLatestBundleVersion(db, tenantId);
  if (version === undefined) return undefined;
  let newest = newestByDb.get(db);
  if (!newest) {
    newest = new Map();
    newestByDb.set(db, newest);
  }
  const known = newest.get(tenantId);
  if (known?.version === version) return known;
  const row = await findLatestBundle(db, tenantId);
  if (!row) return undefined;
  const latest: LatestBundle = {
    version: row.version,
    envelope: JSON.parse(row.envelope) as unknown,
    required_capabilities: JSON.parse(row.required_capabilities) as string[],
    created_at: row.created_at,
  };
  if (newest.size >= NEWEST_MAX) newest.clear();
  newest.set(tenantId, latest);
  return latest;
}

/** The version of the tenant's newest bundle; null when none was ever compiled. */
export async function latestBundleVersion(db: Kysely<Database>, tenantId: string): Promise<number | null> {
  return (await findLatestBundle(db, tenantId))?.version ?? null;
}

/** What a stored bundle carries, read from the payload this server signed (not re-verified). */
export interface StoredBundle {
  version: number;
  /** null when the stored envelope cannot be read. */
  payload: BundlePayload | null;
  required_capabilities: string[];
}

function payloadOf(envelopeJson: string): BundlePayload | null {
  try {
    const env = JSON.parse(envelopeJson) as BundleEnvelope;
    return JSON.parse(Buffer.from(env.payload_b64, 'base64').toString('utf8')) as BundlePayload;
  } catch {
    return null;
  }
}

/** The tenant's stored bundles of these versions, by version (absent versions are left out). */
export async function getStoredBundles(
  db: Kysely<Database>,
  tenantId: string,
  versions: readonly number[],
): Promise<Map<number, StoredBundle>> {
  const rows = await findBundles(db, tenantId, versions);
  return new Map(
    rows.map((r) => [
      r.version,
      {
        version: r.version,
        payload: payloadOf(r.envelope),
        required_capabilities: JSON.parse(r.required_capabilities) as string[],
      },
    ]),
  );
}

/**
 * The trust revision an endpoint reporting `version` takes next (document 2, `policy_trust_update`
 * at check-in): the first signed revision above it, one step at a time; null when it is current.
 */
export async function policyTrustUpdateFor(
  db: Kysely<Database>,
  tenantId: string,
  version: number,
): Promise<BundleEnvelope | null> {
  const next = await trustRevisionAfter(db, tenantId, version);
  return next ? (JSON.parse(next.envelope) as BundleEnvelope) : null;
}

/** The tenant's trust version (0 before any rotation): enrolment hands it out with the key set. */
export async function policyTrustVersion(db: Kysely<Database>, tenantId: string): Promise<number> {
  return (await latestTrustRevision(db, tenantId))?.version ?? 0;
}
