/** API tokens (migration 0154); the token itself is never stored. */
export interface ApiTokensTable {
  id: string;
  tenant_id: string;
  /** The creator: the token acts as this person. */
  user_id: string;
  name: string;
  token_hash: string;
  /** JSON array of permission identifiers, sorted and deduplicated. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    api_tokens: ApiTokensTable;
  }
}
