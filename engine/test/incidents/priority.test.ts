import { describe, expect, it } from 'vitest';
import {
  assessIncidentRisk,
  assessPriority,
  INCIDENT_RISK_MODEL_VERSION,
  type IncidentRiskInputs,
  PRIORITY_FACTOR_ORDER,
  type PriorityInputs,
} from '../../src/index.js';

const none: PriorityInputs = {
  risk_score: 0,
  max_confidence: null,
  validated: false,
  destination_untrusted: null,
  prior_confirmed: 0,
  event_count: 1,
  rule_record: null,
};
const factor = (i: Partial<PriorityInputs>, name: string) =>
  assessPriority({ ...none, ...i }).factors.find((f) => f.name === name);

describe('priority score (document 2)', () => {
  it('lists every factor with its weight, zeros included, in document order', () => {
    const p = assessPriority(none);
    expect(p.score).toBe(0);
    expect(p.factors.map((f) => [f.name, f.weight, f.value, f.contribution])).toEqual([
      ['risk_score', 40, 0, 0],
      ['detector_confidence', 15, 0, 0],
      ['validator_passed', 15, 0, 0],
      ['destination_untrusted', 10, 0, 0],
      ['prior_confirmed_incidents', 12, 0, 0],
      ['events_folded', 8, 0, 0],
      ['false_positive_record', -35, 0, 0],
    ]);
    expect(PRIORITY_FACTOR_ORDER).toHaveLength(7);
  });

  it('risk score weighs 40', () => {
    expect(factor({ risk_score: 50 }, 'risk_score')).toMatchObject({ value: 0.5, contribution: 20 });
    expect(factor({ risk_score: 250 }, 'risk_score')?.value).toBe(1);
  });

  it('detector confidence weighs 15', () => {
    expect(factor({ max_confidence: 80 }, 'detector_confidence')).toMatchObject({
      value: 0.8,
      contribution: 12,
    });
  });

  it('a structural validator passed weighs 15', () => {
    expect(factor({ validated: true }, 'validator_passed')).toMatchObject({ value: 1, contribution: 15 });
  });

  it('an untrusted destination weighs 10; unknown or none adds nothing', () => {
    expect(factor({ destination_untrusted: true }, 'destination_untrusted')?.contribution).toBe(10);
    expect(factor({ destination_untrusted: false }, 'destination_untrusted')?.contribution).toBe(0);
  });

  it('prior confirmed incidents weigh 12 and saturate at five', () => {
    expect(factor({ prior_confirmed: 1 }, 'prior_confirmed_incidents')).toMatchObject({
      value: 0.2,
      contribution: 2.4,
    });
    expect(factor({ prior_confirmed: 9 }, 'prior_confirmed_incidents')?.contribution).toBe(12);
  });

  it('events folded weigh 8 on a log scale: one event nothing, 10 half, 100 all', () => {
    expect(factor({ event_count: 1 }, 'events_folded')?.contribution).toBe(0);
    expect(factor({ event_count: 10 }, 'events_folded')?.contribution).toBe(4);
    expect(factor({ event_count: 5000 }, 'events_folded')?.contribution).toBe(8);
  });

  it('the false-positive record subtracts up to 35, only once ten incidents are closed', () => {
    expect(
      factor({ rule_record: { closed: 9, false_positives: 9 } }, 'false_positive_record')?.contribution,
    ).toBe(0);
    expect(
      factor({ rule_record: { closed: 10, false_positives: 5 } }, 'false_positive_record'),
    ).toMatchObject({
      value: 0.5,
      weight: -35,
      contribution: -17.5,
    });
  });

  it('sums, rounds and clamps to 0..100', () => {
    const all = assessPriority({
      risk_score: 100,
      max_confidence: 100,
      validated: true,
      destination_untrusted: true,
      prior_confirmed: 5,
      event_count: 100,
      rule_record: null,
    });
    expect(all.score).toBe(100);
    // A rule that is always wrong takes a low incident below zero: clamped.
    expect(
      assessPriority({ ...none, risk_score: 10, rule_record: { closed: 10, false_positives: 10 } }).score,
    ).toBe(0);
    // 40 × 0.333 + 15 × 0.333 = 18.33… → 18; contributions are rounded to two decimals.
    const p = assessPriority({ ...none, risk_score: 100 / 3, max_confidence: 100 / 3 });
    expect(p.score).toBe(18);
    expect(p.factors[0]).toMatchObject({ value: 0.333, contribution: 13.33 });
    // 12.5 rounds up to 13.
    expect(assessPriority({ ...none, risk_score: 31.25 }).score).toBe(13);
  });
});

const quiet: IncidentRiskInputs = {
  severity: null,
  match_count: 0,
  validated: false,
  high_confidence: false,
  matched_policies: 1,
  destination_untrusted: null,
  bypass_attempts: 0,
  departure_soon_after_detection: false,
  approved_exception: false,
};
const points = (i: Partial<IncidentRiskInputs>, name: string) =>
  assessIncidentRisk({ ...quiet, ...i }).factors.find((f) => f.name === name)?.points;

describe('incident risk score', () => {
  it('lists every factor with the model version, zeros included', () => {
    const r = assessIncidentRisk(quiet);
    expect(r).toMatchObject({ score: 0, model_version: INCIDENT_RISK_MODEL_VERSION });
    expect(r.factors.map((f) => f.name)).toEqual([
      'severity',
      'content_volume',
      'content_validated',
      'content_high_confidence',
      'policies_matched',
      'destination_trust',
      'bypass_attempts',
      'departure_soon_after_detection',
      'approved_exception',
    ]);
    expect(r.factors.every((f) => f.points === 0)).toBe(true);
  });

  it('scores each factor', () => {
    expect(points({ severity: 'critical' }, 'severity')).toBe(30);
    expect(points({ severity: 'high' }, 'severity')).toBe(22);
    expect(points({ severity: 'info' }, 'severity')).toBe(0);
    expect(points({ match_count: 1 }, 'content_volume')).toBe(4);
    expect(points({ match_count: 1000 }, 'content_volume')).toBe(20);
    expect(points({ validated: true }, 'content_validated')).toBe(10);
    expect(points({ high_confidence: true }, 'content_high_confidence')).toBe(5);
    expect(points({ matched_policies: 2 }, 'policies_matched')).toBe(5);
    expect(points({ matched_policies: 9 }, 'policies_matched')).toBe(10);
    expect(points({ destination_untrusted: true }, 'destination_trust')).toBe(20);
    // Document 1 rule 10: one attempt adds nothing, five or more the maximum.
    expect(points({ bypass_attempts: 1 }, 'bypass_attempts')).toBe(0);
    expect(points({ bypass_attempts: 7 }, 'bypass_attempts')).toBe(20);
    expect(points({ departure_soon_after_detection: true }, 'departure_soon_after_detection')).toBe(10);
  });

  it('caps at 100 before an approved exception halves the score', () => {
    const loud: IncidentRiskInputs = {
      severity: 'critical',
      match_count: 1000,
      validated: true,
      high_confidence: true,
      matched_policies: 3,
      destination_untrusted: true,
      bypass_attempts: 5,
      departure_soon_after_detection: true,
      approved_exception: false,
    };
    expect(assessIncidentRisk(loud).score).toBe(100);
    const halved = assessIncidentRisk({ ...loud, approved_exception: true });
    expect(halved.score).toBe(50);
    expect(halved.factors.at(-1)).toEqual({ name: 'approved_exception', points: -50 });
    expect(assessIncidentRisk({ ...quiet, severity: 'high', approved_exception: true }).score).toBe(11);
  });
});
