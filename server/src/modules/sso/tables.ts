/** Federated sign-in and sign-in mode (migration 0541, document 3). */
export interface OidcProvidersTable {
  tenant_id: string;
  /** Compared byte for byte with the token's `iss`. */
  issuer: string;
  client_id: string;
  /** Sealed with the server's master key; write-only through the API. */
  client_secret_sealed: string | null;
  /** PEM; write-only through the API. */
  ca_certificate: string | null;
  display_name: string;
  groups_claim: string;
  /** JSON `[{group, role}]`; `group` is the provider's group object id. */
  role_mappings: string;
  default_role: string | null;
  enabled: number;
  updated_at: string;
}

export interface OidcStatesTable {
  /** SHA-256 (hex) of the state sent to the provider. */
  state_hash: string;
  tenant_id: string;
  nonce: string;
  code_verifier_sealed: string;
  return_to: string | null;
  expires_at: string;
}

export interface OidcHandoffsTable {
  handoff_hash: string;
  tenant_id: string;
  user_id: string;
  expires_at: string;
}

export interface OidcLinksTable {
  tenant_id: string;
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
}

export interface SignInModeTable {
  tenant_id: string;
  sso_only: number;
  /** JSON array of user ids. */
  break_glass: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    oidc_providers: OidcProvidersTable;
    oidc_states: OidcStatesTable;
    oidc_handoffs: OidcHandoffsTable;
    oidc_links: OidcLinksTable;
    sign_in_mode: SignInModeTable;
  }
}
