import { type TSchema, Type } from 'typebox';
import { conform } from '../../http/conform.js';

/**
 * The metadata keys an audit entry may show (issue 14: response schemas are allowlists). The
 * writer stores what a module passes (secret-like keys are refused there); the log shows the
 * keys listed here, each of its listed type. `server/test/audit-metadata-catalogue.test.ts`
 * reads every `metadata: {…}` a module writes and fails on a key missing here — add a new
 * key to this list in the same change.
 */
const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
const List = Type.Array(Type.Union([Type.String(), Type.Number()]));
const NullStr = Type.Union([Type.String(), Type.Null()]);
const Change = Type.Object({ old: NullStr, new: NullStr }, { additionalProperties: false });
const SecondFactorRule = Type.Object(
  {
    required: Type.Optional(Type.Boolean()),
    grace_days: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  },
  { additionalProperties: false },
);
const Int = Type.Integer();

const SCALARS = [
  // Fingerprint corpora (fingerprint-corpora/service.ts).
  'mode',
  'document_count',
  'too_short_count',
  'outcome',
  'versions_removed',
  // SLA targets, assignment rules and playbooks (incidents/sla-*, assignment-rules-*, playbooks-*).
  'critical_minutes',
  'high_minutes',
  'medium_minutes',
  'low_minutes',
  'resolution_critical_minutes',
  'resolution_high_minutes',
  'resolution_medium_minutes',
  'resolution_low_minutes',
  'rule_id',
  'position',
  'enabled',
  'playbook_id',
  'step',
  'done',
  'step_count',
  'link_count',
  'correlation_id',
  'bulk_action',
  'item_count',
  'updated_count',
  'refused_count',
  'target',
  'second_person_critical',
  'second_person_accepted_risk',
  'requested_by',
  'previous_critical',
  'previous_accepted_risk',
  'names_hidden',
  'previous_names_hidden',
  'person_analysis',
  'previous_person_analysis',
  'close_request_id',
  'accepted_until',
  'agent_group_id',
  'algorithm',
  'attempt',
  'attempted',
  'cause',
  'classification_version',
  'comment_id',
  'disposition',
  'dns_suffixes',
  'enrollment_token_id',
  'event_id',
  'expires_at',
  'factors_removed',
  'file_id',
  'from',
  'from_group_id',
  'from_user_id',
  'group_after',
  'group_before',
  'hostname',
  'incident_id',
  'ip_ranges',
  'length',
  'max_uses',
  'name',
  'new_role',
  'note',
  'note_length',
  'number',
  'old_role',
  'outside_tenant_domains',
  'pending_version',
  'policy_count',
  'policy_disabled',
  'policy_id',
  'question_id',
  'reason',
  'reason_length',
  'recovery_codes_removed',
  'reference',
  'refusal_code',
  'related_id',
  'related_reference',
  'request_id',
  'retry_after_seconds',
  'revision',
  'role',
  'rows',
  'serial_prefix',
  'session_public_id',
  'sessions_ended',
  'size_bytes',
  'sort',
  'status_changed',
  'to',
  'to_group_id',
  'to_user_id',
  'to_version',
  'total',
  'truncated',
  'ttl_minutes',
  'version',
  'via',
  // Issue 16, triage-misc (docs/incidents.md: test folders, synthetic, detector feedback).
  'marked',
  'folders',
  'skipped_self',
  'synthetic',
  'detector_id',
  'detector_version',
  'verdict',
  'previous_verdict',
  // Issue 18, exception requests (docs/exception-requests.md, Audit).
  'policy_name',
  'category',
  'person_named',
  'decision',
  'minutes',
  'serial',
  'identity_unmapped',
  'default_label',
  // Issue 20, identity (docs/identity.md: custom roles, sign-in mode, single sign-on).
  'member_count',
  'old_custom_role_id',
  'new_custom_role_id',
  'sso_only',
  'provider',
  'sub_hash',
  // Issue 20, SCIM provisioning (docs/scim.md, Audit).
  'scim_id',
  'token_public_id',
  'groups_left',
  // Issue 20, directory sources (docs/directory-sources.md): directory.source_health_changed.
  'state',
  'failure',
  // Issue 21, saved views and teams (docs/saved-views.md, Audit).
  'user_id',
  'team_id',
  'surface',
  'visibility',
  'replaced',
  'members_removed',
  'views_removed',
  // Policy signing key rotation (bundles/rotation.ts; docs/signing-keys.md).
  'key_id',
  'new_key_id',
  'trust_version',
  'bundle_version',
  // Agent updates (agent-updates/service.ts, register-release.ts).
  'platform',
  'rule_count',
  'pinned_count',
  // Issue 21, reports (docs/reports.md, Audit).
  'kind',
  'template_id',
  'report_id',
  'format',
  'content_sha256',
  'approval_id',
  'threshold',
  'approval_above_rows',
  'previous_above_rows',
  // Issue 21, report schedules and destinations (docs/report-schedules.md, Audit).
  'host',
  'signed',
  'has_ca_certificate',
  'signing_changed',
  'ok',
  'http_status',
  'cadence',
  'timezone',
  'local_minute',
  'destination_id',
  'run_id',
  'occurrence_at',
  'run_as',
  'error_code',
] as const;

const LISTS = [
  // Fingerprint corpora (fingerprint-corpora/withdrawal.ts).
  'acknowledged_policy_ids',
  // Agent updates: the versions a rollout names.
  'versions',
  'incident_ids',
  'trusted_key_ids',
  'changed_fields',
  'exception_ids',
  'filters',
  'order_after',
  'order_before',
  'overlap_policy_ids',
  'scopes',
  'warning_kinds',
  'folders_added',
  'folders_removed',
  // Issue 20, identity.
  'permissions_before',
  'permissions_after',
  'added',
  'removed',
  'break_glass',
  // Issue 21, reports: the names of an export's view parameters, never their values.
  'view_parameters',
] as const;

const OBJECTS: Record<string, TSchema> = {
  changes: Type.Object(
    { display_name: Type.Optional(Change), department: Type.Optional(Change) },
    { additionalProperties: false },
  ),
  // The idle time in minutes, or the second-factor rule.
  before: Type.Union([Type.Number(), SecondFactorRule, Type.Null()]),
  after: Type.Union([Type.Number(), SecondFactorRule, Type.Null()]),
  // Issue 20: a custom role's incident scope (null = tenant-wide).
  scope_before: Type.Union([List, Type.Null()]),
  scope_after: Type.Union([List, Type.Null()]),
  // Issue 25: where an imported policy came from (the package's source; docs/policy-packages.md).
  imported_from: Type.Object(
    {
      tenant_id: Type.String(),
      policy_id: Type.String(),
      policy_number: Int,
      version: Int,
    },
    { additionalProperties: false },
  ),
  resolved_scope: Type.Object(
    {
      eligible_endpoints: Int,
      active_endpoints: Int,
      ineligible: Type.Object(
        {
          platform_not_in_scope: Int,
          endpoint_not_targeted: Int,
          endpoint_group_not_targeted: Int,
          excluded: Int,
        },
        { additionalProperties: false },
      ),
      whole_fleet: Type.Boolean(),
      user_membership_unknown: Type.Boolean(),
      unresolved_targets: Int,
    },
    { additionalProperties: false },
  ),
};

/** Every key the audit log shows. */
export const AUDIT_METADATA_KEYS: readonly string[] = [...SCALARS, ...LISTS, ...Object.keys(OBJECTS)];

export const AuditMetadataSchema = Type.Object(
  Object.fromEntries([
    ...SCALARS.map((k) => [k, Type.Optional(Scalar)]),
    ...LISTS.map((k) => [k, Type.Optional(List)]),
    ...Object.entries(OBJECTS).map(([k, s]) => [k, Type.Optional(s)]),
  ]),
  { additionalProperties: false },
);

/** Stored metadata (JSON text) fitted to the listed keys and types. */
export function shownMetadata(stored: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    raw = {};
  }
  return conform<Record<string, unknown>>(AuditMetadataSchema, raw, {});
}
