import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Tri, triAnd, triAtLeast, triNot, triOr } from '../../src/evaluate/index.js';

const triArb = fc.constantFrom<Tri>('true', 'false', 'not_evaluated');

/** Kleene logic over {0, ½, 1}: and = min, or = max, not = 1 − x. */
const num = (t: Tri): number => (t === 'true' ? 1 : t === 'false' ? 0 : 0.5);
const back = (n: number): Tri => (n === 1 ? 'true' : n === 0 ? 'false' : 'not_evaluated');

describe('three-valued logic (document 1, condition rule 2)', () => {
  it('and is Kleene min, or is Kleene max', () => {
    fc.assert(
      fc.property(fc.array(triArb, { maxLength: 8 }), (xs) => {
        expect(triAnd(xs)).toBe(back(xs.reduce((m, x) => Math.min(m, num(x)), 1)));
        expect(triOr(xs)).toBe(back(xs.reduce((m, x) => Math.max(m, num(x)), 0)));
      }),
    );
  });

  it('not never turns not_evaluated into a match', () => {
    expect(triNot('not_evaluated')).toBe('not_evaluated');
    fc.assert(
      fc.property(triArb, (x) => {
        expect(triNot(triNot(x))).toBe(x);
      }),
    );
  });

  it('a known false child disproves and; a known true child proves or, whatever else is unknown', () => {
    fc.assert(
      fc.property(fc.array(triArb, { maxLength: 6 }), fc.nat(6), (xs, at) => {
        const withFalse = [...xs];
        withFalse.splice(at % (xs.length + 1), 0, 'false');
        expect(triAnd(withFalse)).toBe('false');
        const withTrue = [...xs];
        withTrue.splice(at % (xs.length + 1), 0, 'true');
        expect(triOr(withTrue)).toBe('true');
      }),
    );
  });

  it('at_least is true only once n are known true, false once n cannot be reached', () => {
    fc.assert(
      fc.property(
        fc.array(triArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        (xs, n) => {
          const yes = xs.filter((x) => x === 'true').length;
          const unk = xs.filter((x) => x === 'not_evaluated').length;
          const r = triAtLeast(n, xs);
          if (yes >= n) expect(r).toBe('true');
          else if (yes + unk < n) expect(r).toBe('false');
          else expect(r).toBe('not_evaluated');
        },
      ),
    );
  });
});
