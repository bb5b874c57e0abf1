export { channelSupports, clampAction } from './clamp.js';
export { type ConflictCandidate, rankCandidates, resolveConflict } from './conflict.js';
export { decide } from './decide.js';
export { EXPLANATION_TEXT_MAX } from './explain.js';
export { type MatchedSummary, matchedSummaries } from './outcome.js';
export { type PreparedBundle, type PreparedPolicy, prepareBundle, preparePolicies } from './prepare.js';
export {
  assessRisk,
  bypassPoints,
  RISK_MODEL_VERSION,
  RISK_POINTS,
  riskBand,
  volumePoints,
} from './risk.js';
export { localDayMinute } from './schedule.js';
export { triAnd, triAtLeast, triNot, triOr } from './tri.js';
export * from './types.js';
