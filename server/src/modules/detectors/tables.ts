/** Tenant custom detectors (migration 0203): one row per version; the highest is current. */
export interface CustomDetectorsTable {
  tenant_id: string;
  id: string;
  version: number;
  /** JSON CustomDetectorSpec (engine), validated by validateCustomDetector. */
  spec: string;
  created_by: string;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    custom_detectors: CustomDetectorsTable;
  }
}
