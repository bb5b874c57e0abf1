/**
 * An agent event as ingest stores it and incidents fold it (document 2, Event): checked field by
 * field and reduced to the allow-listed fields by `modules/ingest/normalise-event.ts`. A port
 * type: ingest makes it and incidents reads it, and neither imports the other for it.
 */
export interface NormalisedEvent {
  id: string;
  occurred_at: string;
  occurred_at_reported: string | null;
  channel: string;
  action: string;
  requested_action: string;
  severity: string | null;
  decided_by_policy_id: string | null;
  matched_policy_ids: string[];
  superseded_policy_ids: string[];
  test_policy_ids: string[];
  evaluated_offline: boolean;
  policy_version: number | null;
  user_name: string | null;
  user_id: string | null;
  hostname: string | null;
  file: {
    path: string | null;
    name: string | null;
    blake3: string | null;
    size_bytes: number | null;
    from_path: string | null;
    departure: string | null;
  };
  mark: { zone: number | null; host: string | null; referrer_host: string | null } | null;
  match_count: number;
  evidence_requested: boolean;
  /** Everything else worth keeping, as the stored JSON text. */
  payload: string;
  size_bytes: number;
}
