import { describe, expect, test } from 'vitest';
import {
  aggregateCategory,
  applyDetectorRule,
  BUILTIN_DETECTORS,
  compileDetectors,
  type DetectorFinding,
  scan,
  summarizeFindings,
  totalMatches,
} from '../../src/detectors/index.js';

const finding = (
  id: string,
  category: string,
  hits: [number, number, number, boolean][],
): DetectorFinding => ({
  detector_id: id,
  detector_version: 1,
  category,
  hits: hits.map(([start, end, confidence, validated]) => ({ start, end, confidence, validated })),
});

describe('applyDetectorRule (document 1, Conditions rule 4)', () => {
  const cards = finding('payment_card', 'financial', [
    [0, 16, 85, true],
    [20, 36, 75, true],
    [40, 56, 65, false],
  ]);

  test('min_matches counts hits at or above min_confidence', () => {
    expect(
      applyDetectorRule(cards, { min_matches: 3, min_confidence: 65, require_validated: false }),
    ).toEqual({
      matched: true,
      qualifying: 3,
    });
    expect(
      applyDetectorRule(cards, { min_matches: 3, min_confidence: 75, require_validated: false }),
    ).toEqual({
      matched: false,
      qualifying: 2,
    });
    expect(
      applyDetectorRule(cards, { min_matches: 1, min_confidence: 85, require_validated: false }),
    ).toEqual({
      matched: true,
      qualifying: 1,
    });
  });

  test('require_validated separates a 16-digit number from one that passes the checksum', () => {
    const compiled = compileDetectors(BUILTIN_DETECTORS);
    const unvalidated = scan(compiled, 'ref 4111111111111112').find((f) => f.detector_id === 'payment_card');
    const rule = { min_matches: 1, min_confidence: 65, require_validated: true };
    expect(applyDetectorRule(unvalidated, rule)).toEqual({ matched: false, qualifying: 0 });
    expect(applyDetectorRule(unvalidated, { ...rule, require_validated: false })).toEqual({
      matched: true,
      qualifying: 1,
    });
    const valid = scan(compiled, 'ref 4111111111111111').find((f) => f.detector_id === 'payment_card');
    expect(applyDetectorRule(valid, rule)).toEqual({ matched: true, qualifying: 1 });
  });

  test('a missing finding never matches, and min_matches 0 is read as 1', () => {
    expect(
      applyDetectorRule(undefined, { min_matches: 0, min_confidence: 65, require_validated: false }),
    ).toEqual({
      matched: false,
      qualifying: 0,
    });
    const empty = finding('x', 'financial', []);
    expect(
      applyDetectorRule(empty, { min_matches: 0, min_confidence: 65, require_validated: false }).matched,
    ).toBe(false);
  });
});

describe('aggregateCategory and totalMatches', () => {
  const findings = [
    finding('tr_vkn', 'national_id', [[0, 10, 65, false]]),
    finding('ru_inn', 'national_id', [
      [0, 10, 75, true],
      [30, 42, 85, true],
    ]),
    finding('payment_card', 'financial', [[50, 66, 75, true]]),
  ];

  test('hits of every detector in the category, one per span with the best evidence', () => {
    const agg = aggregateCategory(findings, 'national_id');
    expect(agg.detector_ids).toEqual(['tr_vkn', 'ru_inn']);
    expect(agg.hits).toEqual([
      { start: 0, end: 10, confidence: 75, validated: true },
      { start: 30, end: 42, confidence: 85, validated: true },
    ]);
    expect(
      applyDetectorRule(agg, { min_matches: 2, min_confidence: 75, require_validated: true }).matched,
    ).toBe(true);
  });

  test('a category with no findings aggregates to nothing and does not match', () => {
    const agg = aggregateCategory(findings, 'credentials');
    expect(agg.hits).toEqual([]);
    expect(
      applyDetectorRule(agg, { min_matches: 1, min_confidence: 65, require_validated: false }).matched,
    ).toBe(false);
  });

  test('aggregation does not change the findings it reads', () => {
    const before = JSON.stringify(findings);
    aggregateCategory(findings, 'national_id');
    expect(JSON.stringify(findings)).toBe(before);
  });

  test('totalMatches sums hits across all detectors', () => {
    expect(totalMatches(findings)).toBe(4);
    expect(totalMatches([])).toBe(0);
  });
});

test('summarizeFindings gives count, validated count and best confidence per detector', () => {
  const findings = [
    finding('ru_inn', 'national_id', [
      [0, 10, 75, true],
      [30, 42, 65, false],
    ]),
  ];
  expect(summarizeFindings(findings)).toEqual([
    {
      detector_id: 'ru_inn',
      detector_version: 1,
      category: 'national_id',
      match_count: 2,
      validated_count: 1,
      best_confidence: 75,
    },
  ]);
});
