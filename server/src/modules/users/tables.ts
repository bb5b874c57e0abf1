/** Password-reset links (migration 0151); the link itself is never stored. */
export interface PasswordResetsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** SHA-256 (hex) of the link secret. */
  link_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    password_resets: PasswordResetsTable;
  }
}
