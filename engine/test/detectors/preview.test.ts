import { describe, expect, test } from 'vitest';
import { maskValue } from '../../src/detectors/index.js';

describe('maskValue (previews only when asked; never the raw value)', () => {
  test.each([
    ['4111111111111111', 'financial', '4111********1111'],
    ['4111 1111 1111 1111', 'financial', '4111 **** **** 1111'],
    ['TR33 0006 1005 1978 6457 8413 26', 'financial', 'TR33 **** **** **** **** **13 26'],
    ['10000000146', 'national_id', '*********46'],
    ['AB123', 'national_id', '*****'],
    ['ivan@example.org', 'contact', 'ivan@******e.org'],
    ['AKIAQYLPMN5HHHFPZAM2', 'credentials', 'AKIA****************'],
    ['Xy9#kq2!pLm', 'credentials', '***********'],
  ])('%s (%s) → %s', (value, category, masked) => {
    expect(maskValue(value, category)).toBe(masked);
  });

  test('long values are cut at 40 characters and line breaks collapse', () => {
    const key = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(200)}\n-----END PRIVATE KEY-----`;
    const preview = maskValue(key, 'credentials');
    expect(preview.length).toBeLessThanOrEqual(40);
    expect(preview).not.toContain('\n');
    expect(preview.endsWith('…')).toBe(true);
    expect(preview).not.toContain('AAAA');
  });
});
