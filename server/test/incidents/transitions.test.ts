import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  DISPOSITIONS,
  decideDisposition,
  isReopen,
  STORED_STATUSES,
  storedStatusOf,
  TARGET_STATUSES,
} from '../../src/modules/incidents/transitions.js';

describe('the transition table', () => {
  it('never leads back to new, never to the same status, and closed only reopens', () => {
    for (const from of STORED_STATUSES) {
      const legal = allowedTransitions(from);
      expect(legal).not.toContain('new');
      expect(legal.map(storedStatusOf)).not.toContain(from);
    }
    expect(allowedTransitions('closed')).toEqual(['investigating']);
    expect(allowedTransitions('awaiting_user')).toEqual([
      'investigating',
      'closed',
      'false_positive',
      'accepted_risk',
    ]);
    expect(allowedTransitions('resolved')).toEqual([]);
    expect(isReopen('closed', 'investigating')).toBe(true);
    expect(isReopen('triaged', 'investigating')).toBe(false);
  });

  it('decides dispositions: detector_error only with false_positive, none on an open status', () => {
    for (const target of TARGET_STATUSES) {
      for (const d of [undefined, ...DISPOSITIONS]) {
        const out = decideDisposition(target, d);
        const close = target === 'closed' || target === 'false_positive' || target === 'accepted_risk';
        if (!close) expect(out.ok).toBe(d === undefined);
        else if (target === 'accepted_risk') expect(out.ok).toBe(d === undefined || d === 'business_need');
        else if (target === 'false_positive')
          expect(out).toEqual(
            d === undefined || d === 'false_positive' || d === 'detector_error'
              ? { ok: true, disposition: 'detector_error' }
              : { ok: false, message: expect.any(String) },
          );
        else expect(out.ok).toBe(d !== undefined && d !== 'false_positive' && d !== 'detector_error');
      }
    }
  });
});
