/**
 * Window gates (window-gates.ts; issue 24: speed) must never refuse a slice in which their
 * pattern matches: checked against the catalogue patterns that carry one, on generated text.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BUILTIN_DETECTORS } from '../../src/detectors/index.js';
import { WINDOW_GATES } from '../../src/detectors/window-gates.js';

const gated = BUILTIN_DETECTORS.flatMap((d) =>
  d.patterns.flatMap((p, i) => (p.window_gate ? [{ name: `${d.id} pattern ${i}`, pattern: p }] : [])),
);

describe('window gates admit every slice with a match', () => {
  test('the IPv6 and international phone patterns carry one', () => {
    expect(gated.map((g) => g.name)).toContain('ipv6 pattern 0');
    expect(gated.map((g) => g.name)).toContain('phone pattern 0');
  });

  test('hex_colon_start: refuses C++ scopes and word:port, admits addresses', () => {
    const gate = WINDOW_GATES.hex_colon_start;
    expect(gate('import std::vector<int> v;')).toBe(false);
    expect(gate('see host:8080 now')).toBe(false);
    expect(gate('addr fe80::1 ok')).toBe(true);
    expect(gate('::1')).toBe(true);
    expect(gate('x A::B')).toBe(true);
  });

  test.each(gated)('$name: generated text with a match passes the gate', ({ pattern }) => {
    const re = new RegExp(pattern.source, `u${pattern.case_insensitive ? 'i' : ''}`);
    const gate = WINDOW_GATES[pattern.window_gate!];
    const token = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'0123456789'.split(''), '+', '00') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          ...'abcdefABCDEFxyzXYZ:.-_/ \n'.split(''),
          '::',
          'fe80',
          'std::',
          '192.168.0.1',
          'ü',
          '+',
          '00',
          '(',
          ')',
          '\u00a0',
        ),
      },
    );
    let matched = 0;
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (tokens) => {
        const text = tokens.join('');
        if (re.test(text)) {
          matched++;
          expect(gate(text)).toBe(true);
        }
      }),
      { numRuns: 20000 },
    );
    expect(matched).toBeGreaterThan(100);
  });
});
