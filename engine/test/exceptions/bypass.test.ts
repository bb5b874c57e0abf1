import { describe, expect, it } from 'vitest';
import { bypassPoints } from '../../src/evaluate/index.js';
import { approvalHalvesRisk, type BypassRecord, countBypassAttempts } from '../../src/exceptions/index.js';

const at = new Date('2026-03-31T12:00:00Z');
const day = 24 * 3_600_000;
const rec = (kind: BypassRecord['kind'], person: string, daysBefore: number): BypassRecord => ({
  kind,
  person,
  at: new Date(at.getTime() - daysBefore * day).toISOString(),
});

describe('bypass_attempts (document 1 rule 10)', () => {
  it('counts justified passes and refused codes of the same person in 30 days; accepted codes not', () => {
    const records = [
      rec('justified_pass', 'CORP\\ann', 1),
      rec('bypass_code_refused', 'ann@corp.example', 29.9),
      rec('bypass_code_accepted', 'ann', 2),
      rec('justified_pass', 'ann', 30.1),
      rec('justified_pass', 'bob', 1),
      rec('justified_pass', 'ann', -1),
    ];
    expect(countBypassAttempts(records, 'Ann', at)).toBe(2);
    expect(countBypassAttempts(records, '', at)).toBe(0);
  });

  it('one attempt adds nothing; the scale saturates at five', () => {
    expect(bypassPoints(1)).toBe(0);
    expect(bypassPoints(2)).toBeGreaterThan(0);
    expect(bypassPoints(5)).toBe(bypassPoints(50));
    expect(bypassPoints(4)).toBeLessThan(bypassPoints(5));
  });
});

describe('approved_exception halves only under rule 10', () => {
  const approval = {
    state: 'approved',
    device_id: 'd1',
    file_hash: 'AB12',
    approved_from: '2026-03-31T10:00:00Z',
    approved_until: '2026-03-31T14:00:00Z',
  };
  const ev = { device_id: 'd1', file_hash: 'ab12', at };
  it('held as approved, same device and content, in force', () => {
    expect(approvalHalvesRisk(approval, ev)).toBe(true);
  });
  it('not for another state, device, content or time', () => {
    expect(approvalHalvesRisk({ ...approval, state: 'withdrawn' }, ev)).toBe(false);
    expect(approvalHalvesRisk(approval, { ...ev, device_id: 'd2' })).toBe(false);
    expect(approvalHalvesRisk(approval, { ...ev, file_hash: 'cd34' })).toBe(false);
    expect(approvalHalvesRisk(approval, { ...ev, file_hash: null })).toBe(false);
    expect(approvalHalvesRisk(approval, { ...ev, at: new Date('2026-03-31T14:00:00Z') })).toBe(false);
    expect(approvalHalvesRisk(null, ev)).toBe(false);
  });
});
