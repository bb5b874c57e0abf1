export type { FieldError } from './errors.js';
export type { DetectorFinding, DetectorHit, DetectorRule } from './detectors/types.js';
export * from './policy/index.js';
