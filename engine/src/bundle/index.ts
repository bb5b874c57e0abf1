export { canonicalBundleBytes, compareStrings, sortBundlePayload, sortScope } from './canonical.js';
export { checkBundleGraph, type GraphProblem } from './check-graph.js';
export {
  type CompilePolicyOptions,
  compileBundlePolicy,
  conditionBindings,
  requiredCapabilities,
} from './compile-policy.js';
export { decodeBase64Strict, ed25519PublicKey, verifyEd25519 } from './ed25519.js';
export {
  BUNDLE_ALGORITHMS,
  BUNDLE_ERROR_CODES,
  type BundleEnvelope,
  type BundleErrorCode,
} from './envelope.js';
export { bundlePayloadProblems } from './payload-shape.js';
export { signBundle } from './sign.js';
export {
  signTrustUpdate,
  TRUST_UPDATE_ERROR_CODES,
  TRUST_UPDATE_KIND,
  type TrustSet,
  type TrustUpdateErrorCode,
  type TrustUpdatePayload,
  type TrustUpdateResult,
  verifyTrustUpdate,
} from './trust-update.js';
export {
  type BundleTrust,
  type BundleVerification,
  type TrustedPolicyKey,
  type VerifyBundleContext,
  verifyBundle,
} from './verify.js';
