import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkEnrollSpelling, FIXED_NAMES, otherSpellings } from './naming-check.js';
import { loadSources } from './source-files.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const FIXTURES = join(HERE, 'fixtures', 'naming');
const ROOTS = [
  'engine/src',
  'server/src',
  'agent/src',
  'agent/native/lib',
  'agent/native/index.ts',
  'console/src',
];

describe('one spelling of enroll in internal names (docs/architecture.md, "Names")', () => {
  it('no identifier or file under */src spells it enrol/enrolment', () => {
    const files = [...loadSources(REPO, ROOTS, '.ts'), ...loadSources(REPO, ['console/src'], '.tsx')];
    const messages = checkEnrollSpelling(files).map((v) => `${v.line}\n     ${v.hint}`);
    expect(messages.join('\n'), 'spelling: see docs/architecture.md, "Names"').toBe('');
  });

  it('reports identifiers and file names; prose, strings and the wire spelling stay quiet', () => {
    const files = [
      ...loadSources(FIXTURES, ['server'], '.ts.fixture'),
      ...loadSources(FIXTURES, ['console'], '.tsx.fixture'),
    ];
    expect(checkEnrollSpelling(files).map((v) => v.line)).toEqual([
      'spelling path console/src/pages/enrolment-page.tsx',
      'spelling server/src/modules/alpha/factor.ts: confirmEnrolment, enrol',
    ]);
    const tick = '`';
    expect(otherSpellings(`const s = 'enrolment'; // enrol\nconst t = ${tick}enrol words${tick};`)).toEqual(
      [],
    );
    expect(otherSpellings('let ENROLMENT = 1; enrolled(); reEnrol();')).toEqual(['ENROLMENT', 'reEnrol']);
    expect(Object.keys(FIXED_NAMES).length, 'the list of fixed names stays short').toBeLessThanOrEqual(5);
  });
});
