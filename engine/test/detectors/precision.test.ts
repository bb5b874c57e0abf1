/**
 * Issue 24: precision and recall of every built-in detector on the labelled corpus, at the
 * detector's default confidence (a hit counts when it is validated and at least that
 * confidence, which is what a condition without min_confidence matches). Fails when a detector
 * falls under 95 % precision. The table in docs/detectors.md is generated from this run:
 * `CUSTOS_UPDATE_DETECTOR_DOCS=1 npx vitest run engine/test/detectors/precision.test.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { BUILTIN_DETECTORS, compileDetectors, scan } from '../../src/detectors/index.js';
import { catalogueTable, replaceBetween } from './corpus/doc-tables.js';
import { buildCorpus } from './corpus/index.js';

const DOC = new URL('../../../docs/detectors.md', import.meta.url);
const FLOOR = 0.95;

/**
 * Hits that are right although the value was generated for another detector: the value of
 * `aws_secret_access_key = …` is a password assignment too.
 */
const ALSO_RIGHT: Readonly<Record<string, readonly string[]>> = {
  password_assignment: ['aws_secret_key'],
};

interface Score {
  tp: number;
  fp: number;
  labels: number;
  found: number;
}

function measure(): Map<string, Score> {
  const compiled = compileDetectors(BUILTIN_DETECTORS);
  const scores = new Map<string, Score>(
    BUILTIN_DETECTORS.map((d) => [d.id, { tp: 0, fp: 0, labels: 0, found: 0 }]),
  );
  const defaults = new Map(BUILTIN_DETECTORS.map((d) => [d.id, d.default_confidence]));
  for (const doc of buildCorpus()) {
    const findings = scan(compiled, doc.text);
    for (const label of doc.labels) scores.get(label.detector)!.labels++;
    const foundLabels = new Set<number>();
    for (const f of findings) {
      const s = scores.get(f.detector_id)!;
      for (const hit of f.hits) {
        if (!hit.validated || hit.confidence < defaults.get(f.detector_id)!) continue;
        const overlaps = (l: { start: number; end: number }): boolean =>
          hit.start < l.end && l.start < hit.end;
        const k = doc.labels.findIndex((l) => l.detector === f.detector_id && overlaps(l));
        const alsoRight = ALSO_RIGHT[f.detector_id] ?? [];
        if (k < 0 && doc.labels.some((l) => alsoRight.includes(l.detector) && overlaps(l))) s.tp++;
        else if (k < 0) s.fp++;
        else {
          s.tp++;
          if (!foundLabels.has(k)) {
            foundLabels.add(k);
            s.found++;
          }
        }
      }
    }
  }
  return scores;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

function precisionTable(scores: Map<string, Score>): string {
  const rows = ['| id | default | labelled | precision | recall |', '|---|---|---|---|---|'];
  for (const d of BUILTIN_DETECTORS) {
    const s = scores.get(d.id)!;
    const counted = s.tp + s.fp;
    rows.push(
      `| \`${d.id}\` | ${d.default_confidence} | ${s.labels} | ${counted === 0 ? '—' : pct(s.tp / counted)} | ${s.labels === 0 ? '—' : pct(s.found / s.labels)} |`,
    );
  }
  return rows.join('\n');
}

test('every built-in detector keeps ≥ 95 % precision at its default confidence; docs carry the table', () => {
  const scores = measure();
  const below = [...scores].filter(([, s]) => s.tp + s.fp > 0 && s.tp / (s.tp + s.fp) < FLOOR);
  expect(below.map(([id, s]) => `${id} ${s.tp}/${s.tp + s.fp}`)).toEqual([]);
  // Every detector is exercised and finds most of its labelled values somewhere.
  for (const [id, s] of scores) expect(s.labels, id).toBeGreaterThan(0);

  let doc = readFileSync(DOC, 'utf8');
  const want = replaceBetween(
    replaceBetween(doc, 'precision', precisionTable(scores)),
    'catalogue',
    catalogueTable(),
  );
  if (process.env['CUSTOS_UPDATE_DETECTOR_DOCS'] === '1') {
    writeFileSync(DOC, want);
    doc = want;
  }
  expect(doc, 'docs/detectors.md is stale: re-run with CUSTOS_UPDATE_DETECTOR_DOCS=1').toBe(want);
});
