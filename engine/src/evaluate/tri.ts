import type { Tri } from './types.js';

/**
 * Three-valued logic of document 1, condition rule 2: `not_evaluated` never becomes a match under
 * `not`; an `and` is still disproved by a known false child and an `or` proved by a known true one.
 */
export function triAnd(values: readonly Tri[]): Tri {
  let unknown = false;
  for (const v of values) {
    if (v === 'false') return 'false';
    if (v === 'not_evaluated') unknown = true;
  }
  return unknown ? 'not_evaluated' : 'true';
}

export function triOr(values: readonly Tri[]): Tri {
  let unknown = false;
  for (const v of values) {
    if (v === 'true') return 'true';
    if (v === 'not_evaluated') unknown = true;
  }
  return unknown ? 'not_evaluated' : 'false';
}

export function triNot(value: Tri): Tri {
  if (value === 'true') return 'false';
  if (value === 'false') return 'true';
  return 'not_evaluated';
}

/** True once `n` children are known true; false once too few could still become true. */
export function triAtLeast(n: number, values: readonly Tri[]): Tri {
  let yes = 0;
  let unknown = 0;
  for (const v of values) {
    if (v === 'true') yes += 1;
    else if (v === 'not_evaluated') unknown += 1;
  }
  if (yes >= n) return 'true';
  if (yes + unknown < n) return 'false';
  return 'not_evaluated';
}

export function tri(value: boolean): Tri {
  return value ? 'true' : 'false';
}
