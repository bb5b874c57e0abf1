/** Portable policy packages (document 1, Policy package). */
import type { PolicyGroup, PolicyVersionInput } from '../policy/policy-types.js';
import type { TypedTarget } from '../policy/scope-types.js';

export const PACKAGE_FORMAT = 'svc.policy-package';
export const PACKAGE_FORMAT_VERSION = 1;

export const DEPENDENCY_KINDS = [
  'detector',
  'classification',
  'prompt_message',
  'scope_user',
  'scope_group',
  'scope_department',
  'scope_device',
  'scope_endpoint_group',
  'scope_target',
  // Ours beyond document 1's list: the fingerprint condition node names a corpus (docs/policy-packages.md).
  'fingerprint_corpus',
] as const;
export type DependencyKind = (typeof DEPENDENCY_KINDS)[number];

export interface PackageDependency {
  /** `kind:value` (a target adds its kind and source), unique in the package; mappings name it. */
  key: string;
  kind: DependencyKind;
  value: string;
  version?: number;
  revision?: number;
  target?: TypedTarget;
  name?: string;
  /** `builtin` or `tenant` for detectors and classifications. */
  origin?: 'builtin' | 'tenant';
  /** Every place in the spec that names it, as field paths (`condition.nodes[1].detector_id`). */
  paths: string[];
}

export interface PolicyPackage {
  format: typeof PACKAGE_FORMAT;
  format_version: typeof PACKAGE_FORMAT_VERSION;
  product_version: string;
  exported_at: string;
  source: {
    tenant_id: string;
    policy_id: string;
    policy_number: number;
    version: number;
    version_status: string;
  };
  policy: { name: string; description: string | null; group: PolicyGroup | null; spec: PolicyVersionInput };
  dependencies: PackageDependency[];
  /** Hex SHA-256 of the canonical JSON with this field empty: integrity only, not authenticity. */
  digest: string;
}
