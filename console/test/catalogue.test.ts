import { describe, expect, it } from 'vitest';
import { az } from '../src/i18n/az.js';
import { en } from '../src/i18n/en.js';
import { ru } from '../src/i18n/ru.js';
import { tr } from '../src/i18n/tr.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** One catalogue, four complete languages (tsc checks the keys; this checks the texts). */
describe('message catalogue', () => {
  for (const [name, catalogue] of Object.entries({ tr, ru, az })) {
    it(`${name} has every English message, non-empty, with the same placeholders`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        const text = (catalogue as Record<string, string>)[key] ?? '';
        expect(text.trim(), `${name} ${key}`).not.toBe('');
        expect(placeholders(text), `${name} ${key}`).toEqual(placeholders(english));
      }
    });
  }
});
