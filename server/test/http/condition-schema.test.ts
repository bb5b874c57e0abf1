import { CONDITION_NODE_KEYS, CONDITION_OPS } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { POLICY_CONDITION_FIELDS } from '../../src/http/shared-schemas.js';

/**
 * Answers are fitted to their schemas (http/conform.ts), so a condition field the shared
 * `PolicyCondition` schema does not list is silently dropped from every policy answer and export
 * (the fingerprint node once lost its `corpus_id` that way). Every field of every node kind the
 * engine accepts must be listed.
 */
describe('the shared condition schema', () => {
  it('lists every field of every condition node kind', () => {
    const missing = CONDITION_OPS.flatMap((op) =>
      (CONDITION_NODE_KEYS[op] ?? [])
        .filter((k) => !POLICY_CONDITION_FIELDS.includes(k))
        .map((k) => `${op}.${k}`),
    );
    expect(missing).toEqual([]);
    expect(CONDITION_OPS.filter((op) => CONDITION_NODE_KEYS[op] === undefined)).toEqual([]);
  });
});
