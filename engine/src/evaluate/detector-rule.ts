import type { DetectorRule } from '../detectors/types.js';
import { DETECTOR_RULE_DEFAULTS } from '../policy/condition-types.js';

/** A node's rule fields with the defaults filled in. */
export function ruleOf(node: {
  min_matches?: number;
  min_confidence?: number;
  require_validated?: boolean;
}): DetectorRule {
  return {
    min_matches: node.min_matches ?? DETECTOR_RULE_DEFAULTS.min_matches,
    min_confidence: node.min_confidence ?? DETECTOR_RULE_DEFAULTS.min_confidence,
    require_validated: node.require_validated ?? DETECTOR_RULE_DEFAULTS.require_validated,
  };
}
