import type { CustomDetectorSpec } from '../detectors/definition.js';
import type { Action, Severity } from './actions.js';
import type { ClassificationDefinition } from './classification-types.js';
import type { ClassificationCoordinate, ConditionNode } from './condition-types.js';
import type {
  ApplyLabel,
  ConflictStrategy,
  ConnectionBlock,
  Evidence,
  Justification,
  NoticeLanguage,
  PolicyGroup,
  Schedule,
} from './policy-types.js';
import type { Scope } from './scope-types.js';

/** Bundle schema this engine writes and reads. An agent accepts the same major, any minor. */
export const BUNDLE_SCHEMA_VERSION = { major: 1, minor: 0 } as const;

export interface SchemaVersion {
  major: number;
  minor: number;
}

/** An exception as shipped: actions normalised (`warn` read as `inform`). */
export interface BundleException {
  id: string;
  approved_by: string;
  expires_at: string | null;
  scope: Scope;
  downgrade_to: Action | null;
}

export interface BundleRiskThresholds {
  below: Action;
  /** Sorted by `at_or_above` ascending. */
  steps: { at_or_above: number; action: Action }[];
}

export interface BundleNotifications {
  /** Compiled from the prompt message in the tenant's notice language, or the author's own text. */
  user_message: string | null;
  user_messages?: Partial<Record<NoticeLanguage, string>>;
  /** Omitted when equal to the default (all reasons, free text, 12 characters). */
  justification?: Justification;
}

/**
 * One published policy version as shipped to endpoints. Actions are normalised, `priority` is
 * stamped from the list position, and typed targets are compiled into the legacy scope fields.
 */
export interface BundlePolicy {
  policy_id: string;
  policy_number: number;
  version: number;
  name: string;
  /** `test` for a published sandbox version, `published` otherwise. */
  status: 'published' | 'test';
  mode: string | null;
  severity: Severity;
  priority: number;
  group: PolicyGroup | null;
  scope: Scope;
  condition: ConditionNode;
  exceptions: BundleException[];
  response: Action;
  offline_response: Action | null;
  evidence: Evidence;
  schedule: Schedule | null;
  conflict_strategy: ConflictStrategy;
  notifications: BundleNotifications;
  risk_thresholds: BundleRiskThresholds | null;
  apply_label: ApplyLabel | null;
  raise_every_match: boolean;
  connection: ConnectionBlock | null;
  effective_from: string | null;
  effective_until: string | null;
  /** Every classification coordinate the condition names, sorted. */
  classification_bindings: ClassificationCoordinate[];
}

/** A tenant-defined detector as shipped: the detection engine's own spec (RE2 pattern, keywords, validator). */
export type CustomDetectorDefinition = CustomDetectorSpec;

/** A detector primitive used by a shipped classification or condition. */
export interface BundleDetector {
  detector_id: string;
  detector_version: number;
  category: string;
  builtin: boolean;
  /** Present for tenant-defined detectors only. */
  custom?: CustomDetectorDefinition;
}

/**
 * A fingerprint corpus a shipped policy's condition names (docs/fingerprints.md, Bundle): its
 * current version's shingle hashes in the compact form (`encodeFingerprints`), never any text.
 */
export interface BundleFingerprintCorpus {
  corpus_id: string;
  version: number;
  window: number;
  winnow: number;
  document_count: number;
  /** SHA-256 (hex) of `data`, checked by the endpoint before it indexes the corpus. */
  data_sha256: string;
  data: string;
}

/** The signed payload of a policy bundle (see docs/policy-model.md, "Bundle"). */
export interface BundlePayload {
  schema_version: SchemaVersion;
  bundle_version: number;
  tenant_id: string;
  /** Signing key id; must equal the envelope's. */
  key_id: string;
  /** RFC 3339 UTC. */
  issued_at: string;
  /** RFC 3339 UTC; an agent refuses a bundle past this instant. */
  expires_at: string;
  /** Device ids the bundle is for; null means every device of the tenant. */
  device_scope: string[] | null;
  /** Endpoint-group names the bundle is for; null means every group. */
  group_scope: string[] | null;
  /** Tenant help address, http or https, re-checked when compiled. */
  help_address: string | null;
  /** Capability names an agent must report to read this bundle (e.g. `scope_exclusions`). */
  required_capabilities: string[];
  /** Sorted by priority, then policy id. */
  policies: BundlePolicy[];
  /** Sorted by coordinate. */
  classifications: ClassificationDefinition[];
  /** Sorted by detector id. */
  detectors: BundleDetector[];
  /** Sorted. */
  monitored_paths: string[];
  /**
   * Sorted by corpus id; only corpora a shipped policy names. Absent when there are none, so a
   * bundle without fingerprint rules signs to the same bytes as before the field existed.
   */
  fingerprint_corpora?: BundleFingerprintCorpus[];
}
