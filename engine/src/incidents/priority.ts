/**
 * Document 2, Priority: `priority_score` is a weighted sum of six factors minus the deciding
 * rule's false-positive record. Each factor has a value in 0..1; its contribution is value ×
 * weight; the score is the rounded sum clamped to 0..100 (docs/incidents.md, Priority and risk).
 */

export const PRIORITY_WEIGHTS = {
  risk_score: 40,
  detector_confidence: 15,
  validator_passed: 15,
  destination_untrusted: 10,
  prior_confirmed_incidents: 12,
  events_folded: 8,
  false_positive_record: -35,
} as const;

export type PriorityFactorName = keyof typeof PRIORITY_WEIGHTS;

/** In the order document 2 lists them; every one is reported, zeros included. */
export const PRIORITY_FACTOR_ORDER = Object.keys(PRIORITY_WEIGHTS) as PriorityFactorName[];

/** The false-positive record counts only once ten of the rule's incidents are closed. */
export const FALSE_POSITIVE_MIN_CLOSED = 10;
/** Prior confirmed incidents saturate at five; events folded at 100 (log scale). */
export const PRIOR_CONFIRMED_SATURATION = 5;
export const EVENTS_FOLDED_SATURATION = 100;

export interface PriorityInputs {
  /** The incident's risk score, 0..100. */
  risk_score: number;
  /** Highest detector confidence reported, 0..100; null when no detector reported one. */
  max_confidence: number | null;
  /** Whether a structural validator (checksum, format) passed on at least one match. */
  validated: boolean;
  /** Whether the content went to a destination not trusted (null: no destination, at rest). */
  destination_untrusted: boolean | null;
  /** Closed incidents of the same person disposed confirmed_violation, created before this one. */
  prior_confirmed: number;
  /** Events folded into the incident (1 for a single event). */
  event_count: number;
  /** The deciding rule's closed incidents and how many were false positives. */
  rule_record: { closed: number; false_positives: number } | null;
}

export interface PriorityFactor {
  name: PriorityFactorName;
  /** 0..1, rounded to three decimals. */
  value: number;
  weight: number;
  /** value × weight, rounded to two decimals (negative for the false-positive record). */
  contribution: number;
}

export interface PriorityAssessment {
  score: number;
  factors: PriorityFactor[];
}

const unit = (n: number): number => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const round = (n: number, d: number): number => {
  const f = 10 ** d;
  const r = Math.round(n * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

/** The value in 0..1 of each factor. */
export function priorityValues(i: PriorityInputs): Record<PriorityFactorName, number> {
  const events = Math.max(1, Math.floor(i.event_count));
  const record = i.rule_record;
  return {
    risk_score: unit(i.risk_score / 100),
    detector_confidence: unit((i.max_confidence ?? 0) / 100),
    validator_passed: i.validated ? 1 : 0,
    destination_untrusted: i.destination_untrusted === true ? 1 : 0,
    prior_confirmed_incidents: unit(i.prior_confirmed / PRIOR_CONFIRMED_SATURATION),
    // One event adds nothing; 100 or more the whole weight.
    events_folded: unit(Math.log10(events) / Math.log10(EVENTS_FOLDED_SATURATION)),
    false_positive_record:
      record && record.closed >= FALSE_POSITIVE_MIN_CLOSED ? unit(record.false_positives / record.closed) : 0,
  };
}

export function assessPriority(inputs: PriorityInputs): PriorityAssessment {
  const values = priorityValues(inputs);
  const factors = PRIORITY_FACTOR_ORDER.map((name): PriorityFactor => {
    const weight = PRIORITY_WEIGHTS[name];
    const value = round(values[name], 3);
    return { name, value, weight, contribution: round(values[name] * weight, 2) };
  });
  // The sum uses the unrounded contributions; only the reported figures are rounded.
  const sum = PRIORITY_FACTOR_ORDER.reduce((s, n) => s + values[n] * PRIORITY_WEIGHTS[n], 0);
  return { score: Math.round(Math.min(100, Math.max(0, sum))), factors };
}
