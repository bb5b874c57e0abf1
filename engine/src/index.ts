export * from './bundle/index.js';
export * from './detectors/index.js';
export type { DetectorFinding, DetectorHit, DetectorRule } from './detectors/types.js';
export type { FieldError } from './errors.js';
export * from './evaluate/index.js';
export * from './exceptions/index.js';
export * from './fingerprints/index.js';
export * from './incidents/index.js';
export * from './policy/index.js';
