/** Scope of a policy or an exception (document 1, "Scope" and "Typed target"). */

export const TARGET_KINDS = ['directory_group', 'endpoint', 'endpoint_group'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export type TargetSource = { type: 'windows_directory'; domain_sid: string } | { type: 'svc' };

/** A typed identity target. `label` is for people only and is never matched. */
export interface TypedTarget {
  kind: TargetKind;
  source: TargetSource;
  /** SID within the named domain, agent id, or endpoint-group id. */
  object_id: string;
  label?: string;
}

/**
 * Every list is a dimension; an empty or absent list means no constraint. Every non-empty
 * dimension must match. `exclude_*` lists are written only by the bundle compiler.
 */
export interface Scope {
  /** Never applies: no agent reports a department (a non-empty list matches nobody). */
  departments?: string[];
  channels?: string[];
  operating_systems?: string[];
  /** Domain-suffix match against the event destination. */
  destinations?: string[];
  /** Source path prefixes. */
  sources?: string[];
  /** Executable names. */
  applications?: string[];
  /** Exact account SID; a value that is not a SID is matched as a legacy user name without case. */
  user_ids?: string[];
  /** A SID compared exactly, or `DOMAIN\Name` compared without case. */
  groups?: string[];
  device_ids?: string[];
  /** Endpoint-group names. */
  agent_groups?: string[];
  include_targets?: TypedTarget[];
  /** Exclusions win over every inclusion; an exclusion alone means everyone but the excluded. */
  exclude_targets?: TypedTarget[];
  exclude_groups?: string[];
  exclude_device_ids?: string[];
  exclude_agent_groups?: string[];
}

/** The list dimensions an author may write (the `exclude_*` lists are compiler-only). */
export const AUTHOR_LIST_DIMENSIONS = [
  'departments',
  'channels',
  'operating_systems',
  'destinations',
  'sources',
  'applications',
  'user_ids',
  'groups',
  'device_ids',
  'agent_groups',
] as const;

export const COMPILER_ONLY_DIMENSIONS = [
  'exclude_groups',
  'exclude_device_ids',
  'exclude_agent_groups',
] as const;

export type ListDimension =
  | (typeof AUTHOR_LIST_DIMENSIONS)[number]
  | (typeof COMPILER_ONLY_DIMENSIONS)[number];

/**
 * The channel vocabulary: the values document 1 names (its complete list is "not shown"). Scope
 * channels and the inventory `channel` filter accept only these (issue 14: a typo made a rule that
 * never fires); a channel an agent starts to report is added here first.
 */
export const KNOWN_CHANNELS = [
  'removable_storage',
  'browser_upload',
  'cloud_storage',
  'mobile_device',
  'optical_disc',
  'bluetooth',
  'file_open',
  'file_delete',
  'file_create',
  'file_modify',
  'file_rename',
  'archive_create',
  'discovery',
  'print',
  'clipboard',
  'cloud_sync_folder',
  'network_connection',
] as const;

/** Device classes for external media (document 2, "Event"). */
export const DEVICE_CLASSES = [
  'usb_mass_storage',
  'memory_card',
  'optical_disc',
  'mobile_device',
  'unclassified',
] as const;
