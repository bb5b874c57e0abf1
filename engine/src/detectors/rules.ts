/**
 * How conditions read findings (document 1, Conditions): `detector` with min_matches,
 * min_confidence and require_validated (rule 4), `category` aggregated over detectors, and
 * `total_matches` across all detectors.
 */
import type { DetectorFinding, DetectorHit, DetectorRule } from './types.js';

export interface RuleResult {
  matched: boolean;
  /** hits that meet min_confidence and, when required, passed the validator */
  qualifying: number;
}

/** Hits of a detector condition or an aggregated category. */
export interface HitSet {
  hits: readonly DetectorHit[];
}

/**
 * Apply a detector rule to one finding (or to a category aggregate). A hit qualifies when its
 * confidence is at least `min_confidence` and, with `require_validated`, its validator passed
 * (rule 4: that is what separates a 16-digit number from a card number). The rule matches when
 * at least `min_matches` hits qualify; a `min_matches` below 1 is read as 1, so a rule never
 * matches on nothing. A missing finding (detector not hit) never matches.
 */
export function applyDetectorRule(finding: HitSet | undefined, rule: DetectorRule): RuleResult {
  if (!finding) return { matched: false, qualifying: 0 };
  let qualifying = 0;
  for (const hit of finding.hits) {
    if (hit.confidence < rule.min_confidence) continue;
    if (rule.require_validated && !hit.validated) continue;
    qualifying++;
  }
  return { matched: qualifying >= Math.max(1, rule.min_matches), qualifying };
}

export interface CategoryAggregate extends HitSet {
  category: string;
  /** detectors of the category that contributed hits, in finding order */
  detector_ids: string[];
}

/**
 * All hits of the detectors in `category`, as one set. The same span reported by two detectors
 * of the category (a 10-digit number that is both a VKN and an INN) counts once, with the best
 * confidence and validated if either validated.
 */
export function aggregateCategory(findings: readonly DetectorFinding[], category: string): CategoryAggregate {
  const bySpan = new Map<string, DetectorHit>();
  const detectorIds: string[] = [];
  for (const f of findings) {
    if (f.category !== category || f.hits.length === 0) continue;
    detectorIds.push(f.detector_id);
    for (const hit of f.hits) {
      const key = `${hit.start}:${hit.end}`;
      const prev = bySpan.get(key);
      if (!prev)
        bySpan.set(key, {
          start: hit.start,
          end: hit.end,
          confidence: hit.confidence,
          validated: hit.validated,
        });
      else {
        prev.confidence = Math.max(prev.confidence, hit.confidence);
        prev.validated = prev.validated || hit.validated;
      }
    }
  }
  const hits = [...bySpan.values()].sort((a, b) => a.start - b.start || a.end - b.end);
  return { category, detector_ids: detectorIds, hits };
}

/** Matches across all detectors (document 1, `total_matches`): the sum of every finding's hits. */
export function totalMatches(findings: readonly DetectorFinding[]): number {
  let total = 0;
  for (const f of findings) total += f.hits.length;
  return total;
}

/** Per-detector counts for events and incident summaries (issue 3: count, validated, best confidence). */
export interface FindingSummary {
  detector_id: string;
  detector_version: number;
  category: string;
  match_count: number;
  validated_count: number;
  best_confidence: number;
}

/** Summaries of findings: counts and the best confidence only, no offsets and no values. */
export function summarizeFindings(findings: readonly DetectorFinding[]): FindingSummary[] {
  return findings.map((f) => ({
    detector_id: f.detector_id,
    detector_version: f.detector_version,
    category: f.category,
    match_count: f.hits.length,
    validated_count: f.hits.filter((h) => h.validated).length,
    best_confidence: f.hits.reduce((best, h) => Math.max(best, h.confidence), 0),
  }));
}
