/**
 * Scanner output: the contract between detection and the policy evaluator.
 * Offsets are UTF-16 code-unit offsets into the scanned text; no matched value is ever carried here.
 */
export interface DetectorHit {
  start: number;
  end: number;
  /** 65 (low), 75 (medium) or 85 (high), per the reference detection model. */
  confidence: number;
  /** True when the structural validator passed, or when the detector has no validator. */
  validated: boolean;
  /** Masked preview (e.g. `4111********1111`), present only when the scan asked for previews. */
  preview?: string;
}

export interface DetectorFinding {
  detector_id: string;
  detector_version: number;
  category: string;
  hits: DetectorHit[];
}

/** Rule of document 1, Conditions rule 4: how a detector condition counts its hits. */
export interface DetectorRule {
  min_matches: number;
  min_confidence: number;
  require_validated: boolean;
}
