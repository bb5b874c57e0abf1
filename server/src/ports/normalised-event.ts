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
  /** The department the endpoint reported for the person (person-text, at most 200). */
  department: string | null;
  /** What the person was asked and answered (agent `person_prompt`); null when nobody was. */
  person_prompt: PersonPromptRecord | null;
  /** Where the content went, for the incident search (ingest `destinationsOf`); at most four. */
  destinations: string[];
  /** Masked previews and snippets per detector (policy `evidence`); never stored in `payload`. */
  previews: DetectorPreviews[];
  /** Everything else worth keeping, as the stored JSON text. */
  payload: string;
  /**
   * The payload's `detectors` (the stored detector summaries), kept as objects so that scoring
   * the batch's incidents needs no parse of the payload it was just written from.
   */
  detectors: readonly Readonly<Record<string, unknown>>[];
  size_bytes: number;
}

/** One event's `person_prompt` as stored (docs/incidents.md, Justifications). */
export interface PersonPromptRecord {
  kind: string;
  held: boolean;
  /** justified, continued, cancelled, timed_out, shown, or not_asked. */
  result: string;
  category: string | null;
  /** The justification text; null when none was typed or it was withheld. */
  text: string | null;
  /** Why a typed text is not kept: `unsafe_text` or `credential_shaped` (person-text rule). */
  text_withheld: string | null;
  /** The justification rules of document 2 the text breaks (engine `justificationProblems`). */
  rule_problems: string[];
  /** `[not_asked] <reason>` when nobody could be asked. */
  not_asked_reason: string | null;
  covered_by_burst: boolean;
  /** The six-character reference the notice showed the person (engine `noticeReference`). */
  notice_reference: string | null;
}

/** The masked previews one event carried for one detector (docs/incidents.md, Detector previews). */
export interface DetectorPreviews {
  detector_id: string;
  values: string[];
  snippets: string[];
}
