import canonicalize from 'canonicalize';
import type { BundleException, BundlePayload, BundlePolicy } from '../policy/bundle-payload.js';
import type { ClassificationDefinition } from '../policy/classification-types.js';
import { compareCoordinates } from '../policy/classification-types.js';
import type { ConditionNode } from '../policy/condition-types.js';
import type { Scope, TypedTarget } from '../policy/scope-types.js';

/** Code-unit order: the same on every platform and locale, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const sorted = (list: readonly string[]): string[] => [...list].sort(compareStrings);

function sortTargets(list: readonly TypedTarget[]): TypedTarget[] {
  return [...list].sort((a, b) => compareStrings(a.kind, b.kind) || compareStrings(a.object_id, b.object_id));
}

/** Scope lists are sets: sorted so equal scopes sign to equal bytes. */
export function sortScope(scope: Scope): Scope {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(scope)) {
    if (value === undefined) continue;
    if (key === 'include_targets' || key === 'exclude_targets')
      out[key] = sortTargets(value as TypedTarget[]);
    else out[key] = sorted(value as string[]);
  }
  return out as Scope;
}

/** Leaf lists inside a condition are sets and get sorted; the order of child nodes is kept. */
function sortCondition(node: ConditionNode): ConditionNode {
  switch (node.op) {
    case 'and':
    case 'or':
      return { ...node, nodes: node.nodes.map(sortCondition) };
    case 'at_least':
      return { ...node, nodes: node.nodes.map(sortCondition) };
    case 'not':
      return { ...node, node: sortCondition(node.node) };
    case 'removable_device':
      return {
        ...node,
        ...(node.serials ? { serials: sorted(node.serials) } : {}),
        ...(node.classes ? { classes: sorted(node.classes) } : {}),
      };
    case 'network_location':
      return { ...node, any_of: [...node.any_of].sort(compareStrings) };
    case 'file_condition': {
      const out: Record<string, unknown> = { ...node };
      for (const key of ['extensions', 'mime_types', 'path_contains', 'labels', 'owners'] as const) {
        const v = node[key];
        if (v) out[key] = sorted(v);
      }
      return out as unknown as ConditionNode;
    }
    default:
      return node;
  }
}

function sortException(e: BundleException): BundleException {
  return { ...e, scope: sortScope(e.scope) };
}

function sortPolicy(p: BundlePolicy): BundlePolicy {
  return {
    ...p,
    scope: sortScope(p.scope),
    condition: sortCondition(p.condition),
    exceptions: [...p.exceptions].map(sortException).sort((a, b) => compareStrings(a.id, b.id)),
    risk_thresholds: p.risk_thresholds
      ? {
          ...p.risk_thresholds,
          steps: [...p.risk_thresholds.steps].sort((a, b) => a.at_or_above - b.at_or_above),
        }
      : null,
    connection: p.connection
      ? {
          ...p.connection,
          applications: sorted(p.connection.applications),
          destinations: [...p.connection.destinations]
            .map((d) => (d.ports ? { ...d, ports: [...d.ports].sort((a, b) => a - b) } : d))
            .sort((a, b) => compareStrings(a.address, b.address)),
        }
      : null,
    classification_bindings: [...p.classification_bindings].sort(compareCoordinates),
  };
}

function sortClassification(c: ClassificationDefinition): ClassificationDefinition {
  return {
    ...c,
    rules: [...c.rules]
      .map((r) => ({
        ...r,
        elements: [...r.elements].sort((a, b) => compareStrings(a.element_id, b.element_id)),
      }))
      .sort((a, b) => compareStrings(a.rule_id, b.rule_id)),
  };
}

/**
 * Sorts every collection and binding coordinate of a payload (document 1, "Bundle"): policies by
 * priority then id, classifications by coordinate, detectors by id, paths and names by code unit.
 * The result is a new object; the input is not changed.
 */
export function sortBundlePayload(payload: BundlePayload): BundlePayload {
  return {
    ...payload,
    device_scope: payload.device_scope ? sorted(payload.device_scope) : null,
    group_scope: payload.group_scope ? sorted(payload.group_scope) : null,
    required_capabilities: sorted(payload.required_capabilities),
    policies: payload.policies
      .map(sortPolicy)
      .sort((a, b) => a.priority - b.priority || compareStrings(a.policy_id, b.policy_id)),
    classifications: payload.classifications.map(sortClassification).sort(compareCoordinates),
    detectors: [...payload.detectors].sort((a, b) => compareStrings(a.detector_id, b.detector_id)),
    monitored_paths: sorted(payload.monitored_paths),
    ...(payload.fingerprint_corpora
      ? {
          fingerprint_corpora: [...payload.fingerprint_corpora].sort((a, b) =>
            compareStrings(a.corpus_id, b.corpus_id),
          ),
        }
      : {}),
  };
}

/** The exact bytes that are signed and transmitted: RFC 8785 canonical JSON of the sorted payload, UTF-8. */
export function canonicalBundleBytes(payload: BundlePayload): Uint8Array {
  const text = canonicalize(sortBundlePayload(payload));
  if (text === undefined) throw new TypeError('bundle payload cannot be serialised');
  return new TextEncoder().encode(text);
}
