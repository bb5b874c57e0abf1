/**
 * Language correctness (issue 3): offsets survive Turkish dotted/dotless I and Cyrillic text,
 * word boundaries are Unicode-aware (JS `\b` is ASCII-only), and keywords match in English,
 * Azerbaijani, Russian and Turkish.
 */
import { describe, expect, test } from 'vitest';
import { BUILTIN_DETECTORS, compileDetectors, scan } from '../../src/detectors/index.js';
import { foldText } from '../../src/detectors/text/unicode.js';

const compiled = compileDetectors(BUILTIN_DETECTORS);

function hit(text: string, id: string) {
  const h = scan(compiled, text).find((f) => f.detector_id === id)?.hits[0];
  return h && { ...h, value: text.slice(h.start, h.end) };
}

describe('offsets', () => {
  test('the hazard is real: lower-casing İ changes the string length', () => {
    expect('İ'.toLowerCase()).toHaveLength(2);
    expect(foldText('İSTANBUL İİİ')).toHaveLength('İSTANBUL İİİ'.length);
  });

  test('offsets after Turkish İ/ı, Azerbaijani ə and Cyrillic text point at the value', () => {
    const prefix = 'İİİ ıııı İSTANBUL ŞİŞLİ Əliyev ƏLİ Ёжик ЁЛКА ';
    const text = `${prefix}T.C. KİMLİK NO: 10000000146 ve kart 4111 1111 1111 1111`;
    expect(hit(text, 'tr_tckn')).toMatchObject({ value: '10000000146', confidence: 85 });
    expect(hit(text, 'payment_card')?.value).toBe('4111 1111 1111 1111');
  });

  test('offsets are UTF-16 code units, also after astral characters', () => {
    const text = '😀😀 ИНН 7707083893';
    const h = hit(text, 'ru_inn');
    expect(h?.value).toBe('7707083893');
    expect(h?.start).toBe(text.indexOf('7707083893'));
  });
});

describe('Unicode-aware word boundaries', () => {
  test('digits glued to Cyrillic or Turkish letters are part of a word, not a number', () => {
    // With an ASCII \b these would match: Cyrillic and Turkish letters are not \w in JS.
    expect(/\b7707083893\b/.test('ИНН7707083893')).toBe(true);
    expect(hit('ИНН7707083893', 'ru_inn')).toBeUndefined();
    expect(hit('numarası10000000146ş', 'tr_tckn')).toBeUndefined();
  });

  test('a keyword inside a longer word does not count', () => {
    // "инн" inside "длинный" is not the keyword ИНН; the checksum alone gives 75.
    expect(hit('длинный 7707083893', 'ru_inn')?.confidence).toBe(75);
    expect(hit('ИНН 7707083893', 'ru_inn')?.confidence).toBe(85);
  });
});

describe('keywords in all four languages', () => {
  const card = '4111 1111 1111 1111';
  test.each([
    ['en', `card number: ${card}`],
    ['az', `kart nömrəsi: ${card}`],
    ['az upper case', `KART NÖMRƏSİ: ${card}`],
    ['ru', `номер карты: ${card}`],
    ['ru upper case', `НОМЕР КАРТЫ: ${card}`],
    ['tr', `kredi kartı: ${card}`],
    ['tr upper case (dotted İ, dotless I)', `KREDİ KARTI: ${card}`],
    ['tr typed without diacritics', `kredi karti: ${card}`],
    ['tr with a suffix', `kredi kartınızın numarası ${card}`],
  ])('%s raises a Luhn-valid card to 85', (_, text) => {
    expect(hit(text, 'payment_card')?.confidence).toBe(85);
  });

  test('without a keyword the same card stays at 75', () => {
    expect(hit(`ref ${card}`, 'payment_card')?.confidence).toBe(75);
  });

  test.each([
    ['tr', 'TC Kimlik numarası 10000000146', 'tr_tckn'],
    ['tr upper', 'VATANDAŞLIK NUMARASI: 10000000146', 'tr_tckn'],
    ['az', 'VÖEN: 1401555071', 'az_voen'],
    ['az ascii', 'voen 1401555071', 'az_voen'],
    ['ru', 'СНИЛС: 112-233-445 95', 'ru_snils'],
    ['ru ё/е', 'Страховой номер 112-233-445 95', 'ru_snils'],
    ['en', 'social security number 536-90-4399', 'us_ssn'],
    ['en, keyword ending in a symbol right before the value', 'SSN#536-90-4399', 'us_ssn'],
  ])('%s keyword for %s', (_, text, id) => {
    expect(hit(text, id)?.confidence).toBe(85);
  });

  test('keyword-required detectors accept keywords in each language', () => {
    expect(hit('SWIFT kodu: TCZBTR2A', 'swift_bic')?.value).toBe('TCZBTR2A');
    expect(hit('код SWIFT: DEUTDEFF', 'swift_bic')?.value).toBe('DEUTDEFF');
    expect(hit('fərdi identifikasiya nömrəsi 5ZTNX2K', 'az_fin')?.value).toBe('5ZTNX2K');
    expect(hit('ФИН код 5ZTNX2K', 'az_fin')?.value).toBe('5ZTNX2K');
  });
});
