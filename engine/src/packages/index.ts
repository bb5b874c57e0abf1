/** Portable policy packages (document 1): references, portable spec, digest, dependency states. */
export { readPath } from './field-path.js';
export {
  DEPENDENCY_KINDS,
  type DependencyKind,
  PACKAGE_FORMAT,
  PACKAGE_FORMAT_VERSION,
  type PackageDependency,
  type PolicyPackage,
} from './package-types.js';
export { packageDigest, portableSpec } from './portable.js';
export { policyReferences, targetKey } from './references.js';
export {
  applyResolution,
  BLOCKING_STATES,
  DEPENDENCY_STATES,
  type DependencyState,
  type MappingTarget,
  type PackageMapping,
  type ResolvedDependency,
  resolveDependencies,
  type TenantObjects,
} from './resolve.js';
