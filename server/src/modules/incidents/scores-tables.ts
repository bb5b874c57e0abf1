/** Each incident's score factors and risk model version (migration 0485; scoring.ts). */
export interface IncidentScoresTable {
  incident_id: string;
  tenant_id: string;
  risk_model_version: string;
  /** JSON `[{name, points}]`, every factor of the model. */
  risk_factors: string;
  /** JSON `[{name, value, weight, contribution}]`, every factor of document 2. */
  priority_factors: string;
  scored_at: string;
  /**
   * The detector facts of every event the incident holds, kept by ingest (migration 0880): JSON
   * `{validated, high_confidence, max_confidence}`; null when scored before it existed.
   */
  detector_facts: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    incident_scores: IncidentScoresTable;
  }
}
