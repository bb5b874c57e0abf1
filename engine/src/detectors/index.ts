/** Detection: catalogue, compiler, scanner, rule application, custom detectors. */
export { BUILTIN_DETECTORS, builtinDetector, detectorDefaultConfidence } from './catalogue/index.js';
export { compileDetectors, DetectorCompileError } from './compile.js';
export type { CompiledDetectors } from './compiled.js';
export { CUSTOS_SECRET_PREFIXES, looksLikeCredential } from './credential-check.js';
export { CUSTOM_LIMITS, validateCustomDetector } from './custom.js';
export {
  CONFIDENCE_LEVELS,
  type ConfidenceLadder,
  type ConfidenceLevel,
  type CustomDetectorSpec,
  DETECTOR_CATEGORIES,
  type DetectorCategory,
  type DetectorDefinition,
  type DetectorPattern,
  type DetectorTrigger,
  type KeywordSet,
  type ScanOptions,
} from './definition.js';
export { maskValue } from './preview.js';
export {
  aggregateCategory,
  applyDetectorRule,
  type CategoryAggregate,
  type FindingSummary,
  type HitSet,
  type RuleResult,
  summarizeFindings,
  totalMatches,
} from './rules.js';
export { scan } from './scanner.js';
export type { DetectorFinding, DetectorHit, DetectorRule } from './types.js';
export { CARD_IIN_TABLE, cardBrand } from './validators/card-brand.js';
export { isValidatorId, VALIDATOR_IDS, VALIDATORS, type ValidatorId } from './validators/index.js';
