import { detectorDefaultConfidence } from '../detectors/catalogue/index.js';
import type { DetectorRule } from '../detectors/types.js';
import { DETECTOR_RULE_DEFAULTS } from '../policy/condition-types.js';

/**
 * A node's rule fields with the defaults filled in. A `detector` condition without
 * min_confidence asks for its built-in detector's default confidence (the rung at which the
 * detector keeps ≥ 95 % precision, docs/detectors.md); categories and totals use 65.
 */
export function ruleOf(node: {
  detector_id?: string;
  min_matches?: number;
  min_confidence?: number;
  require_validated?: boolean;
}): DetectorRule {
  const fallback =
    node.detector_id === undefined
      ? DETECTOR_RULE_DEFAULTS.min_confidence
      : detectorDefaultConfidence(node.detector_id);
  return {
    min_matches: node.min_matches ?? DETECTOR_RULE_DEFAULTS.min_matches,
    min_confidence: node.min_confidence ?? fallback,
    require_validated: node.require_validated ?? DETECTOR_RULE_DEFAULTS.require_validated,
  };
}
