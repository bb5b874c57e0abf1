export { NOTICE_REFERENCE_ALPHABET, NOTICE_REFERENCE_PATTERN, noticeReference } from './notice-reference.js';
export {
  assessPriority,
  EVENTS_FOLDED_SATURATION,
  FALSE_POSITIVE_MIN_CLOSED,
  PRIOR_CONFIRMED_SATURATION,
  PRIORITY_FACTOR_ORDER,
  PRIORITY_WEIGHTS,
  type PriorityAssessment,
  type PriorityFactor,
  type PriorityFactorName,
  type PriorityInputs,
  priorityValues,
} from './priority.js';
export {
  assessIncidentRisk,
  DEPARTURE_WINDOW_MS,
  EXTRA_POLICY_MAX,
  EXTRA_POLICY_POINTS,
  INCIDENT_RISK_MODEL_VERSION,
  type IncidentRiskAssessment,
  type IncidentRiskFactor,
  type IncidentRiskInputs,
  SEVERITY_POINTS,
} from './risk.js';
