import type { components, paths } from '../../api/schema.js';

/** The API's shapes the policy pages use (all from the generated schema). */
export type PolicyVersion =
  paths['/api/v1/policies/{id}/versions']['get']['responses'][200]['content']['application/json'][number];
export type ConditionNode = components['schemas']['def-0'];
export type Scope = PolicyVersion['scope'];
export type Target = NonNullable<Scope['include_targets']>[number];
export type PolicyException = NonNullable<PolicyVersion['exceptions']>[number];
export type Lifecycle =
  paths['/api/v1/policies/{id}/lifecycle']['get']['responses'][200]['content']['application/json'];
export type PolicyRow =
  paths['/api/v1/policies/{id}']['get']['responses'][200]['content']['application/json'];
export type Release =
  paths['/api/v1/policies/{id}/rollback']['post']['responses'][200]['content']['application/json'];
export type SimulateBody = NonNullable<
  paths['/api/v1/policies/simulate']['post']['requestBody']
>['content']['application/json'];
export type Simulation =
  paths['/api/v1/policies/simulate']['post']['responses'][200]['content']['application/json'];

/** What the author writes: the version without the fields the server assigns. */
export type PolicyDraft = Omit<
  PolicyVersion,
  | 'id'
  | 'policy_id'
  | 'tenant_id'
  | 'number'
  | 'version'
  | 'status'
  | 'created_at'
  | 'created_by'
  | 'submitted_by'
  | 'approved_by'
  | 'published_by'
>;

/** Strength order, weakest first (docs/policy-model.md). `warn` is the old name of `inform`. */
export const ACTIONS = [
  'audit',
  'inform',
  'warn_with_continue',
  'require_justification',
  'approval_required',
  'block',
  'quarantine',
] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const GROUPS = [
  'email',
  'web',
  'removable_media',
  'cloud',
  'print',
  'clipboard',
  'network_share',
  'discovery',
  'other',
] as const;
export const FAMILIES = ['data', 'applications', 'websites', 'devices', 'auditing'] as const;
export const STATUSES = [
  'draft',
  'pending_approval',
  'published',
  'disabled',
  'archived',
  'rolled_back',
] as const;
export const DEPLOYMENTS = [
  'live',
  'changes_unpublished',
  'awaiting_approval',
  'switched_off',
  'never_published',
  'retired',
] as const;
export const CHANNELS = [
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
export type Channel = (typeof CHANNELS)[number];
export const CONFLICT_STRATEGIES = ['most_restrictive', 'highest_priority', 'least_restrictive'] as const;
export const NETWORK_LOCATIONS = ['corporate', 'vpn', 'off_network', 'unknown'] as const;
export const FINGERPRINT_MATCHES = ['exact', 'normalised', 'partial'] as const;
export const DEVICE_CLASSES = [
  'usb_mass_storage',
  'memory_card',
  'optical_disc',
  'mobile_device',
  'unclassified',
] as const;
export const TARGET_KINDS = ['directory_group', 'endpoint', 'endpoint_group'] as const;
export const NOTICE_LANGUAGES = ['en', 'az', 'ru', 'tr'] as const;
export const OPS = [
  'detector',
  'category',
  'classification',
  'total_matches',
  'file_condition',
  'removable_device',
  'network_location',
  'and',
  'or',
  'not',
  'at_least',
  'always',
  'fingerprint',
] as const;
export type Op = (typeof OPS)[number];

/** A new policy: whole fields an author can start from (the server fills the rest). */
export function emptyDraft(): PolicyDraft {
  return {
    name: '',
    severity: 'high',
    scope: {},
    condition: { op: 'detector', detector_id: 'payment_card' },
    response: 'audit',
    change_reason: '',
  };
}

/** A stored version as the starting point of the next one (change_reason is new each time). */
export function draftOf(v: PolicyVersion): PolicyDraft {
  const {
    id: _i,
    policy_id: _p,
    tenant_id: _t,
    number: _n,
    version: _v,
    status: _s,
    created_at: _c,
    created_by: _cb,
    submitted_by: _sb,
    approved_by: _ab,
    published_by: _pb,
    ...rest
  } = v;
  return { ...rest, change_reason: '' };
}
