/** Fingerprint corpora (migration 0590): a record per corpus, a row per built version. */
export interface FingerprintCorporaTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Lower-cased name: one corpus per name in a tenant. */
  name_key: string;
  description: string | null;
  window: number;
  winnow: number;
  /** The current built version; 0 until the first build. */
  version: number;
  created_by: string;
  created_at: string;
}

export interface FingerprintCorpusVersionsTable {
  corpus_id: string;
  version: number;
  tenant_id: string;
  /** encodeFingerprints() of the documents: shingle hashes only. */
  data: string;
  /** SHA-256 of `data`, hex; the bundle carries it so an endpoint can check what it received. */
  data_sha256: string;
  document_count: number;
  too_short_count: number;
  fingerprint_count: number;
  built_by: string;
  built_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    fingerprint_corpora: FingerprintCorporaTable;
    fingerprint_corpus_versions: FingerprintCorpusVersionsTable;
  }
}
