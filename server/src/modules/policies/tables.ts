/** Policies and versions (migration 0200). Timestamps are ISO-8601 UTC text. */
export interface PoliciesTable {
  id: string;
  tenant_id: string;
  /** Readable per-tenant number shown as POL-<n>; never reused. */
  number: number;
  group_name: string | null;
  /** 1 while switched off: the policy is left out of every bundle (document 1, States). */
  disabled: number;
  /** Position in the tenant's policy list; stamped as priority into each bundle. */
  position: number;
  created_by: string;
  created_at: string;
}

export interface PolicyVersionsTable {
  id: string;
  tenant_id: string;
  policy_id: string;
  version: number;
  /** draft, pending_approval, published, disabled, archived, rolled_back. */
  status: string;
  /** The author's fields as validated by the engine, JSON text; never edited once stored. */
  spec: string;
  change_reason: string;
  created_by: string;
  submitted_by: string | null;
  approved_by: string | null;
  published_by: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    policies: PoliciesTable;
    policy_versions: PolicyVersionsTable;
  }
}

export interface PolicyDisableRequestsTable {
  id: string;
  tenant_id: string;
  policy_id: string;
  /** The live version when asked; a request is stale once another version is live. */
  version: number;
  /** pending, approved, rejected, withdrawn, superseded (by a newer request). */
  status: string;
  requested_by: string;
  reason: string;
  decided_by: string | null;
  created_at: string;
  decided_at: string | null;
}

/** Tenant settings the bundle compiler reads (migration 0202; defaults when no row). */
export interface PolicySettingsTable {
  tenant_id: string;
  notice_language: string;
  help_address: string | null;
  /** 1: every release and disable needs a second person (document 1, States). */
  second_person_rule: number;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    policy_settings: PolicySettingsTable;
    policy_disable_requests: PolicyDisableRequestsTable;
  }
}
