import { compileBundlePolicy, requiredCapabilities } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { type AgentSummary, findAgentGroup, listActiveAgents } from '../agents/public.js';
import { getStoredBundles, latestBundleVersion } from '../bundles/public.js';
import { capabilityReport } from './release-check.js';
import { scopeClassifier } from './scope-preview.js';
import { toPolicyVersion } from './service.js';
import type { PoliciesTable, PolicyVersionsTable } from './tables.js';

/** An endpoint not seen for this long counts as offline (agents check in every minute). */
export const OFFLINE_AFTER_MS = 10 * 60 * 1000;

/**
 * Deployment bands of one version (document 1, States: "read from signed bundles"). Each
 * endpoint the version's scope reaches is in at most one band, tested in this order:
 * - `offline`: not seen for 10 minutes; `offline_current` counts those whose last reported
 *   bundle carries this version;
 * - `current`: its reported bundle carries this version;
 * - `upgrade_required`: not on the latest bundle and lacking a capability it requires, so it is
 *   given none;
 * - `unknown`: it reported no bundle, or one this server does not hold;
 * - `behind`: it runs an older bundle while this version is in the latest one (an endpoint that
 *   moved past an older version is in no band of that version).
 * `unsupported` (reports capabilities but observes none of the version's channels, or lacks a
 * capability the version itself needs) and `capabilities_unknown` (reported no capabilities)
 * are counts across the reached endpoints, not bands.
 */
export interface DeploymentBands {
  current: number;
  behind: number;
  offline: number;
  offline_current: number;
  unknown: number;
  upgrade_required: number;
  unsupported: number;
  capabilities_unknown: number;
}

type Shipped = Map<number, { keys: Set<string>; required: string[] }>;

/** The policy versions each needed bundle carries: the latest and those endpoints report. */
async function shippedIn(db: Kysely<Database>, tenantId: string, versions: number[]): Promise<Shipped> {
  const out: Shipped = new Map();
  for (const [version, b] of await getStoredBundles(db, tenantId, versions))
    out.set(version, {
      keys: new Set((b.payload?.policies ?? []).map((x) => `${x.policy_id}:${x.version}`)),
      required: b.required_capabilities,
    });
  return out;
}

/** The channels an endpoint observes and the features it reports. */
function reach(a: AgentSummary): { sees: Set<string>; have: Set<string> } {
  const report = capabilityReport(a.capabilities);
  return {
    sees: new Set(
      Object.entries(report.channels)
        .filter(([, c]) => c?.observe === true)
        .map(([name]) => name),
    ),
    have: new Set(report.features),
  };
}

/** Bands for every version of one policy that was ever published; null for the others. */
export async function deploymentBands(
  db: Kysely<Database>,
  tenantId: string,
  policy: PoliciesTable,
  rows: PolicyVersionsTable[],
  now: Date,
): Promise<Map<number, DeploymentBands | null>> {
  const out = new Map<number, DeploymentBands | null>();
  const shippedVersions = rows.filter((r) => r.published_by !== null);
  for (const r of rows) out.set(r.version, null);
  if (shippedVersions.length === 0) return out;
  // Every enrolled endpoint that is not revoked: offline ones are a band, not left out.
  const endpoints = (await listActiveAgents(db, tenantId, { since: new Date(0) })).map((e) => ({
    ...e,
    ...reach(e),
  }));
  const latestVersion = await latestBundleVersion(db, tenantId);
  const wanted = new Set(endpoints.map((e) => e.bundle_version).filter((v) => v > 0));
  if (latestVersion !== null) wanted.add(latestVersion);
  const shipped = await shippedIn(db, tenantId, [...wanted]);
  const latestBundle = latestVersion === null ? undefined : shipped.get(latestVersion);
  const groupNames = new Map<string, string | null>();

  for (const row of shippedVersions) {
    const version = toPolicyVersion(policy, row);
    const key = `${policy.id}:${row.version}`;
    const { classify } = await scopeClassifier(db, tenantId, version.scope);
    for (const t of version.scope.include_targets ?? [])
      if (t.kind === 'endpoint_group' && !groupNames.has(t.object_id)) {
        const g = await findAgentGroup(db, tenantId, t.object_id);
        groupNames.set(t.object_id, g && !g.retired_at ? g.name : null);
      }
    const compiled = compileBundlePolicy(version, {
      priority: 1,
      resolver: { endpointGroupName: (id) => groupNames.get(id) ?? null },
    });
    const needs = requiredCapabilities([compiled]);
    const channels = compiled.scope.channels ?? [];
    const inLatest = latestBundle?.keys.has(key) ?? false;
    const bands: DeploymentBands = {
      current: 0,
      behind: 0,
      offline: 0,
      offline_current: 0,
      unknown: 0,
      upgrade_required: 0,
      unsupported: 0,
      capabilities_unknown: 0,
    };
    for (const e of endpoints) {
      if (classify(e) !== null) continue;
      const reported = Object.keys(e.capabilities).length > 0;
      if (!reported) bands.capabilities_unknown++;
      else if (
        (channels.length > 0 && !channels.some((c) => e.sees.has(c))) ||
        needs.some((c) => !e.have.has(c))
      )
        bands.unsupported++;
      const running = e.bundle_version > 0 ? shipped.get(e.bundle_version) : undefined;
      const carries = running?.keys.has(key) ?? false;
      const seen = e.last_seen_at ? Date.parse(e.last_seen_at) : 0;
      if (now.getTime() - seen >= OFFLINE_AFTER_MS) {
        bands.offline++;
        if (carries) bands.offline_current++;
      } else if (carries) bands.current++;
      else if (e.bundle_version !== latestVersion && latestBundle?.required.some((c) => !e.have.has(c)))
        bands.upgrade_required++;
      else if (!running) bands.unknown++;
      else if (inLatest) bands.behind++;
    }
    out.set(row.version, bands);
  }
  return out;
}
