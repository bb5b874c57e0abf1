import { expect, test } from 'vitest';
import { policyIdOf } from '../../src/modules/ingest/normalise-event.js';

const ID = '0f8b2c1e-3d4a-4b5c-9d6e-7f8091a2b3c4';

test('a policy id, or a rule id reduced to its policy; anything else is refused', () => {
  expect(policyIdOf(ID)).toBe(ID);
  expect(policyIdOf(ID.toUpperCase())).toBe(ID);
  expect(policyIdOf(`${ID}:rule-2`)).toBe(ID);
  expect(policyIdOf(`${ID}#r`)).toBe(ID);
  expect(policyIdOf(`${ID}/x`)).toBe(ID);
  // 36 characters with a separator inside: never a UUID.
  expect(policyIdOf(`${ID.slice(0, 20)}:${ID.slice(21)}`)).toBeNull();
  expect(policyIdOf('not-a-policy')).toBeNull();
  expect(policyIdOf(`x${ID}`)).toBeNull();
  expect(policyIdOf(42)).toBeNull();
});
