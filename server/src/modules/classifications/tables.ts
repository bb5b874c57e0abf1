/** Classifications (migration 0203): one row per immutable coordinate. */
export interface ClassificationsTable {
  tenant_id: string;
  id: string;
  classification_version: number;
  revision: number;
  name: string;
  /** JSON ClassificationRule[] (engine). */
  rules: string;
  created_by: string;
  created_at: string;
}

/** Whether a classification may be bound by a newly published policy. */
export interface ClassificationStateTable {
  id: string;
  tenant_id: string;
  enabled: number;
}

declare module '../../db/database.js' {
  interface Database {
    classifications: ClassificationsTable;
    classification_state: ClassificationStateTable;
  }
}
