/**
 * The WebAssembly prefilter passes (issue 24: speed) report exactly what the JavaScript passes
 * report — the same pattern ids at the same ends, the same digit runs with the same summaries, in
 * the same order — on random text, on texts longer than one segment of the automaton and with
 * more runs than one call's output area (the passes go on), and with the built-in catalogue's
 * automaton. The committed module is the one its
 * source beside it assembles to.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type AhoCorasick, buildAhoCorasick } from '../../src/detectors/aho-corasick.js';
import type { DigitRun } from '../../src/detectors/digit-runs.js';
import { BUILTIN_DETECTORS, compileDetectors } from '../../src/detectors/index.js';
import { jsPrefilterPass } from '../../src/detectors/prefilter-pass.js';
import { foldText } from '../../src/detectors/text/unicode.js';
import { wasmPrefilterPass } from '../../src/detectors/wasm/wasm-prefilter.js';

type Pass = typeof jsPrefilterPass;

function collect(pass: Pass, ac: AhoCorasick, text: string, min: number, runs = true) {
  const matches: number[] = [];
  const found: DigitRun[] = [];
  pass(ac, text, min, (id, end) => matches.push(id, end), runs ? (r) => found.push({ ...r }) : undefined);
  return { matches, runs: found };
}

const small = buildAhoCorasick(['he', 'she', 'kart', 'ИНН', 'şifre', '::', '@', 'i̇d'].map(foldText));
const catalogue = compileDetectors(BUILTIN_DETECTORS).prefilter;

const piece = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom('1', '23', '4567', '8901234', ' ', '  ', '-', '.', '/', '(', ')', ':', '::'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('\u00a0', '\n', 'a', 'she', 'İnn', 'KART', 'Şifre', 'IBAN', 'TR', 'ınn'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('kimlik', 'паспорт', 'ИНН', 'card', 'VÖEN', 'şəxsiyyət', 'I', 'ı'),
  },
  // Any code units, lone surrogates included.
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      maxLength: 3,
    }),
  },
);
const text = fc.array(piece, { maxLength: 200 }).map((p) => p.join(''));

describe('WebAssembly prefilter = JavaScript prefilter', () => {
  test('random text, small automaton, any run length', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), (t, min) => {
        expect(collect(wasmPrefilterPass, small, t, min)).toEqual(collect(jsPrefilterPass, small, t, min));
      }),
      { numRuns: 500 },
    );
  });

  test('random text, the built-in catalogue', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(collect(wasmPrefilterPass, catalogue, t, 4)).toEqual(
          collect(jsPrefilterPass, catalogue, t, 4),
        );
      }),
      { numRuns: 300 },
    );
  });

  test('more matches and runs than one call of the module holds: the passes resume', () => {
    // 36,000 keyword matches over four 64 K segments, and 24,000 runs: far over the 2,048 runs
    // one call of the module holds.
    const t = 'she 12-34 he: 5678 '.repeat(12000);
    const wasm = collect(wasmPrefilterPass, small, t, 2);
    expect(wasm).toEqual(collect(jsPrefilterPass, small, t, 2));
    expect(wasm.matches.length / 2).toBeGreaterThan(30_000);
    expect(wasm.runs.length).toBeGreaterThan(2048 * 2);
  });

  test('a long text after a short one, and a match run without digit runs', () => {
    // The instance's memory grows for the longer text; the views must follow it.
    for (const t of ['he she', `${'ИНН 7707083893 '.repeat(70000)}she`, 'kart 4111']) {
      expect(collect(wasmPrefilterPass, small, t, 4, false)).toEqual(
        collect(jsPrefilterPass, small, t, 4, false),
      );
      expect(collect(wasmPrefilterPass, small, t, 4)).toEqual(collect(jsPrefilterPass, small, t, 4));
    }
  });

  test('occurrences across the boundaries of segments and quarters (built-in catalogue)', () => {
    // Every catalogue keyword and anchor, in an order and spacing that move across the 16,384
    // and 65,536 code-unit boundaries where the module restarts its automaton.
    const words = BUILTIN_DETECTORS.flatMap((d) => [
      ...d.keywords.en,
      ...d.keywords.az,
      ...d.keywords.ru,
      ...d.keywords.tr,
      ...d.triggers.flatMap((t) => (t.kind === 'literal' ? t.anchors : [])),
    ]).map((k) => k.replace(/\*$/, ''));
    let t = '';
    for (let i = 0; t.length < 300_000; i++) t += words[(i * 7) % words.length] + ' '.repeat(i % 3);
    for (const shift of [0, 1, 5, 17]) {
      const shifted = 'x'.repeat(shift) + t;
      expect(collect(wasmPrefilterPass, catalogue, shifted, 4)).toEqual(
        collect(jsPrefilterPass, catalogue, shifted, 4),
      );
    }
  });

  test('an empty automaton and an empty text', () => {
    const empty = buildAhoCorasick([]);
    for (const t of ['', '1234 5678', 'abc']) {
      expect(collect(wasmPrefilterPass, empty, t, 1)).toEqual(collect(jsPrefilterPass, empty, t, 1));
    }
  });
});

test('the committed module is what prefilter.wat assembles to', () => {
  const root = new URL('../../../', import.meta.url);
  const built = spawnSync(process.execPath, ['scripts/build-scan-wasm.mjs', '--print'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(built.status).toBe(0);
  const committed = readFileSync(new URL('engine/src/detectors/wasm/prefilter-wasm.ts', root), 'utf8');
  expect(committed).toContain(`'${built.stdout}'`);
});
