import type { Tri } from './types.js';

/**
 * Three-valued logic of document 1, condition rule 2, from counts of child values: `and` is
 * disproved by a known false child, `or` proved by a known true one, `at_least n` is true once n
 * are known true and false once too few could still become true; otherwise `not_evaluated`.
 * The evaluator counts children as it visits them, so no array of values is built.
 */
export function triFromCounts(
  op: 'and' | 'or' | 'at_least',
  yes: number,
  unknown: number,
  total: number,
  n = 1,
): Tri {
  const no = total - yes - unknown;
  if (op === 'and') return no > 0 ? 'false' : unknown > 0 ? 'not_evaluated' : 'true';
  if (op === 'or') return yes > 0 ? 'true' : unknown > 0 ? 'not_evaluated' : 'false';
  return yes >= n ? 'true' : yes + unknown < n ? 'false' : 'not_evaluated';
}

function counts(values: readonly Tri[]): [number, number] {
  let yes = 0;
  let unknown = 0;
  for (const v of values) {
    if (v === 'true') yes += 1;
    else if (v === 'not_evaluated') unknown += 1;
  }
  return [yes, unknown];
}

export function triAnd(values: readonly Tri[]): Tri {
  return triFromCounts('and', ...counts(values), values.length);
}

export function triOr(values: readonly Tri[]): Tri {
  return triFromCounts('or', ...counts(values), values.length);
}

/** True when at least `n` children are true. */
export function triAtLeast(n: number, values: readonly Tri[]): Tri {
  return triFromCounts('at_least', ...counts(values), values.length, n);
}

/** `not_evaluated` never becomes a match by sitting under `not`. */
export function triNot(value: Tri): Tri {
  if (value === 'true') return 'false';
  if (value === 'false') return 'true';
  return 'not_evaluated';
}

export function tri(value: boolean): Tri {
  return value ? 'true' : 'false';
}
