import type { DetectorFinding } from '../detectors/types.js';
import type { RiskAssessment, RiskBand, RiskFactor, RiskInputs } from './types.js';

/** Recorded on every assessment; stored scores are never recomputed under a later version. */
export const RISK_MODEL_VERSION = 'custos-risk-1';

/**
 * Points of model custos-risk-1. Unknown three-valued inputs take the midpoint of their range
 * (document 1, evaluation rule 5). The sum is capped at 100 before an approved exception halves it.
 */
export const RISK_POINTS = {
  content_volume_max: 20,
  content_validated: 10,
  content_high_confidence: 5,
  destination_untrusted: 20,
  application_unmanaged: 15,
  privilege_elevated: 10,
  bypass_attempts_max: 20,
  /** Document 1, Limits: departure factor window 15 minutes, 10 points. */
  departure_soon_after_detection: 10,
  /** Document 1, Limits: bypass count saturation five. */
  bypass_saturation: 5,
} as const;

export function riskBand(score: number): RiskBand {
  if (score >= 90) return 'critical';
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  return 'low';
}

/**
 * Bypass attempts on a log scale saturating at five: one attempt adds nothing (log 1 = 0),
 * five or more add the maximum (document 1, evaluation rule 10).
 */
export function bypassPoints(count: number): number {
  if (!Number.isFinite(count) || count <= 1) return 0;
  const n = Math.min(count, RISK_POINTS.bypass_saturation);
  return (RISK_POINTS.bypass_attempts_max * Math.log(n)) / Math.log(RISK_POINTS.bypass_saturation);
}

/** Content volume on a log scale: no match 0, one match 4 points, 100 or more matches the maximum. */
export function volumePoints(matches: number): number {
  if (matches <= 1) return matches === 1 ? 4 : 0;
  return Math.min(RISK_POINTS.content_volume_max, 4 + (16 * Math.log10(matches)) / 2);
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** Scores one event under model custos-risk-1. */
export function assessRisk(inputs: RiskInputs, findings: readonly DetectorFinding[]): RiskAssessment {
  const factors: RiskFactor[] = [];
  const undetermined: string[] = [];
  const add = (name: string, points: number): void => {
    if (points !== 0) factors.push({ name, points: round1(points) });
  };
  let hits = 0;
  let validated = false;
  let high = false;
  for (const f of findings) {
    for (const h of f.hits) {
      hits += 1;
      if (h.validated) validated = true;
      if (h.validated && h.confidence >= 85) high = true;
    }
  }
  add('content_volume', volumePoints(hits));
  add('content_validated', validated ? RISK_POINTS.content_validated : 0);
  add('content_high_confidence', high ? RISK_POINTS.content_high_confidence : 0);

  const trust = inputs.destination_trust ?? null;
  if (trust === null) undetermined.push('destination_trust');
  add(
    'destination_trust',
    trust === 'untrusted'
      ? RISK_POINTS.destination_untrusted
      : trust === null
        ? RISK_POINTS.destination_untrusted / 2
        : 0,
  );
  const managed = inputs.application_managed ?? null;
  if (managed === null) undetermined.push('application_management');
  add(
    'application_management',
    managed === false
      ? RISK_POINTS.application_unmanaged
      : managed === null
        ? RISK_POINTS.application_unmanaged / 2
        : 0,
  );
  const priv = inputs.privilege_level ?? null;
  if (priv === null) undetermined.push('privilege_level');
  add(
    'privilege_level',
    priv === 'elevated'
      ? RISK_POINTS.privilege_elevated
      : priv === null
        ? RISK_POINTS.privilege_elevated / 2
        : 0,
  );
  add('bypass_attempts', bypassPoints(inputs.bypass_attempts ?? 0));
  add(
    'departure_soon_after_detection',
    inputs.departure_soon_after_detection ? RISK_POINTS.departure_soon_after_detection : 0,
  );

  let score = Math.min(
    100,
    factors.reduce((s, f) => s + f.points, 0),
  );
  if (inputs.approved_exception) {
    const half = score / 2;
    add('approved_exception', -half);
    score -= half;
  }
  score = Math.round(Math.max(0, Math.min(100, score)));
  const top = [...factors]
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points) || (a.name < b.name ? -1 : 1))
    .slice(0, 3);
  return {
    score,
    band: riskBand(score),
    model_version: RISK_MODEL_VERSION,
    factors,
    top_factors: top,
    undetermined,
  };
}
