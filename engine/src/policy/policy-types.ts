import type { Action, Severity, WireAction } from './actions.js';
import type { ConditionNode } from './condition-types.js';
import type { Scope } from './scope-types.js';

export const POLICY_STATUSES = [
  'draft',
  'pending_approval',
  'published',
  'disabled',
  'archived',
  'rolled_back',
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const POLICY_GROUPS = [
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
export type PolicyGroup = (typeof POLICY_GROUPS)[number];

export const CONFLICT_STRATEGIES = ['most_restrictive', 'highest_priority', 'least_restrictive'] as const;
export type ConflictStrategy = (typeof CONFLICT_STRATEGIES)[number];

/** Document 1, "Exceptions". An exception outranks risk thresholds. */
export interface PolicyException {
  id: string;
  reason: string;
  approved_by: string;
  /** RFC 3339; an expired exception does not apply. */
  expires_at?: string | null;
  /** Same shape as policy scope; a completely empty scope is refused on write and ignored when deciding. */
  scope: Scope;
  /** Omitted means suppress entirely. */
  downgrade_to?: WireAction | null;
}

export interface Evidence {
  metadata?: boolean;
  redacted_previews?: boolean;
  context_snippets?: boolean;
  full_file?: boolean;
}

/** Days 0..6 with 0 = Monday (document 1: "a working week is written 0 to 4"). */
export interface Schedule {
  timezone: string;
  days_of_week: number[];
  /** Inclusive, 0..1439. */
  start_minute: number;
  /** Exclusive, 1..1440; a value not above `start_minute` crosses midnight. */
  end_minute: number;
}

export const NOTICE_LANGUAGES = ['en', 'az', 'ru', 'tr'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export interface Justification {
  /** Reason categories offered; empty means all. */
  reasons?: string[];
  /** Default true. */
  free_text?: boolean;
  /** 12..500, default 12. */
  min_chars?: number;
}

export interface Notifications {
  user_message?: string | null;
  prompt_message_id?: string | null;
  user_messages?: Partial<Record<NoticeLanguage, string>>;
  justification?: Justification;
}

export interface RiskStep {
  at_or_above: number;
  action: WireAction;
}

/** Document 1, evaluation rule 4. */
export interface RiskThresholds {
  below: WireAction;
  steps: RiskStep[];
}

export interface ApplyLabel {
  value: string;
  replace_existing?: boolean;
}

export interface ConnectionDestination {
  /** IPv4/IPv6 address or CIDR range, never a hostname. */
  address: string;
  /** Omitted means every port. */
  ports?: number[];
}

export interface ConnectionBlock {
  mode: 'allow_only' | 'deny';
  /** Executable file names, never paths. */
  applications: string[];
  destinations: ConnectionDestination[];
}

/**
 * The fields an author writes for a policy version (the body of POST /policies and
 * POST /policies/{id}/versions). Server-assigned fields live on `PolicyVersion`.
 */
export interface PolicyVersionInput {
  name: string;
  description?: string;
  owner?: string;
  /** The value `audit` appears; the full set is not fixed by document 1. */
  mode?: string;
  severity: Severity;
  /** Authoritative value is the list position; a bundle stamps it onto each shipped spec. */
  priority?: number;
  group?: PolicyGroup | null;
  scope: Scope;
  condition: ConditionNode;
  exceptions?: PolicyException[];
  response: WireAction;
  offline_response?: WireAction | null;
  evidence?: Evidence;
  schedule?: Schedule | null;
  conflict_strategy?: ConflictStrategy;
  change_reason: string;
  notifications?: Notifications;
  risk_thresholds?: RiskThresholds | null;
  apply_label?: ApplyLabel | null;
  raise_every_match?: boolean;
  connection?: ConnectionBlock | null;
  /** RFC 3339 effective start. */
  effective_from?: string | null;
  /** RFC 3339; once past, endpoints stop applying the policy. */
  effective_until?: string | null;
  /** A sandbox (test) version: audit only, exact endpoints, expires within 31 days. */
  sandbox?: boolean;
}

/** A stored, immutable policy version. */
export interface PolicyVersion extends PolicyVersionInput {
  id: string;
  policy_id: string;
  tenant_id: string;
  /** Readable per-tenant number, shown as `POL-<n>`. */
  number: number;
  version: number;
  status: PolicyStatus;
  created_at: string;
  created_by: string;
}

/** Prompt-message library entry (document 1, "Prompt message"). */
export interface PromptMessage {
  id: string;
  name: string;
  action: 'warn' | 'justify' | 'block';
  texts: Partial<Record<NoticeLanguage, string>> & { en: string };
  builtin: boolean;
  version: number;
  retired_at: string | null;
}

/** Actions a prompt message of each kind may serve (a message must be written for the policy's action). */
export const PROMPT_ACTIONS: Readonly<Record<PromptMessage['action'], readonly Action[]>> = {
  warn: ['inform', 'warn_with_continue'],
  justify: ['require_justification', 'approval_required'],
  block: ['block', 'quarantine'],
};

export const LIMITS = {
  change_reason_min: 10,
  change_reason_max: 500,
  change_reason_reference_max: 80,
  prompt_text_max: 512,
  justification_min_chars_min: 12,
  justification_min_chars_max: 500,
  justification_min_chars_default: 12,
  sandbox_expiry_days: 31,
  name_max: 200,
  description_max: 4000,
  label_max: 128,
  list_max: 1000,
  exceptions_max: 200,
  risk_steps_max: 20,
} as const;
