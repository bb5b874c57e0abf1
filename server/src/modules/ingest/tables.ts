/** Batch idempotency records (migration 0302); the events themselves live in modules/agent-events. */
export interface IngestBatchesTable {
  device_id: string;
  batch_id: string;
  tenant_id: string;
  /** The acks answered the first time (JSON), answered again on a retry. */
  response: string;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    ingest_batches: IngestBatchesTable;
  }
}
