import { bypassPoints, RISK_POINTS, volumePoints } from '../evaluate/risk.js';

/**
 * The incident's risk score as the server computes it from what it stores (docs/incidents.md,
 * Priority and risk): the endpoint scores events under `custos-risk-1` but does not send the
 * score, so the server scores the incident itself under its own model, recorded on the incident.
 */
export const INCIDENT_RISK_MODEL_VERSION = 'custos-incident-risk-1';

export const SEVERITY_POINTS: Readonly<Record<string, number>> = {
  critical: 30,
  high: 22,
  medium: 14,
  low: 6,
  info: 0,
};
/** Each matched policy beyond the first adds five points, at most ten. */
export const EXTRA_POLICY_POINTS = 5;
export const EXTRA_POLICY_MAX = 10;
/** Document 1, Limits: the departure factor's window. */
export const DEPARTURE_WINDOW_MS = 15 * 60_000;

export interface IncidentRiskInputs {
  severity: string | null;
  match_count: number;
  validated: boolean;
  /** A validated match with confidence 85 or more. */
  high_confidence: boolean;
  matched_policies: number;
  destination_untrusted: boolean | null;
  bypass_attempts: number;
  departure_soon_after_detection: boolean;
  approved_exception: boolean;
}

export interface IncidentRiskFactor {
  name: string;
  points: number;
}

export interface IncidentRiskAssessment {
  score: number;
  model_version: string;
  /** Every factor of the model in a fixed order, zeros included. */
  factors: IncidentRiskFactor[];
}

const round1 = (n: number): number => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? 0 : r;
};

export function assessIncidentRisk(i: IncidentRiskInputs): IncidentRiskAssessment {
  const raw: [string, number][] = [
    ['severity', SEVERITY_POINTS[i.severity ?? ''] ?? 0],
    ['content_volume', volumePoints(Math.max(0, i.match_count))],
    ['content_validated', i.validated ? RISK_POINTS.content_validated : 0],
    ['content_high_confidence', i.high_confidence ? RISK_POINTS.content_high_confidence : 0],
    [
      'policies_matched',
      Math.min(EXTRA_POLICY_MAX, Math.max(0, i.matched_policies - 1) * EXTRA_POLICY_POINTS),
    ],
    ['destination_trust', i.destination_untrusted === true ? RISK_POINTS.destination_untrusted : 0],
    ['bypass_attempts', bypassPoints(i.bypass_attempts)],
    [
      'departure_soon_after_detection',
      i.departure_soon_after_detection ? RISK_POINTS.departure_soon_after_detection : 0,
    ],
  ];
  let score = Math.min(
    100,
    raw.reduce((s, [, p]) => s + p, 0),
  );
  // Document 1 rule 10: an approved exception halves the (capped) score.
  const half = i.approved_exception ? score / 2 : 0;
  score -= half;
  raw.push(['approved_exception', -half]);
  return {
    score: Math.round(Math.max(0, Math.min(100, score))),
    model_version: INCIDENT_RISK_MODEL_VERSION,
    factors: raw.map(([name, points]) => ({ name, points: round1(points) })),
  };
}
