import { describe, expect, it } from 'vitest';
import { NOTICE_REFERENCE_PATTERN, noticeReference } from '../../src/incidents/notice-reference.js';

describe('notice reference', () => {
  it('is six characters of the alphabet, the same for the same event', () => {
    const id = '7f3c2a10-0000-4000-8000-000000000000';
    expect(noticeReference(id)).toMatch(NOTICE_REFERENCE_PATTERN);
    expect(noticeReference(id)).toBe(noticeReference(id.toUpperCase()));
    expect(noticeReference('00000000-0000-4000-8000-000000000000')).toBe('222222');
    expect(noticeReference('ffffffff-0000-4000-8000-000000000000')).toBe('ZZZZZZ');
  });

  it('tells events apart and refuses what is not an event id', () => {
    expect(noticeReference('7f3c2a10-0000-4000-8000-000000000000')).not.toBe(
      noticeReference('7f3c2a14-0000-4000-8000-000000000000'),
    );
    expect(() => noticeReference('not-an-id')).toThrow();
  });
});
