import { fieldError } from '../../http/errors.js';
import { auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { findAgentGroupByName, findAgentGroups } from '../agents/public.js';
import {
  findReleaseByVersion,
  findRolloutRule,
  listReleases,
  listRolloutRules,
  replaceRolloutRules,
} from './store.js';
import type { AgentReleasesTable } from './tables.js';

/** Platforms a release is built for (docs/packaging.md names the targets). */
export const RELEASE_PLATFORMS = ['linux-x64', 'linux-arm64', 'win-x64'] as const;
export type ReleasePlatform = (typeof RELEASE_PLATFORMS)[number];
/** A release version: dotted numbers with an optional pre-release or build suffix. */
export const VERSION_PATTERN = '^[0-9]{1,6}(\\.[0-9]{1,6}){1,3}([-+][0-9A-Za-z.-]{1,40})?$';
export const MAX_RULES = 500;

export interface ReleaseView {
  id: string;
  version: string;
  platform: string;
  size_bytes: number;
  sha256: string;
  signature_b64: string;
  key_id: string;
  created_at: string;
}

export interface RolloutView {
  agent_group: string;
  version: string | null;
  updated_at: string;
}

export interface Manifest {
  releases: ReleaseView[];
  rollout: RolloutView[];
}

export function releaseView(r: AgentReleasesTable): ReleaseView {
  return {
    id: r.id,
    version: r.version,
    platform: r.platform,
    size_bytes: r.size_bytes,
    sha256: r.sha256,
    signature_b64: r.signature_b64,
    key_id: r.key_id,
    created_at: r.created_at,
  };
}

/** GET /agents/update-manifest: every release of the tenant (each signed) and the rollout by group. */
export async function updateManifest(ctx: ServiceContext, tenantId: string): Promise<Manifest> {
  const releases = await listReleases(ctx.db, tenantId);
  const rules = await listRolloutRules(ctx.db, tenantId);
  const groups = await findAgentGroups(
    ctx.db,
    tenantId,
    rules.map((r) => r.group_id),
  );
  return {
    releases: releases.map(releaseView),
    rollout: rules
      .flatMap((r) => {
        const g = groups.get(r.group_id);
        return g ? [{ agent_group: g.name, version: r.version, updated_at: r.updated_at }] : [];
      })
      .sort((a, b) => a.agent_group.localeCompare(b.agent_group)),
  };
}

/**
 * POST /agents/update-manifest: the complete rollout, replacing the previous one. Each rule names a
 * live endpoint group once; a version must be a release registered for the tenant (on any
 * platform); a rule without a version pins its group. Groups with no rule get no update.
 */
export async function setRollout(
  ctx: ServiceContext,
  tenantId: string,
  rollout: readonly { agent_group: string; version?: string | undefined }[],
): Promise<Manifest> {
  const by = userIdOf(ctx);
  const now = ctx.clock.now().toISOString();
  if (rollout.length > MAX_RULES) throw fieldError('rollout', `at most ${MAX_RULES} rules`);
  const versions = new Set((await listReleases(ctx.db, tenantId)).map((r) => r.version));
  const seen = new Set<string>();
  const rows = [];
  for (const [i, rule] of rollout.entries()) {
    const group = await findAgentGroupByName(ctx.db, tenantId, rule.agent_group);
    if (!group || group.retired_at !== null)
      throw fieldError(`rollout[${i}].agent_group`, 'is not a live endpoint group of this tenant');
    if (seen.has(group.id)) throw fieldError(`rollout[${i}].agent_group`, 'appears in more than one rule');
    seen.add(group.id);
    const version = rule.version ?? null;
    if (version !== null && !versions.has(version))
      throw fieldError(`rollout[${i}].version`, 'is not a registered release (dlp-server release add)');
    rows.push({ tenant_id: tenantId, group_id: group.id, version, updated_by: by, updated_at: now });
  }
  await replaceRolloutRules(ctx.db, tenantId, rows);
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'agent_update.rollout_changed',
    metadata: {
      rule_count: rows.length,
      pinned_count: rows.filter((r) => r.version === null).length,
      versions: [...new Set(rows.flatMap((r) => (r.version ? [r.version] : [])))].sort(),
    },
  });
  return updateManifest(ctx, tenantId);
}

/** What check-in tells an agent whose group's rule names another version (docs/agent-updates.md). */
export type AgentUpdateOffer = Omit<ReleaseView, 'id' | 'created_at'> & {
  release_id: string;
  /** The signed agent route that streams the package. */
  download_path: string;
};

export const PACKAGE_ROUTE_PREFIX = '/api/v1/agent/update-packages/';

/**
 * The update for one endpoint, or null: no group, no rule for its group, a pinned group, no release
 * of the rule's version for the platform the agent reports, or the agent runs that version already.
 */
export async function updateOfferFor(
  ctx: Pick<ServiceContext, 'db'>,
  device: { tenant_id: string; group_id: string | null },
  capabilities: Record<string, unknown>,
): Promise<AgentUpdateOffer | null> {
  if (!device.group_id) return null;
  const rule = await findRolloutRule(ctx.db, device.tenant_id, device.group_id);
  if (!rule || rule.version === null) return null;
  const platform = capabilities.agent_platform;
  if (typeof platform !== 'string') return null;
  if (capabilities.agent_version === rule.version) return null;
  const release = await findReleaseByVersion(ctx.db, device.tenant_id, rule.version, platform);
  if (!release) return null;
  const { id, created_at: _created, ...view } = releaseView(release);
  return { ...view, release_id: id, download_path: `${PACKAGE_ROUTE_PREFIX}${id}` };
}
