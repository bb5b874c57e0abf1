import { describe, expect, it } from 'vitest';
import { namesDetectorOrPattern, validatePromptMessage } from '../../src/policy/index.js';

describe('validatePromptMessage', () => {
  const ok = {
    name: 'Card block',
    action: 'block',
    texts: { en: 'This upload was stopped.', tr: 'Yükleme durduruldu.' },
  };

  it('accepts a message with an English text', () => {
    expect(validatePromptMessage(ok)).toEqual([]);
  });

  it('requires en and refuses other languages', () => {
    expect(
      validatePromptMessage({ ...ok, texts: { ru: 'Загрузка остановлена.' } }).map((e) => e.field),
    ).toEqual(['texts.en']);
    expect(validatePromptMessage({ ...ok, texts: { en: 'x', de: 'y' } }).map((e) => e.field)).toEqual([
      'texts.de',
    ]);
  });

  it('refuses by texts.<language> an empty text, one over 512 characters, one naming a detector or pattern', () => {
    const errs = validatePromptMessage({
      ...ok,
      texts: {
        en: '',
        az: 'ə'.repeat(513),
        ru: 'Найдено совпадение payment_card',
        tr: 'Desen [0-9]{16} bulundu',
      },
    });
    expect(errs.map((e) => e.field)).toEqual(['texts.en', 'texts.az', 'texts.ru', 'texts.tr']);
  });

  it('refuses an action outside warn, justify, block', () => {
    expect(validatePromptMessage({ ...ok, action: 'quarantine' }).map((e) => e.field)).toEqual(['action']);
  });
});

describe('namesDetectorOrPattern', () => {
  it('finds detector ids as whole tokens and regular-expression syntax', () => {
    expect(namesDetectorOrPattern('matched by tr_tckn')).toBe(true);
    expect(namesDetectorOrPattern('Do not email customer lists.')).toBe(false);
    expect(namesDetectorOrPattern('numbers like \\d+ are blocked')).toBe(true);
    expect(namesDetectorOrPattern('Project Falcon data', ['falcon_codes'])).toBe(false);
    expect(namesDetectorOrPattern('falcon_codes matched', ['falcon_codes'])).toBe(true);
  });
});
