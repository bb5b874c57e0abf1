import { conditionCorpusIds } from '../fingerprints/bundle-corpora.js';
import { type Action, normalizeAction, type WireAction } from '../policy/actions.js';
import type { BundleNotifications, BundlePolicy } from '../policy/bundle-payload.js';
import { compareCoordinates, coordinateKey } from '../policy/classification-types.js';
import { compileScope, type ScopeResolver, scopeHasExclusions } from '../policy/compile-scope.js';
import {
  type ClassificationCoordinate,
  type ConditionNode,
  DETECTOR_RULE_DEFAULTS,
} from '../policy/condition-types.js';
import { LIMITS, type PolicyVersion } from '../policy/policy-types.js';
import { compareStrings } from './canonical.js';

/** What the bundle compiler knows beyond the stored version. */
export interface CompilePolicyOptions {
  /** Position in the tenant's policy list (authoritative, stamped onto the shipped spec). */
  priority: number;
  resolver: ScopeResolver;
  /** The chosen prompt message's text in the tenant's notice language (English when it has none). */
  promptText?: string | null;
  /** Approved device serials, added where a condition sets `include_approved_inventory` (rule 8). */
  approvedSerials?: readonly string[];
}

const action = (a: WireAction): Action => normalizeAction(a);

/** Classification coordinates a condition names, de-duplicated and sorted. */
export function conditionBindings(node: ConditionNode): ClassificationCoordinate[] {
  const out = new Map<string, ClassificationCoordinate>();
  const walk = (n: ConditionNode): void => {
    if (n.op === 'classification') {
      out.set(coordinateKey(n), {
        classification_id: n.classification_id,
        classification_version: n.classification_version,
        revision: n.revision,
      });
    } else if (n.op === 'and' || n.op === 'or' || n.op === 'at_least') n.nodes.forEach(walk);
    else if (n.op === 'not') walk(n.node);
  };
  walk(node);
  return [...out.values()].sort(compareCoordinates);
}

function withInventory(node: ConditionNode, serials: readonly string[]): ConditionNode {
  switch (node.op) {
    case 'and':
    case 'or':
      return { ...node, nodes: node.nodes.map((n) => withInventory(n, serials)) };
    case 'at_least':
      return { ...node, nodes: node.nodes.map((n) => withInventory(n, serials)) };
    case 'not':
      return { ...node, node: withInventory(node.node, serials) };
    case 'removable_device': {
      // Document 1, condition rule 8: only a condition with the flag is touched by approvals.
      if (!node.include_approved_inventory) return node;
      const merged = new Map<string, string>();
      for (const s of [...(node.serials ?? []), ...serials]) merged.set(s.toLowerCase(), s);
      return { ...node, serials: [...merged.values()].sort(compareStrings) };
    }
    default:
      return node;
  }
}

/**
 * Writes the validator default into every detector, category and total_matches node that omits
 * it, so the signed bundle states what the rule means: an agent built before the default became
 * `true` (issue 26) would otherwise read the omission as `false` and match invalid look-alikes.
 */
function withRuleDefaults(node: ConditionNode): ConditionNode {
  switch (node.op) {
    case 'and':
    case 'or':
    case 'at_least':
      return { ...node, nodes: node.nodes.map(withRuleDefaults) };
    case 'not':
      return { ...node, node: withRuleDefaults(node.node) };
    case 'detector':
    case 'category':
    case 'total_matches':
      return node.require_validated === undefined
        ? { ...node, require_validated: DETECTOR_RULE_DEFAULTS.require_validated }
        : node;
    default:
      return node;
  }
}

function notificationsOf(v: PolicyVersion, promptText: string | null | undefined): BundleNotifications {
  const n = v.notifications ?? {};
  const out: BundleNotifications = { user_message: promptText ?? n.user_message ?? null };
  if (n.user_messages && Object.keys(n.user_messages).length > 0) out.user_messages = { ...n.user_messages };
  const j = n.justification;
  // The block is omitted from a bundle when it equals the default (document 1, notifications).
  const isDefault =
    !j ||
    ((j.reasons ?? []).length === 0 &&
      (j.free_text ?? true) === true &&
      (j.min_chars ?? LIMITS.justification_min_chars_default) === LIMITS.justification_min_chars_default);
  if (!isDefault && j) {
    out.justification = {
      reasons: [...(j.reasons ?? [])],
      free_text: j.free_text ?? true,
      min_chars: j.min_chars ?? LIMITS.justification_min_chars_default,
    };
  }
  return out;
}

/**
 * Turns a stored, published policy version into the spec a bundle ships: actions normalised
 * (`warn` → `inform`), priority stamped, typed targets compiled into the legacy scope fields,
 * approved serials merged where asked, prompt text compiled, bindings collected.
 */
export function compileBundlePolicy(v: PolicyVersion, opts: CompilePolicyOptions): BundlePolicy {
  const written = withRuleDefaults(v.condition);
  const condition = opts.approvedSerials ? withInventory(written, opts.approvedSerials) : written;
  return {
    policy_id: v.policy_id,
    policy_number: v.number,
    version: v.version,
    name: v.name,
    status: v.sandbox ? 'test' : 'published',
    mode: v.mode ?? null,
    severity: v.severity,
    priority: opts.priority,
    group: v.group ?? null,
    scope: compileScope(v.scope, opts.resolver),
    condition,
    exceptions: (v.exceptions ?? []).map((e) => ({
      id: e.id,
      approved_by: e.approved_by,
      expires_at: e.expires_at ?? null,
      scope: compileScope(e.scope, opts.resolver),
      downgrade_to: e.downgrade_to ? action(e.downgrade_to) : null,
    })),
    response: action(v.response),
    offline_response: v.offline_response ? action(v.offline_response) : null,
    evidence: { ...(v.evidence ?? {}) },
    schedule: v.schedule ?? null,
    conflict_strategy: v.conflict_strategy ?? 'most_restrictive',
    notifications: notificationsOf(v, opts.promptText),
    risk_thresholds: v.risk_thresholds
      ? {
          below: action(v.risk_thresholds.below),
          steps: v.risk_thresholds.steps
            .map((s) => ({ at_or_above: s.at_or_above, action: action(s.action) }))
            .sort((a, b) => a.at_or_above - b.at_or_above),
        }
      : null,
    apply_label: v.apply_label
      ? { value: v.apply_label.value, replace_existing: v.apply_label.replace_existing ?? false }
      : null,
    raise_every_match: v.raise_every_match ?? false,
    connection: v.connection ?? null,
    effective_from: v.effective_from ?? null,
    effective_until: v.effective_until ?? null,
    classification_bindings: conditionBindings(condition),
  };
}

/**
 * Capability names an agent must report to read policies correctly: `scope_exclusions` for a
 * compiled exclusion, `fingerprint_corpora` for a fingerprint condition, and the action names that need an agent feature (document 2, Versioning).
 */
export function requiredCapabilities(policies: readonly BundlePolicy[]): string[] {
  const out = new Set<string>();
  for (const p of policies) {
    if (scopeHasExclusions(p.scope) || p.exceptions.some((e) => scopeHasExclusions(e.scope)))
      out.add('scope_exclusions');
    const actions = [
      p.response,
      p.offline_response,
      ...p.exceptions.map((e) => e.downgrade_to),
      p.risk_thresholds?.below,
      ...(p.risk_thresholds?.steps.map((s) => s.action) ?? []),
    ];
    for (const a of actions) if (a === 'warn_with_continue' || a === 'approval_required') out.add(a);
    // An agent that does not know the node would refuse the whole bundle (docs/fingerprints.md).
    if (conditionCorpusIds(p.condition).length > 0) out.add('fingerprint_corpora');
  }
  return [...out].sort(compareStrings);
}
