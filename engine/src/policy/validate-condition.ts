import { FINGERPRINT_MATCH_KINDS } from '../fingerprints/settings.js';
import {
  type ClassificationCoordinate,
  CONDITION_LIMITS,
  CONDITION_OPS,
  NETWORK_LOCATIONS,
} from './condition-types.js';
import { checkStringList, type FieldErrors, isInteger, isNonEmptyString, isRecord } from './field-errors.js';
import { LIMITS } from './policy-types.js';
import { DEVICE_CLASSES } from './scope-types.js';

/** What a condition tree consists of, for rules that look at the whole tree. */
export interface ConditionFacts {
  /** Leaf ops in the tree (and/or/not/at_least are not leaves). */
  leafOps: Set<string>;
  bindings: ClassificationCoordinate[];
}

/** The fields each node kind may carry besides `op` (every other key is refused by name). */
export const CONDITION_NODE_KEYS: Readonly<Record<string, readonly string[]>> = {
  classification: ['classification_id', 'classification_version', 'revision'],
  detector: ['detector_id', 'min_matches', 'min_confidence', 'require_validated'],
  category: ['category', 'min_matches', 'min_confidence', 'require_validated'],
  and: ['nodes'],
  or: ['nodes'],
  not: ['node'],
  at_least: ['n', 'nodes'],
  total_matches: ['min_matches', 'min_confidence', 'require_validated'],
  file_condition: [
    'extensions',
    'mime_types',
    'min_size_bytes',
    'max_size_bytes',
    'path_contains',
    'labels',
    'owners',
  ],
  removable_device: ['serials', 'classes', 'match_mode', 'include_approved_inventory'],
  network_location: ['any_of'],
  always: [],
  fingerprint: ['corpus_id', 'match', 'min_coverage'],
};

function checkRuleFields(
  errors: FieldErrors,
  path: string,
  node: Record<string, unknown>,
  minRequired: boolean,
): void {
  const min = node['min_matches'];
  if (min === undefined ? minRequired : !isInteger(min) || min < 1 || min > 1_000_000) {
    errors.add(`${path}.min_matches`, 'must be an integer from 1 to 1000000');
  }
  const conf = node['min_confidence'];
  if (conf !== undefined && (!isInteger(conf) || conf < 0 || conf > 100)) {
    errors.add(`${path}.min_confidence`, 'must be an integer from 0 to 100');
  }
  const rv = node['require_validated'];
  if (rv !== undefined && typeof rv !== 'boolean')
    errors.add(`${path}.require_validated`, 'must be a boolean');
}

/** A fingerprint node: a corpus id, a matching kind and an optional threshold in (0, 1]. */
function checkFingerprintNode(errors: FieldErrors, p: string, node: Record<string, unknown>): void {
  if (!isNonEmptyString(node['corpus_id'])) errors.add(`${p}.corpus_id`, 'must be a non-empty string');
  if (!(FINGERPRINT_MATCH_KINDS as readonly unknown[]).includes(node['match']))
    errors.add(`${p}.match`, `must be one of ${FINGERPRINT_MATCH_KINDS.join(', ')}`);
  const min = node['min_coverage'];
  if (min !== undefined && (typeof min !== 'number' || !Number.isFinite(min) || min <= 0 || min > 1))
    errors.add(`${p}.min_coverage`, 'must be a number above 0 and at most 1');
}

/** Validates a condition tree; node paths read like `condition.nodes[1].node.min_matches`. */
export function validateCondition(errors: FieldErrors, path: string, value: unknown): ConditionFacts {
  const facts: ConditionFacts = { leafOps: new Set(), bindings: [] };
  let count = 0;
  const walk = (p: string, node: unknown, depth: number): void => {
    count += 1;
    if (count > CONDITION_LIMITS.max_nodes) {
      if (count === CONDITION_LIMITS.max_nodes + 1)
        errors.add(path, `must have at most ${CONDITION_LIMITS.max_nodes} nodes`);
      return;
    }
    if (depth > CONDITION_LIMITS.max_depth) {
      errors.add(p, `must be nested at most ${CONDITION_LIMITS.max_depth} levels deep`);
      return;
    }
    if (!isRecord(node)) {
      errors.add(p, 'must be a condition node object');
      return;
    }
    const op = node['op'];
    if (typeof op !== 'string' || !(CONDITION_OPS as readonly string[]).includes(op)) {
      errors.add(`${p}.op`, `must be one of ${CONDITION_OPS.join(', ')}`);
      return;
    }
    const allowed = CONDITION_NODE_KEYS[op] as readonly string[];
    for (const key of Object.keys(node)) {
      if (key !== 'op' && !allowed.includes(key)) errors.add(`${p}.${key}`, `is not a field of a ${op} node`);
    }
    const children = (key: 'nodes'): unknown[] => {
      const list = node[key];
      if (!Array.isArray(list)) {
        errors.add(`${p}.${key}`, 'must be a list of condition nodes');
        return [];
      }
      for (const [i, child] of list.entries()) walk(`${p}.${key}[${i}]`, child, depth + 1);
      return list;
    };
    switch (op) {
      case 'and':
      case 'or':
        children('nodes');
        return;
      case 'not':
        walk(`${p}.node`, node['node'], depth + 1);
        return;
      case 'at_least': {
        const list = children('nodes');
        const n = node['n'];
        if (!isInteger(n) || n < 1 || n > Math.max(1, list.length)) {
          errors.add(`${p}.n`, 'must be an integer from 1 to the number of child nodes');
        }
        return;
      }
      default:
        break;
    }
    facts.leafOps.add(op);
    switch (op) {
      case 'classification': {
        const id = node['classification_id'];
        const version = node['classification_version'];
        const revision = node['revision'];
        if (!isNonEmptyString(id)) errors.add(`${p}.classification_id`, 'must be a non-empty string');
        if (!isInteger(version) || version < 1)
          errors.add(`${p}.classification_version`, 'must be an integer of at least 1');
        if (!isInteger(revision) || revision < 0)
          errors.add(`${p}.revision`, 'must be an integer of at least 0');
        if (isNonEmptyString(id) && isInteger(version) && isInteger(revision)) {
          facts.bindings.push({ classification_id: id, classification_version: version, revision });
        }
        return;
      }
      case 'detector':
        if (!isNonEmptyString(node['detector_id']))
          errors.add(`${p}.detector_id`, 'must be a non-empty string');
        checkRuleFields(errors, p, node, false);
        return;
      case 'category':
        if (!isNonEmptyString(node['category'])) errors.add(`${p}.category`, 'must be a non-empty string');
        checkRuleFields(errors, p, node, false);
        return;
      case 'total_matches':
        checkRuleFields(errors, p, node, true);
        return;
      case 'file_condition': {
        let named = 0;
        for (const key of ['extensions', 'mime_types', 'path_contains', 'labels', 'owners'] as const) {
          named += checkStringList(errors, `${p}.${key}`, node[key], LIMITS.list_max, 1024).length;
        }
        for (const key of ['min_size_bytes', 'max_size_bytes'] as const) {
          const v = node[key];
          if (v === undefined || v === null) continue;
          named += 1;
          if (!isInteger(v) || v < 0) errors.add(`${p}.${key}`, 'must be a non-negative integer');
        }
        const lo = node['min_size_bytes'];
        const hi = node['max_size_bytes'];
        if (isInteger(lo) && isInteger(hi) && lo > hi) {
          errors.add(`${p}.max_size_bytes`, 'must not be below min_size_bytes');
        }
        if (named === 0) errors.add(p, 'a file_condition must name at least one field');
        return;
      }
      case 'removable_device': {
        const mode = node['match_mode'];
        if (mode !== 'any_of' && mode !== 'none_of')
          errors.add(`${p}.match_mode`, 'must be any_of or none_of');
        checkStringList(errors, `${p}.serials`, node['serials'], 5_000 + LIMITS.list_max, 256);
        const classes = checkStringList(errors, `${p}.classes`, node['classes'], DEVICE_CLASSES.length);
        classes.forEach((c, i) => {
          if (!(DEVICE_CLASSES as readonly string[]).includes(c))
            errors.add(`${p}.classes[${i}]`, `must be one of ${DEVICE_CLASSES.join(', ')}`);
        });
        const inv = node['include_approved_inventory'];
        if (inv !== undefined && typeof inv !== 'boolean')
          errors.add(`${p}.include_approved_inventory`, 'must be a boolean');
        return;
      }
      case 'network_location': {
        const list = node['any_of'];
        if (!Array.isArray(list) || list.length === 0) {
          errors.add(`${p}.any_of`, `must list at least one of ${NETWORK_LOCATIONS.join(', ')}`);
          return;
        }
        list.forEach((v, i) => {
          if (!(NETWORK_LOCATIONS as readonly unknown[]).includes(v))
            errors.add(`${p}.any_of[${i}]`, `must be one of ${NETWORK_LOCATIONS.join(', ')}`);
        });
        return;
      }
      case 'fingerprint':
        checkFingerprintNode(errors, p, node);
        return;
      default:
        return;
    }
  };
  walk(path, value, 1);
  return facts;
}

/** The exact condition a connection policy must carry: `not(and [])`, which is always false. */
export function isConnectionCondition(value: unknown): boolean {
  if (!isRecord(value) || value['op'] !== 'not' || Object.keys(value).length !== 2) return false;
  const inner = value['node'];
  return (
    isRecord(inner) &&
    inner['op'] === 'and' &&
    Array.isArray(inner['nodes']) &&
    inner['nodes'].length === 0 &&
    Object.keys(inner).length === 2
  );
}
