/** What a person answered on an endpoint prompt, one row per event (migration 0510). */
export interface EventPersonPromptsTable {
  device_id: string;
  event_id: string;
  tenant_id: string;
  incident_id: string | null;
  occurred_at: string;
  kind: string;
  held: number;
  result: string;
  category: string | null;
  answer_text: string | null;
  text_withheld: string | null;
  /** JSON array of the justification rules the text breaks. */
  rule_problems: string;
  not_asked_reason: string | null;
  covered_by_burst: number;
  /** The six-character reference the notice showed (migration 0710; engine noticeReference). */
  notice_reference: string | null;
}

/** Where an incident's events sent content, for its `search` (migration 0710). */
export interface IncidentDestinationsTable {
  incident_id: string;
  destination: string;
  tenant_id: string;
  first_seen_at: string;
}

/** Masked previews one event carried for one detector (migration 0510); JSON `{values, snippets}`. */
export interface EventDetectorPreviewsTable {
  device_id: string;
  event_id: string;
  detector_id: string;
  tenant_id: string;
  incident_id: string | null;
  occurred_at: string;
  previews: string;
}

declare module '../../db/database.js' {
  interface Database {
    event_person_prompts: EventPersonPromptsTable;
    event_detector_previews: EventDetectorPreviewsTable;
    incident_destinations: IncidentDestinationsTable;
  }
}
