import {
  type Action,
  BUILTIN_DETECTORS,
  type ConditionNode,
  normalizeAction,
  type PolicyVersion,
  type Scope,
  type WireAction,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { findAgentGroup } from '../agents/public.js';
import { releasedPolicies } from './service.js';

/**
 * Overlap warnings (document 1, States: "a current coverage/overlap warning" sends a release to
 * approval). Document 1 names the warning without defining it; the definition here
 * (docs/policies.md, Overlap warnings):
 *
 * Another published, switched-on policy overlaps the version being released when
 *  1. every scope dimension of the two could hold the same event: on each dimension one side is
 *     empty (no constraint) or the two lists share a value (without case; destinations by domain
 *     suffix, sources by path prefix); typed targets count as the dimension they compile to;
 *  2. their conditions test the same content: a detector, classification (any coordinate of the
 *     same id), data category (a category node meets a built-in detector of that category) or
 *     a removable-device test, each outside any `not`;
 *  3. and they answer differently: another online or offline action.
 * Exclusions and exceptions are not subtracted: the warning errs towards asking a second person.
 * A warning carries ids, names and action names, never condition values.
 */
export interface OverlapWarning {
  kind: 'overlap';
  policy_id: string;
  policy_number: number;
  policy_name: string;
  detectors: string[];
  classifications: string[];
  categories: string[];
  removable_device: boolean;
  response: { this: Action; other: Action };
  offline_response: { this: Action; other: Action };
  message: string;
}

const CATEGORY_OF = new Map<string, string>(BUILTIN_DETECTORS.map((d) => [d.id, d.category]));

interface ContentKeys {
  detectors: Set<string>;
  classifications: Set<string>;
  categories: Set<string>;
  removable: boolean;
}

/** What a condition tests positively; a test under `not` asks for its absence and is skipped. */
function contentKeys(node: ConditionNode, out: ContentKeys, negated = false): ContentKeys {
  switch (node.op) {
    case 'detector':
      if (!negated) out.detectors.add(node.detector_id);
      break;
    case 'classification':
      if (!negated) out.classifications.add(node.classification_id);
      break;
    case 'category':
      if (!negated) out.categories.add(node.category);
      break;
    case 'removable_device':
      if (!negated) out.removable = true;
      break;
    case 'and':
    case 'or':
    case 'at_least':
      for (const n of node.nodes) contentKeys(n, out, negated);
      break;
    case 'not':
      contentKeys(node.node, out, !negated);
      break;
    default:
      break;
  }
  return out;
}

function keysOf(v: PolicyVersion): ContentKeys {
  return contentKeys(v.condition, {
    detectors: new Set(),
    classifications: new Set(),
    categories: new Set(),
    removable: false,
  });
}

type Dimension = (a: string, b: string) => boolean;
const same: Dimension = (a, b) => a === b;
const suffix: Dimension = (a, b) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
const prefix: Dimension = (a, b) => a.startsWith(b) || b.startsWith(a);

/** The lower-cased values of each scope dimension, typed targets folded into their dimension. */
async function dimensionsOf(
  db: Kysely<Database>,
  tenantId: string,
  scope: Scope,
  groupNames: Map<string, string | null>,
): Promise<Record<string, string[]>> {
  const low = (xs: string[] | undefined) => (xs ?? []).map((x) => x.toLowerCase());
  const devices = low(scope.device_ids);
  const agentGroups = low(scope.agent_groups);
  const groups = low(scope.groups);
  for (const t of scope.include_targets ?? []) {
    if (t.kind === 'endpoint') devices.push(t.object_id.toLowerCase());
    else if (t.kind === 'directory_group') groups.push(t.object_id.toLowerCase());
    else {
      if (!groupNames.has(t.object_id)) {
        const g = await findAgentGroup(db, tenantId, t.object_id);
        groupNames.set(t.object_id, g && !g.retired_at ? g.name.toLowerCase() : null);
      }
      // A retired group compiles to a name no group can have: it reaches no endpoint.
      agentGroups.push(groupNames.get(t.object_id) ?? `\u0000retired:${t.object_id}`);
    }
  }
  return {
    channels: low(scope.channels),
    operating_systems: low(scope.operating_systems),
    applications: low(scope.applications),
    destinations: low(scope.destinations),
    sources: low(scope.sources),
    user_ids: low(scope.user_ids),
    groups,
    device_ids: devices,
    agent_groups: agentGroups,
    departments: low(scope.departments),
  };
}

const MATCHERS: Record<string, Dimension> = { destinations: suffix, sources: prefix };

function scopesMeet(a: Record<string, string[]>, b: Record<string, string[]>): boolean {
  for (const [dim, xs] of Object.entries(a)) {
    const ys = b[dim] ?? [];
    if (xs.length === 0 || ys.length === 0) continue;
    const meet = MATCHERS[dim] ?? same;
    if (!xs.some((x) => ys.some((y) => meet(x, y)))) return false;
  }
  return true;
}

function sharedKeys(a: ContentKeys, b: ContentKeys) {
  const both = (x: Set<string>, y: Set<string>) => [...x].filter((k) => y.has(k)).sort();
  const categories = new Set(both(a.categories, b.categories));
  // A category node meets a built-in detector of that category on the other side.
  for (const [cats, dets] of [
    [a.categories, b.detectors],
    [b.categories, a.detectors],
  ] as const)
    for (const d of dets) {
      const c = CATEGORY_OF.get(d);
      if (c !== undefined && cats.has(c)) categories.add(c);
    }
  return {
    detectors: both(a.detectors, b.detectors),
    classifications: both(a.classifications, b.classifications),
    categories: [...categories].sort(),
    removable_device: a.removable && b.removable,
  };
}

const actionOf = (a: WireAction) => normalizeAction(a);

/** Overlap warnings of `version` against the other published, switched-on policies of the tenant. */
export async function overlapWarnings(
  db: Kysely<Database>,
  tenantId: string,
  version: PolicyVersion,
): Promise<OverlapWarning[]> {
  const mine = keysOf(version);
  const groupNames = new Map<string, string | null>();
  const myScope = await dimensionsOf(db, tenantId, version.scope, groupNames);
  const myResponse = actionOf(version.response);
  const myOffline = actionOf(version.offline_response ?? version.response);
  const out: OverlapWarning[] = [];
  for (const { version: other } of await releasedPolicies(db, tenantId)) {
    if (other.policy_id === version.policy_id) continue;
    const response = actionOf(other.response);
    const offline = actionOf(other.offline_response ?? other.response);
    if (response === myResponse && offline === myOffline) continue;
    const shared = sharedKeys(mine, keysOf(other));
    if (
      shared.detectors.length === 0 &&
      shared.classifications.length === 0 &&
      shared.categories.length === 0 &&
      !shared.removable_device
    )
      continue;
    if (!scopesMeet(myScope, await dimensionsOf(db, tenantId, other.scope, groupNames))) continue;
    out.push({
      kind: 'overlap',
      policy_id: other.policy_id,
      policy_number: other.number,
      policy_name: other.name,
      ...shared,
      response: { this: myResponse, other: response },
      offline_response: { this: myOffline, other: offline },
      message: `POL-${other.number} can match the same events with another action (${response} online, ${offline} offline); the conflict strategy decides which applies`,
    });
  }
  return out;
}
