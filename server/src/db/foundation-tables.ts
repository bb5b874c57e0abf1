/**
 * Row types of the foundation's tables (migrations 0001-0099), merged into Database the same
 * way each domain adds its own.
 */

export type UserStatus = 'active' | 'disabled' | 'invited';

export interface UsersTable {
  id: string;
  tenant_id: string;
  email: string;
  display_name: string | null;
  /** owner, admin, security_analyst, auditor, viewer or custom (then custom_role_id). */
  role: string;
  custom_role_id: string | null;
  status: UserStatus;
  department: string | null;
  federated: number;
  /** argon2id PHC string; null for federated and invited accounts. */
  password_hash: string | null;
  failed_logins: number;
  locked_until: string | null;
  /** SHA-256 (hex) of the outstanding invitation; the invitation itself is never stored. */
  invitation_hash: string | null;
  invitation_expires_at: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  /** The only session identifier that may leave the server (document 3: Session). */
  public_id: string;
  tenant_id: string;
  user_id: string;
  /** SHA-256 (hex) of the bearer token; the token is never stored. */
  token_hash: string;
  /** password, oidc, ldap, invitation: how the person proved who they are. */
  auth_method: string;
  source_ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_activity_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface AuditEventsTable {
  id: string;
  /** null only for installation-wide events (none yet). */
  tenant_id: string | null;
  actor_type: string;
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  /** JSON object; always carries request_id when written during a request. */
  metadata: string;
  created_at: string;
}

export interface StepUpsTable {
  id: string;
  tenant_id: string;
  session_id: string;
  purpose: string;
  confirmed_at: string;
}

declare module './database.js' {
  interface Database {
    users: UsersTable;
    sessions: SessionsTable;
    audit_events: AuditEventsTable;
    step_ups: StepUpsTable;
  }
}
