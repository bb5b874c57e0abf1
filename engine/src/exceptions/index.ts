export {
  approvalHalvesRisk,
  BYPASS_WINDOW_MS,
  type BypassKind,
  type BypassRecord,
  countBypassAttempts,
  type HeldApproval,
  personKey,
} from './bypass.js';
export {
  DECISION_MAX_SKEW_S,
  type DecisionEnvelope,
  type DecisionOutcome,
  type DecisionPayload,
  type DecisionRefusal,
  type DecisionTrust,
  type DecisionVerification,
  decisionBytes,
  decisionReleases,
  type HeldOperation,
  signDecision,
  verifyDecision,
} from './decision.js';
export {
  JUSTIFICATION_MESSAGES,
  type JustificationProblem,
  type JustificationRules,
  justificationProblems,
  MIN_DISTINCT_WORDS,
  REPEAT_RUN,
  wordsOf,
} from './justification.js';
