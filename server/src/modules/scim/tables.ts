/** SCIM provisioning (migration 0780, document 3: Provisioning). */
export interface ScimTokensTable {
  id: string;
  /** The only token identifier that leaves the server; audit actor `scim:<public_id>`. */
  public_id: string;
  tenant_id: string;
  name: string;
  /** SHA-256 (hex) of the bearer token; the token is shown once and never stored. */
  token_hash: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A SCIM User resource: the provider's view of one account (users row). */
export interface ScimUsersTable {
  /** The SCIM id (not the account id): a released link's id answers 404 for ever. */
  id: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  /** userName lower-cased: unique among live links (RFC 7643: caseExact false). */
  user_name_key: string;
  external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  formatted_name: string | null;
  /** JSON `[{value, type, primary}]` as the provider sent them. */
  emails: string;
  /** The provider's intent (`active`), reported by GET whatever the account's state. */
  active: number;
  /** 1 when provisioning closed the account (only then does `active: true` reopen it). */
  closed_by_scim: number;
  created_at: string;
  updated_at: string;
  /** Set by DELETE: the account stays (disabled), the SCIM resource is gone. */
  released_at: string | null;
}

export interface ScimGroupsTable {
  id: string;
  tenant_id: string;
  display_name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScimGroupMembersTable {
  tenant_id: string;
  group_id: string;
  scim_user_id: string;
}

declare module '../../db/database.js' {
  interface Database {
    scim_tokens: ScimTokensTable;
    scim_users: ScimUsersTable;
    scim_groups: ScimGroupsTable;
    scim_group_members: ScimGroupMembersTable;
  }
}
