import { describe, expect, it } from 'vitest';
import { assessRisk, bypassPoints, RISK_MODEL_VERSION, RISK_POINTS } from '../../src/evaluate/index.js';
import { finding } from './fixtures.js';

const KNOWN = {
  destination_trust: 'trusted',
  application_managed: true,
  privilege_level: 'standard',
} as const;

describe('risk model custos-risk-1 (document 1, evaluation rules 4, 5 and 10)', () => {
  it('bypass attempts: one attempt adds nothing, a log scale saturating at five', () => {
    expect(bypassPoints(0)).toBe(0);
    expect(bypassPoints(1)).toBe(0);
    expect(bypassPoints(2)).toBeGreaterThan(0);
    expect(bypassPoints(3) - bypassPoints(2)).toBeLessThan(bypassPoints(2) - bypassPoints(1));
    expect(bypassPoints(5)).toBe(RISK_POINTS.bypass_attempts_max);
    expect(bypassPoints(50)).toBe(RISK_POINTS.bypass_attempts_max);
  });

  it('unknown destination trust, application management and privilege are scored at the midpoint and named', () => {
    const r = assessRisk({}, []);
    expect(r.undetermined).toEqual(['destination_trust', 'application_management', 'privilege_level']);
    expect(r.factors).toEqual([
      { name: 'destination_trust', points: RISK_POINTS.destination_untrusted / 2 },
      { name: 'application_management', points: RISK_POINTS.application_unmanaged / 2 },
      { name: 'privilege_level', points: RISK_POINTS.privilege_elevated / 2 },
    ]);
  });

  it('the departure factor adds 10 points once', () => {
    const a = assessRisk({ ...KNOWN }, []);
    const b = assessRisk({ ...KNOWN, departure_soon_after_detection: true }, []);
    expect(b.score - a.score).toBe(10);
  });

  it('an approved exception halves the score', () => {
    const f = [finding('payment_card', 'financial', [{}, {}, {}])];
    const full = assessRisk({ destination_trust: 'untrusted', bypass_attempts: 5 }, f);
    const halved = assessRisk(
      { destination_trust: 'untrusted', bypass_attempts: 5, approved_exception: true },
      f,
    );
    expect(Math.abs(halved.score - full.score / 2)).toBeLessThanOrEqual(0.5);
    expect(halved.factors.find((x) => x.name === 'approved_exception')!.points).toBeLessThan(0);
  });

  it('records score, band, model version and the three factors that moved it, never a zero factor', () => {
    const r = assessRisk(
      {
        destination_trust: 'untrusted',
        application_managed: true,
        privilege_level: 'elevated',
        bypass_attempts: 1,
      },
      [finding('payment_card', 'financial', [{}])],
    );
    expect(r.model_version).toBe(RISK_MODEL_VERSION);
    expect(r.top_factors.map((f) => f.name)).toEqual([
      'destination_trust',
      'content_validated',
      'privilege_level',
    ]);
    expect(r.factors.every((f) => f.points !== 0)).toBe(true);
    expect(r.factors.map((f) => f.name)).not.toContain('bypass_attempts');
    expect(r.band).toBe(r.score >= 70 ? 'high' : r.score >= 40 ? 'medium' : 'low');
  });

  it('stays within 0..100', () => {
    const many = [
      finding(
        'payment_card',
        'financial',
        Array.from({ length: 500 }, () => ({})),
      ),
    ];
    const r = assessRisk(
      {
        destination_trust: 'untrusted',
        application_managed: false,
        privilege_level: 'elevated',
        bypass_attempts: 9,
        departure_soon_after_detection: true,
      },
      many,
    );
    expect(r.score).toBe(100);
    expect(r.band).toBe('critical');
  });
});
