/**
 * Issue 26 item 6: a detector with a validator never matches an invalid value under the rule
 * defaults; a rule admits look-alikes only by saying `require_validated: false`.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_DETECTORS, compileDetectors, scan } from '../../src/detectors/index.js';
import { decide, preparePolicies } from '../../src/evaluate/index.js';
import { DETECTOR_RULE_DEFAULTS } from '../../src/policy/condition-types.js';
import type { ConditionNode } from '../../src/policy/index.js';
import { bundlePolicy, context, event } from './fixtures.js';

const DETECTORS = compileDetectors(BUILTIN_DETECTORS);

/** Does a policy with `condition` match `text`, scanned by the real catalogue? */
function matches(condition: ConditionNode, text: string): boolean {
  const findings = scan(DETECTORS, text);
  const compiled = preparePolicies([bundlePolicy({ policy_id: 'p1', condition, response: 'audit' })], []);
  return (
    decide(compiled, event({ content: { status: 'read', findings } }), context()).matched_policies.length ===
    1
  );
}

// Luhn-invalid (last digit changed), valid issuer prefix and length: the scanner reports them.
const LOOK_ALIKES = 'card number 4111 1111 1111 1112 and 5555 5555 5555 4445';
const VALID = 'card number 4111 1111 1111 1111';
// Mod-97 fails; the registry structure holds.
const IBAN_LOOK_ALIKE = 'IBAN GB82 WEST 1234 5698 7654 33';

describe('validator-backed detector defaults (issue 26 item 6)', () => {
  it('the scanner still reports the look-alikes, unvalidated (so the rule is what decides)', () => {
    const card = scan(DETECTORS, LOOK_ALIKES).find((f) => f.detector_id === 'payment_card');
    expect(card?.hits.map((h) => h.validated)).toEqual([false, false]);
  });

  it('the default requires the validator', () => {
    expect(DETECTOR_RULE_DEFAULTS.require_validated).toBe(true);
  });

  it('a plain detector condition ignores Luhn-invalid look-alikes and matches a valid card', () => {
    const plain: ConditionNode = { op: 'detector', detector_id: 'payment_card' };
    expect(matches(plain, LOOK_ALIKES)).toBe(false);
    expect(matches(plain, VALID)).toBe(true);
  });

  it('an explicit min_confidence alone does not admit look-alikes', () => {
    expect(matches({ op: 'detector', detector_id: 'payment_card', min_confidence: 0 }, LOOK_ALIKES)).toBe(
      false,
    );
  });

  it('require_validated: false is the deliberate way to admit them, at the ladder rung the rule asks', () => {
    const lowered: ConditionNode = {
      op: 'detector',
      detector_id: 'payment_card',
      require_validated: false,
      min_confidence: 65,
    };
    expect(matches(lowered, LOOK_ALIKES)).toBe(true);
    // Invalid hits sit on the low rungs (65 with a keyword for cards), so a 75 bar still drops them.
    expect(matches({ ...lowered, min_confidence: 75 }, LOOK_ALIKES)).toBe(false);
  });

  it('category and total_matches follow the same default', () => {
    expect(matches({ op: 'category', category: 'financial' }, `${LOOK_ALIKES} ${IBAN_LOOK_ALIKE}`)).toBe(
      false,
    );
    expect(matches({ op: 'total_matches', min_matches: 1 }, LOOK_ALIKES)).toBe(false);
    expect(matches({ op: 'category', category: 'financial', require_validated: false }, LOOK_ALIKES)).toBe(
      true,
    );
    expect(matches({ op: 'category', category: 'financial' }, VALID)).toBe(true);
  });

  it('a detector without a validator is unaffected: every hit counts as validated', () => {
    expect(matches({ op: 'detector', detector_id: 'email' }, 'write to alice@example.com today')).toBe(true);
  });
});
