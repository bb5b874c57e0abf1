import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  actionStrength,
  isWireAction,
  normalizeAction,
  strongerAction,
} from '../../src/policy/index.js';

describe('response actions', () => {
  it('orders strength weakest first as document 1 lists it', () => {
    expect(ACTIONS).toEqual([
      'audit',
      'inform',
      'warn_with_continue',
      'require_justification',
      'approval_required',
      'block',
      'quarantine',
    ]);
    expect(actionStrength('quarantine')).toBeGreaterThan(actionStrength('block'));
    expect(strongerAction('inform', 'approval_required')).toBe('approval_required');
  });

  it('reads the historical name warn as inform', () => {
    expect(isWireAction('warn')).toBe(true);
    expect(normalizeAction('warn')).toBe('inform');
    expect(isWireAction('shout')).toBe(false);
  });
});
