import { assessIncidentRisk, assessPriority } from '@custos/engine';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { priorityFactorsJson, riskFactorsJson } from '../../src/modules/incidents/factors-json.js';

/**
 * Ingest writes the score factors with its own serialiser (factors-json.ts): the stored text must
 * be exactly what JSON.stringify wrote before, for any factors the engine answers.
 */
const risk = fc.record({
  severity: fc.constantFrom('critical', 'high', 'medium', 'low', 'info', null),
  match_count: fc.integer({ min: 0, max: 1_000_000 }),
  validated: fc.boolean(),
  high_confidence: fc.boolean(),
  matched_policies: fc.integer({ min: 0, max: 50 }),
  destination_untrusted: fc.constantFrom(true, false, null),
  bypass_attempts: fc.integer({ min: 0, max: 100 }),
  departure_soon_after_detection: fc.boolean(),
  approved_exception: fc.boolean(),
});

const priority = fc.record({
  risk_score: fc.integer({ min: 0, max: 100 }),
  max_confidence: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
  validated: fc.boolean(),
  destination_untrusted: fc.constantFrom(true, false, null),
  prior_confirmed: fc.integer({ min: 0, max: 20 }),
  event_count: fc.integer({ min: 0, max: 1_000_000 }),
  rule_record: fc.option(
    fc
      .record({ closed: fc.integer({ min: 0, max: 10_000 }), fp: fc.integer({ min: 0, max: 10_000 }) })
      .map(({ closed, fp }) => ({ closed, false_positives: Math.min(closed, fp) })),
  ),
});

it('writes the engine’s risk and priority factors exactly as JSON.stringify does', () => {
  fc.assert(
    fc.property(risk, priority, (r, p) => {
      const a = assessIncidentRisk(r);
      expect(riskFactorsJson(a.factors)).toBe(JSON.stringify(a.factors));
      const b = assessPriority(p);
      expect(priorityFactorsJson(b.factors)).toBe(JSON.stringify(b.factors));
    }),
    { seed: 23, numRuns: 500 },
  );
});

it('writes awkward numbers and names as JSON.stringify does', () => {
  const odd = [0, -0, 0.1, 1e21, 1e-7, -2.5, Number.NaN, Number.POSITIVE_INFINITY, 123456789.125];
  const names = ['severity', 'quote"d', 'back\\slash', 'line\nbreak', 'é'];
  const riskList = odd.map((points, i) => ({ name: names[i % names.length] as string, points }));
  expect(riskFactorsJson(riskList)).toBe(JSON.stringify(riskList));
  const prio = odd.map((value, i) => ({
    name: 'risk_score' as const,
    value,
    weight: odd[(i + 1) % odd.length] as number,
    contribution: odd[(i + 2) % odd.length] as number,
  }));
  expect(priorityFactorsJson(prio)).toBe(JSON.stringify(prio));
  expect(riskFactorsJson([])).toBe('[]');
});
