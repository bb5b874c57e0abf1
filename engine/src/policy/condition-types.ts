/** Condition tree nodes (document 1, "Conditions"). */

/** One exact classification binding from the signed bundle. */
export interface ClassificationCoordinate {
  classification_id: string;
  classification_version: number;
  revision: number;
}

export interface ClassificationNode extends ClassificationCoordinate {
  op: 'classification';
}

/** Document 1, condition rule 4. Omitted fields take the defaults in `DETECTOR_RULE_DEFAULTS`. */
export interface DetectorNode {
  op: 'detector';
  detector_id: string;
  min_matches?: number;
  min_confidence?: number;
  require_validated?: boolean;
}

/** Any detector of a data category, hits aggregated across the category's detectors. */
export interface CategoryNode {
  op: 'category';
  category: string;
  min_matches?: number;
  min_confidence?: number;
  require_validated?: boolean;
}

export interface AndNode {
  op: 'and';
  nodes: ConditionNode[];
}

export interface OrNode {
  op: 'or';
  nodes: ConditionNode[];
}

export interface NotNode {
  op: 'not';
  node: ConditionNode;
}

/** True when at least `n` children are true. */
export interface AtLeastNode {
  op: 'at_least';
  n: number;
  nodes: ConditionNode[];
}

/** Matches across all detectors; qualifying hits are counted under the same rule fields. */
export interface TotalMatchesNode {
  op: 'total_matches';
  min_matches: number;
  min_confidence?: number;
  require_validated?: boolean;
}

/**
 * Every named field must match; a list is a set of alternatives. Labels compare without case;
 * owners (SID or principal name) compare exactly without case, never as a substring.
 */
export interface FileConditionNode {
  op: 'file_condition';
  /** Without the leading dot, compared without case. */
  extensions?: string[];
  /** `type/subtype` or `type/*`, compared without case. */
  mime_types?: string[];
  min_size_bytes?: number;
  max_size_bytes?: number;
  /** Path fragments, compared without case, separators normalised to `/`. */
  path_contains?: string[];
  labels?: string[];
  owners?: string[];
}

export type RemovableMatchMode = 'any_of' | 'none_of';

/** Document 1, condition rules 7 and 8. */
export interface RemovableDeviceNode {
  op: 'removable_device';
  serials?: string[];
  classes?: string[];
  match_mode: RemovableMatchMode;
  include_approved_inventory?: boolean;
}

export const NETWORK_LOCATIONS = ['corporate', 'vpn', 'off_network', 'unknown'] as const;
export type NetworkLocation = (typeof NETWORK_LOCATIONS)[number];

export interface NetworkLocationNode {
  op: 'network_location';
  any_of: NetworkLocation[];
}

export interface AlwaysNode {
  op: 'always';
}

/**
 * Content carries enough of one protected document of a fingerprint corpus (document 1,
 * Document-fingerprint corpus; docs/fingerprints.md). `match` picks the token form and default
 * threshold; `min_coverage` is the share of one protected document that must be found.
 */
export interface FingerprintNode {
  op: 'fingerprint';
  corpus_id: string;
  match: 'exact' | 'normalised' | 'partial';
  min_coverage?: number;
}

export type ConditionNode =
  | ClassificationNode
  | DetectorNode
  | CategoryNode
  | AndNode
  | OrNode
  | NotNode
  | AtLeastNode
  | TotalMatchesNode
  | FileConditionNode
  | RemovableDeviceNode
  | NetworkLocationNode
  | AlwaysNode
  | FingerprintNode;

export type ConditionOp = ConditionNode['op'];

export const CONDITION_OPS: readonly ConditionOp[] = [
  'classification',
  'detector',
  'category',
  'and',
  'or',
  'not',
  'at_least',
  'total_matches',
  'file_condition',
  'removable_device',
  'network_location',
  'always',
  'fingerprint',
];

/**
 * Defaults for omitted detector-rule fields: one match, low confidence (65), validator required.
 * A detector without a validator reports every hit as validated, so the validator default only
 * bites where a checksum exists: a plain `{op:'detector', detector_id:'payment_card'}` never
 * matches a Luhn-invalid look-alike. A rule that wants look-alikes says so with
 * `require_validated: false` (docs/policy-model.md, Rule defaults).
 */
export const DETECTOR_RULE_DEFAULTS = {
  min_matches: 1,
  min_confidence: 65,
  require_validated: true,
} as const;

/** Limits on a condition tree, so a stored tree cannot make an endpoint recurse without bound. */
export const CONDITION_LIMITS = { max_depth: 32, max_nodes: 500 } as const;
