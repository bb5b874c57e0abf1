import { createPrivateKey } from 'node:crypto';
import {
  BUILTIN_DETECTORS,
  BUNDLE_SCHEMA_VERSION,
  type BundleDetector,
  type BundlePayload,
  type BundlePolicy,
  type ConditionNode,
  checkBundleGraph,
  compileBundlePolicy,
  type PolicyVersion,
  requiredCapabilities,
  type Scope,
  signBundle,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import { unseal } from '../../crypto/seal.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { findAgentGroup } from '../agents/public.js';
import { definitionsFor } from '../classifications/public.js';
import { currentCustomDetectors } from '../detectors/public.js';
import { bundleCorpora } from '../fingerprint-corpora/public.js';
import { promptLibrary } from '../prompt-messages/public.js';
import { getPolicySigningKeys, signingKeyContext } from './signing-keys.js';
import { findLatestBundle, findLiveSigningKey, insertBundle } from './store.js';

/** How long a signed bundle stays valid on an endpoint without a newer one (docs/policies.md). */
export const BUNDLE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** One published policy version as the compiler reads it, in list order. */
export interface ReleasedPolicy {
  version: PolicyVersion;
  /** The policy's position in the tenant's list: stamped as its priority (document 1, priority). */
  position: number;
}

/** The tenant settings a bundle carries (policies' settings, handed in with the released set). */
export interface BundleSettings {
  notice_language: string;
  help_address: string | null;
}

/**
 * What policies hand the compiler: the released policies in list order and the settings the
 * bundle carries. Bundles never reads the policies module; the caller decides what is released.
 */
export interface ReleasedSet {
  policies: readonly ReleasedPolicy[];
  settings: BundleSettings;
  /** The tenant's approved device serials (document 1, Conditions rule 8). */
  approvedSerials: readonly string[];
}

export interface SignedBundleRecord {
  version: number;
  payload: BundlePayload;
  required_capabilities: string[];
}

const builtinById = new Map(BUILTIN_DETECTORS.map((d) => [d.id, d]));

function detectorIds(node: ConditionNode, out: Set<string>): void {
  if (node.op === 'detector') out.add(node.detector_id);
  else if (node.op === 'and' || node.op === 'or' || node.op === 'at_least')
    for (const n of node.nodes) detectorIds(n, out);
  else if (node.op === 'not') detectorIds(node.node, out);
}

/** Channels observed by walking or watching files where they lie (document 2, Test-folder rule). */
const AT_REST_CHANNELS = new Set([
  'discovery',
  'file_create',
  'file_modify',
  'file_rename',
  'file_delete',
  'file_open',
  'archive_create',
]);

/**
 * The folders endpoints discover and watch (document 1, Bundle: "monitored paths"): the source
 * paths of every shipped policy that can match content at rest, that is one whose channels are
 * unconstrained or name an at-rest channel. A policy without source paths adds none, so an
 * endpoint never walks a whole disk because of a policy that did not ask for it.
 */
export function monitoredPaths(policies: readonly BundlePolicy[]): string[] {
  const out = new Set<string>();
  for (const p of policies) {
    const channels = p.scope.channels ?? [];
    if (channels.length > 0 && !channels.some((c) => AT_REST_CHANNELS.has(c))) continue;
    for (const s of p.scope.sources ?? []) out.add(s);
  }
  return [...out].sort();
}

function endpointGroupIds(scope: Scope, out: Set<string>): void {
  for (const t of [...(scope.include_targets ?? []), ...(scope.exclude_targets ?? [])])
    if (t.kind === 'endpoint_group') out.add(t.object_id);
}

/**
 * Builds the payload of the tenant's next bundle from its published, enabled policies in list
 * order (document 1, Bundle): the stored list position stamped as priority, typed targets compiled against
 * the current endpoint groups (a retired or missing group compiles to a name no group can have),
 * detector primitives shipped, the whole graph revalidated before anything is signed.
 */
export async function buildPayload(
  db: Kysely<Database>,
  tenantId: string,
  released: ReleasedSet,
  meta: { bundleVersion: number; keyId: string; now: Date },
): Promise<BundlePayload> {
  const { settings } = released;
  const groupIds = new Set<string>();
  for (const r of released.policies) {
    endpointGroupIds(r.version.scope, groupIds);
    for (const e of r.version.exceptions ?? []) endpointGroupIds(e.scope, groupIds);
  }
  const names = new Map<string, string | null>();
  for (const id of groupIds) {
    const g = await findAgentGroup(db, tenantId, id);
    names.set(id, g && !g.retired_at ? g.name : null);
  }
  const resolver = { endpointGroupName: (id: string) => names.get(id) ?? null };
  const prompts = await promptLibrary(db, tenantId);
  // Approved serials reach endpoints only inside conditions that ask for them (rule 8).
  const approvedSerials = [...released.approvedSerials];
  const policies: BundlePolicy[] = released.policies.map((r) => {
    const promptId = r.version.notifications?.prompt_message_id;
    return compileBundlePolicy(r.version, {
      // The list position, as the console shows it; not a rank among the shipped policies.
      priority: r.position,
      resolver,
      promptText: promptId ? prompts.textFor(promptId, settings.notice_language) : null,
      approvedSerials,
    });
  });
  const classifications = await definitionsFor(db, tenantId, policies);
  const used = new Set<string>();
  for (const p of policies) detectorIds(p.condition, used);
  for (const c of classifications)
    for (const r of c.rules) for (const e of r.elements) used.add(e.detector_id);
  const custom = await currentCustomDetectors(db, tenantId);
  const detectors: BundleDetector[] = [];
  for (const id of used) {
    const d = builtinById.get(id);
    const c = custom.get(id);
    if (d)
      detectors.push({ detector_id: d.id, detector_version: d.version, category: d.category, builtin: true });
    else if (c)
      detectors.push({
        detector_id: c.id,
        detector_version: c.version,
        category: c.category,
        builtin: false,
        custom: c,
      });
  }
  detectors.sort((a, b) => (a.detector_id < b.detector_id ? -1 : a.detector_id > b.detector_id ? 1 : 0));
  // Only corpora a shipped policy names, at their current version (docs/fingerprints.md, Bundle).
  const corpora = await bundleCorpora(db, tenantId, policies);
  return {
    schema_version: { ...BUNDLE_SCHEMA_VERSION },
    bundle_version: meta.bundleVersion,
    tenant_id: tenantId,
    key_id: meta.keyId,
    issued_at: meta.now.toISOString(),
    expires_at: new Date(meta.now.getTime() + BUNDLE_LIFETIME_MS).toISOString(),
    device_scope: null,
    group_scope: null,
    help_address: settings.help_address,
    required_capabilities: requiredCapabilities(policies),
    policies,
    classifications,
    detectors,
    monitored_paths: monitoredPaths(policies),
    ...(corpora.length > 0 ? { fingerprint_corpora: corpora } : {}),
  };
}

/**
 * Compiles, revalidates and signs the tenant's next bundle (a new, higher version every time;
 * a rollback therefore also yields a higher version). Runs inside the caller's transaction so
 * the release and its bundle are one write.
 */
export async function compileAndStoreBundle(
  db: Kysely<Database>,
  tenantId: string,
  masterKey: Buffer,
  released: ReleasedSet,
  reason: string,
  now: Date,
): Promise<SignedBundleRecord> {
  await getPolicySigningKeys(db, tenantId, masterKey);
  const key = await findLiveSigningKey(db, tenantId);
  if (!key) throw new AppError('internal', 'no policy signing key');
  const latest = await findLatestBundle(db, tenantId);
  const bundleVersion = (latest?.version ?? 0) + 1;
  const payload = await buildPayload(db, tenantId, released, {
    bundleVersion,
    keyId: key.key_id,
    now,
  });
  const problems = checkBundleGraph(payload);
  if (problems.length > 0)
    throw new AppError(
      'policy.graph_invalid',
      'the published policies do not form a valid bundle',
      problems.map((p) => ({ field: p.policy_id ? `policies.${p.policy_id}` : 'bundle', message: p.code })),
    );
  const privateKey = createPrivateKey({
    key: unseal(masterKey, key.private_key_sealed, signingKeyContext(tenantId, key.key_id)),
    format: 'der',
    type: 'pkcs8',
  });
  const envelope = signBundle(payload, privateKey, key.key_id);
  await insertBundle(db, {
    tenant_id: tenantId,
    version: bundleVersion,
    envelope: JSON.stringify(envelope),
    required_capabilities: JSON.stringify(payload.required_capabilities),
    reason,
    created_at: now.toISOString(),
  });
  return { version: bundleVersion, payload, required_capabilities: payload.required_capabilities };
}
