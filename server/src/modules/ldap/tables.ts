/** Directory sign-in (migration 0820, document 3). */
export interface LdapProvidersTable {
  tenant_id: string;
  display_name: string;
  /** `env:DLP_SECRET_<TENANT>_<NAME>`: the connection and its password live in the environment. */
  credential_ref: string;
  /** PEM of the CA the directory's certificate must chain to; write-only through the API. */
  ca_certificate: string | null;
  /** JSON `[{group, role}]`; `group` is the directory group's SID (read from tokenGroups). */
  role_mappings: string;
  enabled: number;
  /** 1: a first sign-in creates the account; 0: only existing accounts are linked. */
  create_users: number;
  updated_at: string;
}

/** Wrong passwords counted by the directory object's GUID, not by the address typed. */
export interface LdapLockoutsTable {
  tenant_id: string;
  object_guid: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    ldap_providers: LdapProvidersTable;
    ldap_lockouts: LdapLockoutsTable;
  }
}
