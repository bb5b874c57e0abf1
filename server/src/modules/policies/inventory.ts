import {
  ACTIONS,
  type Action,
  type ConditionNode,
  effectiveGroup,
  isWholeCompanyScope,
  normalizeAction,
  type PolicyVersionInput,
  SEVERITIES,
  type WireAction,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { fieldError } from '../../http/errors.js';
import { policiesWithPendingDisable } from './disable-request-store.js';
import { listPolicies, listTenantVersions } from './store.js';
import type { PoliciesTable, PolicyVersionsTable } from './tables.js';

export const INVENTORY_FAMILIES = ['data', 'applications', 'websites', 'devices', 'auditing'] as const;
export const INVENTORY_SORTS = ['priority', 'name', 'updated', 'severity', 'number'] as const;
/**
 * The `action` filter takes every action by its current name, and `warn` as the historical name
 * of `inform` (document 1: warn is read as inform), so both find the same rules.
 */
export const INVENTORY_ACTIONS = [...ACTIONS, 'warn'] as const;
export const INVENTORY_STATUSES = [
  'draft',
  'pending_approval',
  'published',
  'disabled',
  'archived',
  'rolled_back',
] as const;
export const INVENTORY_DEPLOYMENTS = [
  'live',
  'changes_unpublished',
  'awaiting_approval',
  'switched_off',
  'never_published',
  'retired',
] as const;

export interface InventoryQuery {
  q?: string;
  family?: (typeof INVENTORY_FAMILIES)[number];
  group?: string;
  status?: (typeof INVENTORY_STATUSES)[number];
  action?: (typeof INVENTORY_ACTIONS)[number];
  channel?: string;
  classification?: string;
  scope?: 'whole_company' | 'targeted';
  owner?: string;
  deployment?: (typeof INVENTORY_DEPLOYMENTS)[number];
  attention?: 'cannot_fire' | 'needs_review';
  updated_since?: string;
  sort?: (typeof INVENTORY_SORTS)[number];
  dir?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

interface Entry {
  policy: PoliciesTable;
  shown: PolicyVersionsTable;
  spec: PolicyVersionInput;
  status: string;
  deployment: string;
  updated_at: string;
  cannot_fire: boolean;
  needs_review: boolean;
  pendingDisable: boolean;
}

function walk(node: ConditionNode, visit: (n: ConditionNode) => void): void {
  visit(node);
  if (node.op === 'and' || node.op === 'or' || node.op === 'at_least')
    for (const n of node.nodes) walk(n, visit);
  else if (node.op === 'not') walk(node.node, visit);
}

/**
 * The family a rule belongs to (document 1 names the values, not the rule; docs/policies.md):
 * connection policies are applications, a removable-device condition is devices, a destination
 * scope is websites, an `always` condition or an audit-only rule with no content test is auditing,
 * everything else data.
 */
export function familyOf(spec: PolicyVersionInput): (typeof INVENTORY_FAMILIES)[number] {
  if (spec.connection) return 'applications';
  let removable = false;
  let always = false;
  let content = false;
  walk(spec.condition, (n) => {
    if (n.op === 'removable_device') removable = true;
    if (n.op === 'always') always = true;
    if (n.op === 'detector' || n.op === 'category' || n.op === 'classification' || n.op === 'total_matches')
      content = true;
  });
  if (removable) return 'devices';
  if ((spec.scope.destinations ?? []).length > 0) return 'websites';
  if (always || (!content && normalizeAction(spec.response) === 'audit')) return 'auditing';
  return 'data';
}

/** An action as the inventory compares and lists it: `warn` read as `inform`. */
function inventoryAction(a: string | null | undefined): Action | null {
  return a ? normalizeAction(a as WireAction) : null;
}

function parseSince(value: string): Date {
  const ok =
    /^\d{4}-\d{2}-\d{2}$/.test(value) ||
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (!ok || Number.isNaN(d.getTime()))
    throw fieldError('updated_since', 'must be a date or an RFC 3339 timestamp');
  return d;
}

async function entries(db: Kysely<Database>, tenantId: string, now: Date): Promise<Entry[]> {
  const policies = await listPolicies(db, tenantId);
  const versions = await listTenantVersions(db, tenantId);
  const pendingDisables = await policiesWithPendingDisable(db, tenantId);

  const out: Entry[] = [];
  for (const p of policies) {
    const rows = versions.filter((v) => v.policy_id === p.id).sort((a, b) => a.version - b.version);
    const latest = rows.at(-1);
    if (!latest) continue;
    const published = rows.find((r) => r.status === 'published');
    const pending = rows.find((r) => r.status === 'pending_approval');
    const shown = published ?? latest;
    const spec = JSON.parse(shown.spec) as PolicyVersionInput;
    const deployment = p.disabled
      ? 'switched_off'
      : pending
        ? 'awaiting_approval'
        : !published
          ? 'never_published'
          : latest.version > published.version
            ? 'changes_unpublished'
            : 'live';
    const status = p.disabled ? 'disabled' : (published?.status ?? pending?.status ?? latest.status);
    const updated = rows.reduce((m, r) => (r.updated_at > m ? r.updated_at : m), '');
    const expired = spec.effective_until ? new Date(spec.effective_until).getTime() <= now.getTime() : false;
    out.push({
      policy: p,
      shown,
      spec,
      status,
      deployment,
      updated_at: updated,
      // Attention (docs/policies.md): a live rule past its effective_until cannot fire; a rule
      // waiting on a second person (release or disable) needs review.
      cannot_fire: Boolean(published) && !p.disabled && expired,
      needs_review: Boolean(pending) || pendingDisables.has(p.id),
      pendingDisable: pendingDisables.has(p.id),
    });
  }
  return out;
}

function matches(e: Entry, q: InventoryQuery, since: Date | null): boolean {
  const s = e.spec;
  if (q.q !== undefined && q.q.trim() !== '') {
    const text = q.q.trim();
    const num = /^(?:pol-?)?(\d{1,9})$/i.exec(text);
    if (num) {
      if (e.policy.number !== Number(num[1])) return false;
    } else {
      const hay = `${s.name}\n${s.description ?? ''}`.toLowerCase();
      if (!hay.includes(text.toLowerCase())) return false;
    }
  }
  if (q.family && familyOf(s) !== q.family) return false;
  // The group filter reads the effective group: a rule with no chosen group sorts by its channels.
  if (q.group && effectiveGroup(e.policy.group_name ?? s.group, s.scope.channels) !== q.group) return false;
  if (q.status && e.status !== q.status) return false;
  if (q.action) {
    const wanted = inventoryAction(q.action);
    if (inventoryAction(s.response) !== wanted && inventoryAction(s.offline_response) !== wanted)
      return false;
  }
  // A rule scoped to no channel answers every channel (document 1, inventory query).
  if (q.channel && (s.scope.channels ?? []).length > 0 && !(s.scope.channels ?? []).includes(q.channel))
    return false;
  if (q.classification) {
    let found = false;
    walk(s.condition, (n) => {
      if (n.op === 'classification' && n.classification_id === q.classification) found = true;
    });
    if (!found) return false;
  }
  if (q.scope && (isWholeCompanyScope(s.scope) ? 'whole_company' : 'targeted') !== q.scope) return false;
  if (q.owner && (s.owner ?? '').toLowerCase() !== q.owner.toLowerCase()) return false;
  if (q.deployment && e.deployment !== q.deployment) return false;
  if (q.attention === 'cannot_fire' && !e.cannot_fire) return false;
  if (q.attention === 'needs_review' && !e.needs_review) return false;
  if (since && new Date(e.updated_at).getTime() < since.getTime()) return false;
  return true;
}

function compare(a: Entry, b: Entry, sort: InventoryQuery['sort']): number {
  switch (sort) {
    case 'name':
      return a.spec.name.localeCompare(b.spec.name) || a.policy.position - b.policy.position;
    case 'updated':
      return a.updated_at.localeCompare(b.updated_at) || a.policy.position - b.policy.position;
    case 'severity':
      // Most severe first in ascending order (critical before low).
      return (
        SEVERITIES.indexOf(a.spec.severity) - SEVERITIES.indexOf(b.spec.severity) ||
        a.policy.position - b.policy.position
      );
    case 'number':
      return a.policy.number - b.policy.number;
    default:
      return a.policy.position - b.policy.position;
  }
}

/** `GET /policies/inventory` (document 1, Inventory query). */
export async function inventory(db: Kysely<Database>, tenantId: string, q: InventoryQuery, now: Date) {
  const since = q.updated_since !== undefined ? parseSince(q.updated_since) : null;
  const all = await entries(db, tenantId, now);
  const filtered = all.filter((e) => matches(e, q, since));
  const sort = q.sort ?? 'priority';
  const dir = q.dir ?? 'asc';
  filtered.sort((a, b) => (dir === 'asc' ? 1 : -1) * compare(a, b, sort));
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const page = filtered.slice(offset, offset + limit);
  const filteredAtAll = Object.entries(q).some(
    ([k, v]) =>
      v !== undefined && !['sort', 'dir', 'limit', 'offset'].includes(k) && !(k === 'q' && v === ''),
  );
  return {
    items: page.map((e) => ({
      id: e.policy.id,
      number: e.policy.number,
      name: e.spec.name,
      severity: e.spec.severity,
      family: familyOf(e.spec),
      group: e.policy.group_name,
      effective_group: effectiveGroup(e.policy.group_name ?? e.spec.group, e.spec.scope.channels),
      status: e.status,
      deployment: e.deployment,
      priority: e.policy.position,
      response: inventoryAction(e.spec.response),
      offline_response: inventoryAction(e.spec.offline_response),
      scope: isWholeCompanyScope(e.spec.scope) ? 'whole_company' : 'targeted',
      owner: e.spec.owner ?? null,
      version: e.shown.version,
      updated_at: e.updated_at,
      attention: { cannot_fire: e.cannot_fire, needs_review: e.needs_review },
      pending_disable: e.pendingDisable,
    })),
    total: filtered.length,
    limit,
    offset,
    unfiltered_total: all.length,
    // Reorder accepts nothing less than the whole list in priority order (document 1).
    complete_order:
      !filteredAtAll && sort === 'priority' && dir === 'asc' && offset === 0 && all.length <= limit,
    owners: [...new Set(all.map((e) => e.spec.owner).filter((o): o is string => Boolean(o)))].sort(),
    attention: {
      cannot_fire: all.filter((e) => e.cannot_fire).length,
      needs_review: all.filter((e) => e.needs_review).length,
    },
    counts: {
      active: all.filter((e) => e.deployment === 'live' || e.deployment === 'changes_unpublished').length,
      drafts: all.filter((e) => e.deployment === 'never_published').length,
      awaiting_approval: all.filter((e) => e.deployment === 'awaiting_approval').length,
      changes_unpublished: all.filter((e) => e.deployment === 'changes_unpublished').length,
    },
  };
}
