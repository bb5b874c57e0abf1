import {
  aggregateCategory,
  applyDetectorRule,
  type CategoryAggregate,
  type HitSet,
} from '../detectors/index.js';
import type { DetectorFinding } from '../detectors/types.js';
import type { FingerprintProbes } from '../fingerprints/bundle-corpora.js';
import { type ClassificationDefinition, coordinateKey } from '../policy/classification-types.js';
import type { ConditionNode, FileConditionNode, RemovableDeviceNode } from '../policy/condition-types.js';
import { ruleOf } from './detector-rule.js';
import { reasonToken } from './explain.js';
import { evalFingerprint } from './fingerprint-condition.js';
import { normalisePath } from './scope.js';
import { tri, triFromCounts, triNot } from './tri.js';
import type { ConditionEvidence, DecisionContext, DecisionEvent, Tri } from './types.js';

/** Per-decision view of the event, built once and shared by every policy's condition. */
export interface ConditionInput {
  event: DecisionEvent;
  ctx: DecisionContext;
  /** Null when the content was not read. */
  byDetector: ReadonlyMap<string, DetectorFinding> | null;
  byCategory: ReadonlyMap<string, DetectorFinding[]> | null;
  allFindings: readonly DetectorFinding[];
  /** Every hit of every detector, for `total_matches`. */
  allHits: HitSet;
  /** Category aggregates computed so far in this decision (many policies share a category). */
  categoryCache: Map<string, CategoryAggregate>;
  notReadCode: string;
  /** Probes of the content against the shipped corpora; null when the content was not read. */
  fingerprints: FingerprintProbes | null;
  classifications: ReadonlyMap<string, ClassificationDefinition>;
}

export function conditionInput(
  event: DecisionEvent,
  ctx: DecisionContext,
  classifications: ReadonlyMap<string, ClassificationDefinition>,
): ConditionInput {
  if (event.content.status !== 'read') {
    return {
      event,
      ctx,
      byDetector: null,
      byCategory: null,
      allFindings: [],
      allHits: { hits: [] },
      categoryCache: new Map(),
      notReadCode: `content.not_read.${reasonToken(event.content.reason)}`,
      fingerprints: null,
      classifications,
    };
  }
  const byDetector = new Map<string, DetectorFinding>();
  const byCategory = new Map<string, DetectorFinding[]>();
  for (const f of event.content.findings) {
    byDetector.set(f.detector_id, f);
    const list = byCategory.get(f.category);
    if (list) list.push(f);
    else byCategory.set(f.category, [f]);
  }
  return {
    event,
    ctx,
    byDetector,
    byCategory,
    allFindings: event.content.findings,
    allHits: { hits: event.content.findings.flatMap((f) => f.hits) },
    categoryCache: new Map(),
    notReadCode: '',
    fingerprints: event.content.fingerprints ?? new Map(),
    classifications,
  };
}

function evalClassification(
  node: Extract<ConditionNode, { op: 'classification' }>,
  path: string,
  input: ConditionInput,
  out: ConditionEvidence[] | null,
): Tri {
  const coordinate = {
    classification_id: node.classification_id,
    classification_version: node.classification_version,
    revision: node.revision,
  };
  if (!input.byDetector) {
    out?.push({ path, op: node.op, value: 'not_evaluated', code: input.notReadCode, coordinate });
    return 'not_evaluated';
  }
  const def = input.classifications.get(coordinateKey(node));
  if (!def) {
    // The compiler revalidates the graph before signing; a missing definition cannot prove anything.
    out?.push({
      path,
      op: node.op,
      value: 'not_evaluated',
      code: 'classification.not_in_bundle',
      coordinate,
    });
    return 'not_evaluated';
  }
  for (const rule of def.rules) {
    let count = 0;
    for (const el of rule.elements) {
      if (applyDetectorRule(input.byDetector.get(el.detector_id), el).matched) count += 1;
    }
    const need = rule.min_elements ?? rule.elements.length;
    if (rule.elements.length > 0 && count >= need) {
      if (!out) return 'true';
      const contributing = rule.elements.filter(
        (el) => applyDetectorRule(input.byDetector?.get(el.detector_id), el).matched,
      );
      const elementIds = contributing.map((el) => el.element_id);
      const detectorIds = contributing.map((el) => el.detector_id);
      out.push({
        path,
        op: node.op,
        value: 'true',
        code: 'classification.matched',
        coordinate,
        rule_id: rule.rule_id,
        element_ids: elementIds,
        detector_ids: detectorIds,
      });
      return 'true';
    }
  }
  out?.push({ path, op: node.op, value: 'false', code: 'classification.no_rule_matched', coordinate });
  return 'false';
}

function evalFile(node: FileConditionNode, input: ConditionInput): { value: Tri; code: string } {
  const file = input.event.file;
  if (!file) return { value: 'false', code: 'file.absent' };
  if (node.extensions?.length) {
    const ext = file.extension?.replace(/^\./, '').toLowerCase();
    if (!ext || !node.extensions.some((e) => e.replace(/^\./, '').toLowerCase() === ext))
      return { value: 'false', code: 'file.extension' };
  }
  if (node.mime_types?.length) {
    const mime = file.mime?.toLowerCase();
    const ok =
      !!mime &&
      node.mime_types.some((m) => {
        const want = m.toLowerCase();
        return want.endsWith('/*') ? mime.startsWith(want.slice(0, -1)) : mime === want;
      });
    if (!ok) return { value: 'false', code: 'file.mime' };
  }
  if (node.min_size_bytes !== undefined || node.max_size_bytes !== undefined) {
    const size = file.size_bytes;
    if (typeof size !== 'number') return { value: 'false', code: 'file.size_unknown' };
    if (node.min_size_bytes !== undefined && size < node.min_size_bytes)
      return { value: 'false', code: 'file.size' };
    if (node.max_size_bytes !== undefined && size > node.max_size_bytes)
      return { value: 'false', code: 'file.size' };
  }
  if (node.path_contains?.length) {
    const p = file.path ? normalisePath(file.path) : null;
    if (!p || !node.path_contains.some((frag) => p.includes(normalisePath(frag))))
      return { value: 'false', code: 'file.path' };
  }
  if (node.labels?.length) {
    // Document 1, condition rule 5: labels read from the file, compared without case.
    const have = new Set((file.labels ?? []).map((l) => l.toLowerCase()));
    if (!node.labels.some((l) => have.has(l.toLowerCase()))) return { value: 'false', code: 'file.label' };
  }
  if (node.owners?.length) {
    // Exact and without case, against the SID or the resolved name; a failed lookup leaves the
    // name absent, with no guessing or substring match.
    const sid = file.owner_sid?.toLowerCase();
    const name = file.owner_name?.toLowerCase();
    if (!node.owners.some((o) => (sid && o.toLowerCase() === sid) || (name && o.toLowerCase() === name)))
      return { value: 'false', code: 'file.owner' };
  }
  return { value: 'true', code: 'file.matched' };
}

/** Document 1, condition rule 7. */
function evalRemovable(node: RemovableDeviceNode, input: ConditionInput): { value: Tri; code: string } {
  const dev = input.event.removable;
  if (!dev) return { value: 'false', code: 'removable.no_destination' };
  // A phone is identified by class only and is never reported with a serial.
  const serial = dev.device_class === 'mobile_device' ? null : dev.serial?.trim() || null;
  const serialListed =
    serial !== null && (node.serials ?? []).some((s) => s.toLowerCase() === serial.toLowerCase());
  const classListed = (node.classes ?? []).includes(dev.device_class);
  if (node.match_mode === 'any_of') {
    if (serialListed || classListed) return { value: 'true', code: 'removable.listed' };
    return { value: 'false', code: serial === null ? 'removable.no_serial' : 'removable.not_listed' };
  }
  // none_of is the allow-list: a device with no serial is never admitted by it.
  if (serial === null) return { value: 'true', code: 'removable.no_serial' };
  if (serialListed || classListed) return { value: 'false', code: 'removable.admitted' };
  return { value: 'true', code: 'removable.not_admitted' };
}

/**
 * Evaluates a condition tree without short-circuit (document 1, condition rule 3), writing one
 * evidence entry per leaf; values are three-valued (rule 2).
 */
export function evaluateCondition(
  node: ConditionNode,
  path: string,
  input: ConditionInput,
  out: ConditionEvidence[] | null,
): Tri {
  switch (node.op) {
    case 'and':
    case 'or':
    case 'at_least': {
      // Every child is evaluated (rule 3); counts replace an array of child values.
      let yes = 0;
      let unknown = 0;
      for (let i = 0; i < node.nodes.length; i += 1) {
        const v = evaluateCondition(node.nodes[i]!, out ? `${path}.nodes[${i}]` : path, input, out);
        if (v === 'true') yes += 1;
        else if (v === 'not_evaluated') unknown += 1;
      }
      return triFromCounts(node.op, yes, unknown, node.nodes.length, node.op === 'at_least' ? node.n : 1);
    }
    case 'not':
      return triNot(evaluateCondition(node.node, out ? `${path}.node` : path, input, out));
    case 'classification':
      return evalClassification(node, path, input, out);
    case 'detector':
    case 'category':
    case 'total_matches': {
      if (!input.byDetector) {
        out?.push({ path, op: node.op, value: 'not_evaluated', code: input.notReadCode });
        return 'not_evaluated';
      }
      const rule = ruleOf(node);
      let value: Tri;
      let detectorIds: readonly string[] = [];
      if (node.op === 'detector') {
        value = tri(applyDetectorRule(input.byDetector.get(node.detector_id), rule).matched);
        if (value === 'true' && out) detectorIds = [node.detector_id];
      } else if (node.op === 'category') {
        // Aggregated over the category; one span reported by two of its detectors counts once.
        let agg = input.categoryCache.get(node.category);
        if (!agg) {
          agg = aggregateCategory(input.byCategory?.get(node.category) ?? [], node.category);
          input.categoryCache.set(node.category, agg);
        }
        value = tri(applyDetectorRule(agg, rule).matched);
        if (value === 'true') detectorIds = agg.detector_ids;
      } else {
        value = tri(applyDetectorRule(input.allHits, rule).matched);
        if (value === 'true' && out)
          detectorIds = input.allFindings.filter((f) => f.hits.length > 0).map((f) => f.detector_id);
      }
      out?.push({
        path,
        op: node.op,
        value,
        code: value === 'true' ? `${node.op}.matched` : `${node.op}.below_rule`,
        ...(detectorIds.length ? { detector_ids: [...detectorIds] } : {}),
      });
      return value;
    }
    case 'file_condition': {
      const r = evalFile(node, input);
      out?.push({ path, op: node.op, value: r.value, code: r.code });
      return r.value;
    }
    case 'removable_device': {
      const r = evalRemovable(node, input);
      out?.push({ path, op: node.op, value: r.value, code: r.code });
      return r.value;
    }
    case 'network_location': {
      // Document 1, condition rule 6: no reported location matches nothing, not even under `not`.
      const loc = input.ctx.network_location;
      if (!loc) {
        out?.push({ path, op: node.op, value: 'not_evaluated', code: 'location.not_reported' });
        return 'not_evaluated';
      }
      const value = tri(node.any_of.includes(loc));
      out?.push({ path, op: node.op, value, code: value === 'true' ? 'location.matched' : 'location.other' });
      return value;
    }
    case 'fingerprint':
      return evalFingerprint(node, path, input.fingerprints, input.notReadCode, out);
    case 'always':
      out?.push({ path, op: node.op, value: 'true', code: 'always' });
      return 'true';
  }
}
