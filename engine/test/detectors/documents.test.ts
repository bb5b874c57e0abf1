/**
 * Whole documents in the four product languages: what a policy with min_confidence 75 and
 * require_validated sees (document 1, rule 4), and no dates, times or order numbers among it.
 */
import { describe, expect, test } from 'vitest';
import { BUILTIN_DETECTORS, compileDetectors, scan } from '../../src/detectors/index.js';

const compiled = compileDetectors(BUILTIN_DETECTORS);

function strongHits(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of scan(compiled, text)) {
    const values = f.hits
      .filter((h) => h.validated && h.confidence >= 75)
      .map((h) => text.slice(h.start, h.end));
    if (values.length > 0) out[f.detector_id] = values;
  }
  return out;
}

describe('documents', () => {
  test('Turkish letter', () => {
    const text = `Sayın Ahmet Yılmaz,
T.C. Kimlik Numaranız 10000000146 ile kayıtlı başvurunuz alınmıştır. Şirketinizin vergi numarası 4540536920 (Kadıköy Vergi Dairesi).
Ödeme için IBAN: TR33 0006 1005 1978 6457 8413 26. Kredi kartınızın numarası 9792 0303 9444 0796, son kullanma 12/27.
Sorularınız için 0532 123 45 67 numaralı cep telefonumuzdan veya destek@ornek.com.tr adresinden bize ulaşabilirsiniz.
Toplantı 14:30'da, 3. katta. Sipariş no: 2024-118.`;
    expect(strongHits(text)).toEqual({
      payment_card: ['9792 0303 9444 0796'],
      iban: ['TR33 0006 1005 1978 6457 8413 26'],
      tr_tckn: ['10000000146'],
      tr_vkn: ['4540536920'],
      email: ['destek@ornek.com.tr'],
      phone: ['0532 123 45 67'],
    });
  });

  test('Russian letter', () => {
    const text = `Уважаемый Иван Петрович!
Ваш ИНН 500100732259, СНИЛС 112-233-445 95. Реквизиты организации: ИНН 7707083893.
Номер счёта для перевода: RU0204452560040702810412345678901. Номер карты МИР 2200 0000 0000 0004.
Телефон для связи: +7 (912) 345-67-89, e-mail: ivan.petrov@example.ru.
Встреча 15.03.2025 в 10:00, кабинет 214.`;
    expect(strongHits(text)).toEqual({
      payment_card: ['2200 0000 0000 0004'],
      iban: ['RU0204452560040702810412345678901'],
      ru_inn: ['500100732259', '7707083893'],
      ru_snils: ['112-233-445 95'],
      email: ['ivan.petrov@example.ru'],
      // The 10-digit INN is not taken for a phone: a bare digit string needs a trunk prefix.
      phone: ['+7 (912) 345-67-89'],
    });
  });

  test('Azerbaijani letter', () => {
    const text = `Hörmətli müştəri,
VÖEN: 1401555071. FİN kod: 5ZTNX2K.
Hesab nömrəsi: AZ21NABZ00000000137010001944, SWIFT kodu NABZAZ2X.
Əlaqə nömrəsi: +994 50 123 45 67. Ünvan: Bakı şəhəri, Nizami küçəsi 12.`;
    expect(strongHits(text)).toEqual({
      iban: ['AZ21NABZ00000000137010001944'],
      swift_bic: ['NABZAZ2X'],
      az_fin: ['5ZTNX2K'],
      az_voen: ['1401555071'],
      phone: ['+994 50 123 45 67'],
    });
  });

  test('English record with configuration', () => {
    const text = `Employee record
SSN: 536-90-4399, NI number AB 12 34 56 C. Routing number 021000021.
Server 10.20.30.40 and 2001:db8::1; config:
aws_access_key_id = AKIAQYLPMN5HHHFPZAM2
aws_secret_access_key = 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
DB_PASSWORD=Xy9#kq2!pLm
Version 2.4.1 released on 2025-01-15, build 1842.`;
    expect(strongHits(text)).toEqual({
      us_aba_routing: ['021000021'],
      us_ssn: ['536-90-4399'],
      uk_nino: ['AB 12 34 56 C'],
      ipv4: ['10.20.30.40'],
      ipv6: ['2001:db8::1'],
      aws_access_key_id: ['AKIAQYLPMN5HHHFPZAM2'],
      aws_secret_key: ['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'],
      password_assignment: ['k7Vq2Lr9Xm4Tz8Pn1Ws6Yb3Hd5Jf0Gc/Ua+Re2Qo', 'Xy9#kq2!pLm'],
    });
  });
});
