/** Document fingerprints: corpora of shingle hashes and coverage matching (document 1). */
export {
  type CorpusProbeResult,
  conditionCorpusIds,
  type FingerprintProbes,
  type PreparedCorpora,
  type PreparedCorpus,
  prepareCorpora,
  probeCorpora,
} from './bundle-corpora.js';
export { CorpusDecodeError, decodeFingerprints, encodeFingerprints } from './codec.js';
export {
  buildCorpus,
  CorpusSettingsError,
  type DocumentFingerprints,
  type FingerprintCorpus,
  fingerprintDocument,
} from './corpus.js';
export { type FingerprintIndex, indexCorpus } from './fingerprint-index.js';
export {
  type CorpusProbe,
  type DocumentCoverage,
  decideFingerprintRule,
  type FingerprintRule,
  probeCorpus,
  type RuleOutcome,
} from './match.js';
export {
  CORPUS_LIMITS,
  type CorpusSettings,
  DEFAULT_CORPUS_SETTINGS,
  DEFAULT_MIN_COVERAGE,
  FINGERPRINT_MATCH_KINDS,
  type FingerprintMatchKind,
  isCoverage,
  PARTIAL_MIN_FINGERPRINTS,
  settingsProblem,
} from './settings.js';
export { exactTokens, foldWord, normalisedTokens } from './tokens.js';
