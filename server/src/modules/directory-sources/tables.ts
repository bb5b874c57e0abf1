/** Directory sources (migration 0850, document 3). */
export type DirectorySourceKind = 'directory_windows' | 'directory_cloud';
export type Verification = 'unknown' | 'verified' | 'failed';

export interface DirectorySourcesTable {
  id: string;
  tenant_id: string;
  name: string;
  kind: DirectorySourceKind;
  /** `env:DLP_SECRET_<TENANT>_<NAME>`: the connection and its password live in the environment. */
  credential_ref: string;
  enabled: number;
  verification: Verification;
  last_verified_at: string | null;
  /** A sanitized reason (a fixed word list, never the directory's own text). */
  last_failure: string | null;
  /** Bumped by every switch change: continuations sealed under an older value no longer open. */
  config_version: number;
  /** The domain SID (Windows directory) or tenant id (cloud directory) pinned at first contact. */
  pinned_id: string | null;
  /** A failed source rests until this time (15 minutes) before the resolver tries it again. */
  resting_until: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    directory_sources: DirectorySourcesTable;
  }
}
