export * from './actions.js';
export * from './bundle-payload.js';
export * from './change-reason.js';
export { effectiveGroup, impliedGroup } from './channel-groups.js';
export * from './classification-types.js';
export * from './compile-scope.js';
export * from './condition-types.js';
export * from './governance.js';
export { isAddressOrCidr } from './ip-address.js';
export * from './person-text.js';
export * from './policy-types.js';
export * from './release-warnings.js';
export * from './scope-types.js';
export { isDomainSid, isSid, sidInDomain } from './sid.js';
export { isIanaZone, isOffsetZoneName } from './time-zone.js';
export { validateClassificationDefinition } from './validate-classification.js';
export { CONDITION_NODE_KEYS, isConnectionCondition } from './validate-condition.js';
export {
  namesDetectorOrPattern,
  type PromptLookup,
  validatePromptMessage,
} from './validate-notifications.js';
export { type PolicyValidationContext, validatePolicyVersion } from './validate-policy-version.js';
export type { TargetLookup } from './validate-scope.js';
