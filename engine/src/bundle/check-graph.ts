import type { BundlePayload } from '../policy/bundle-payload.js';
import { coordinateKey } from '../policy/classification-types.js';
import type { ConditionNode } from '../policy/condition-types.js';

/** One reason a payload's graph is inconsistent: a code and the ids involved, never a value. */
export interface GraphProblem {
  code:
    | 'graph.classification_missing'
    | 'graph.binding_unlisted'
    | 'graph.detector_missing'
    | 'graph.help_address_invalid'
    | 'graph.duplicate_policy';
  policy_id?: string;
  id: string;
}

function detectorIdsOf(node: ConditionNode, out: Set<string>): void {
  if (node.op === 'detector') out.add(node.detector_id);
  else if (node.op === 'and' || node.op === 'or' || node.op === 'at_least')
    for (const n of node.nodes) detectorIdsOf(n, out);
  else if (node.op === 'not') detectorIdsOf(node.node, out);
}

function classificationKeysOf(node: ConditionNode, out: Set<string>): void {
  if (node.op === 'classification') out.add(coordinateKey(node));
  else if (node.op === 'and' || node.op === 'or' || node.op === 'at_least')
    for (const n of node.nodes) classificationKeysOf(n, out);
  else if (node.op === 'not') classificationKeysOf(node.node, out);
}

/**
 * Revalidates the whole graph before signing (document 1, condition rule 1): every classification
 * a condition names is shipped at that exact coordinate and listed in the policy's bindings,
 * every detector a condition or classification uses is shipped, policy ids are unique, and the
 * help address is http or https. An empty list means the payload may be signed.
 */
export function checkBundleGraph(payload: BundlePayload): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const classifications = new Map(payload.classifications.map((c) => [coordinateKey(c), c]));
  const detectors = new Set(payload.detectors.map((d) => d.detector_id));
  const seen = new Set<string>();
  for (const p of payload.policies) {
    if (seen.has(p.policy_id)) problems.push({ code: 'graph.duplicate_policy', id: p.policy_id });
    seen.add(p.policy_id);
    const keys = new Set<string>();
    classificationKeysOf(p.condition, keys);
    const bound = new Set(p.classification_bindings.map(coordinateKey));
    for (const k of keys) {
      if (!classifications.has(k))
        problems.push({ code: 'graph.classification_missing', policy_id: p.policy_id, id: k });
      if (!bound.has(k)) problems.push({ code: 'graph.binding_unlisted', policy_id: p.policy_id, id: k });
    }
    const ids = new Set<string>();
    detectorIdsOf(p.condition, ids);
    for (const id of ids)
      if (!detectors.has(id)) problems.push({ code: 'graph.detector_missing', policy_id: p.policy_id, id });
  }
  for (const c of payload.classifications) {
    for (const r of c.rules) {
      for (const e of r.elements) {
        if (!detectors.has(e.detector_id))
          problems.push({ code: 'graph.detector_missing', id: e.detector_id });
      }
    }
  }
  if (payload.help_address !== null) {
    let ok = false;
    try {
      const u = new URL(payload.help_address);
      ok = u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      ok = false;
    }
    if (!ok) problems.push({ code: 'graph.help_address_invalid', id: 'help_address' });
  }
  return problems;
}
