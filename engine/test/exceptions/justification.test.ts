import { describe, expect, it } from 'vitest';
import { justificationProblems } from '../../src/exceptions/index.js';

const ok = 'Sending the signed contract to our lawyer';

describe('justification rules (document 2)', () => {
  it('accepts a plain reason', () => {
    expect(justificationProblems(ok, { category_label: 'Business need', min_chars: 10 })).toEqual([]);
  });

  it('needs three distinct words', () => {
    expect(justificationProblems('customer asked')).toContain('too_few_words');
    expect(justificationProblems('yes yes, no')).toContain('too_few_words');
    expect(justificationProblems('customer asked today')).toEqual([]);
  });

  it('refuses a character repeated three times in a row, not a double letter', () => {
    expect(justificationProblems('need this nowwww please')).toEqual(['repeated_characters']);
    expect(justificationProblems('need this now!!!')).toEqual(['repeated_characters']);
    expect(justificationProblems('the letter was needed')).toEqual([]);
  });

  it('refuses the same word twice in a row, whatever the case', () => {
    expect(justificationProblems('please Please send it')).toEqual(['repeated_word']);
    expect(justificationProblems('the file for the client')).toEqual([]);
  });

  it('refuses the category label typed back', () => {
    const rules = { category_label: 'Approved business need' };
    expect(justificationProblems('approved business need', rules)).toEqual(['category_label']);
    expect(justificationProblems('Business need, approved.', rules)).toEqual(['category_label']);
    expect(justificationProblems('business need for the audit', rules)).toEqual([]);
  });

  it('applies min_chars to the trimmed text', () => {
    expect(justificationProblems('   send to bank   ', { min_chars: 13 })).toEqual(['too_short']);
    expect(justificationProblems('   send to bank   ', { min_chars: 12 })).toEqual([]);
  });

  it('names every broken rule in a fixed order', () => {
    expect(justificationProblems('aaa aaa', { category_label: 'aaa', min_chars: 20 })).toEqual([
      'too_short',
      'too_few_words',
      'repeated_characters',
      'repeated_word',
      'category_label',
    ]);
  });
});
