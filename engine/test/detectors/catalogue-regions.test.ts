/**
 * Issue 24: every detector added to the catalogue finds its published example in ordinary text,
 * validated, at or above its default confidence; near misses (wrong check digit) are not.
 */
import { describe, expect, test } from 'vitest';
import { BUILTIN_DETECTORS, compileDetectors, scan } from '../../src/detectors/index.js';

const COMPILED = compileDetectors(BUILTIN_DETECTORS);

/** [detector id, text with a valid value, text with a near miss (or null when none applies)] */
const EXAMPLES: [string, string, string | null][] = [
  ['de_steuer_id', 'Steuer-ID: 36 574 261 809 bitte angeben', 'Steuer-ID: 36 574 261 808'],
  ['fr_nir', 'Numéro de sécurité sociale 2 95 10 99 126 111 93', 'NIR 2 95 10 99 126 111 99'],
  ['it_codice_fiscale', 'Codice fiscale: RCCMNL83S18D969H', 'Codice fiscale: RCCMNL83S18D969X'],
  ['es_dni', 'DNI 54362315K del titular', 'DNI 54362315Z del titular'],
  ['es_nie', 'NIE X2482300W', 'NIE X2482300A'],
  ['nl_bsn', 'BSN: 111222333', 'BSN: 111222334'],
  ['be_national_number', 'Rijksregisternummer 85.07.30-033.28', 'Rijksregisternummer 85.07.30-033.29'],
  ['pt_nif', 'NIF 221325247', 'NIF 221325248'],
  ['ie_ppsn', 'PPS number 6433435F', 'PPS number 6433435E'],
  ['dk_cpr', 'CPR-nummer: 211062-5629', 'CPR-nummer: 511062-5629'],
  ['pl_pesel', 'PESEL 44051401359', 'PESEL 44051401358'],
  ['se_personnummer', 'Personnummer 811218-9876', 'Personnummer 811218-9877'],
  ['fi_hetu', 'Henkilötunnus 131052-308T', 'Henkilötunnus 131052-308U'],
  ['baltic_personal_code', 'Isikukood 37605030299', 'Isikukood 37605030290'],
  ['bg_egn', 'ЕГН 7523169263', 'ЕГН 7523169264'],
  ['ro_cnp', 'CNP 1630615123457', 'CNP 1630615123458'],
  ['cz_birth_number', 'Rodné číslo 710319/2745', 'Rodné číslo 710319/2746'],
  ['hr_oib', 'OIB: 33392005961', 'OIB: 33392005962'],
  ['kz_iin', 'ИИН 061211600012', 'ИИН 061211600013'],
  ['ua_rnokpp', 'РНОКПП 1759013776', 'РНОКПП 1759013770'],
  ['ua_edrpou', 'Код ЄДРПОУ 32855961', 'Код ЄДРПОУ 32855968'],
  ['ua_passport', 'Паспорт: АВ 123456', null],
  ['uz_pinfl', 'ПИНФЛ 31505901230016', 'ПИНФЛ 31505901230018'],
  ['uz_inn', 'STIR: 301234567', null],
  ['ge_personal_number', 'პირადი ნომერი 01024085800', null],
  ['ru_passport', 'Паспорт серия 45 06 123456 выдан', null],
  ['ru_driving_licence', 'Водительское удостоверение 77 12 345678', null],
  ['ru_ogrn', 'ОГРН 1027700132195', 'ОГРН 1027700132194'],
  ['ru_bik', 'БИК 044525225', null],
  ['kz_passport', 'Паспорт РК N12345678', null],
  ['tr_passport', 'PASAPORT NUMARASI: U12345678', null],
  ['az_passport', 'Pasport nömrəsi C01234567', null],
  ['az_id_card', 'Şəxsiyyət vəsiqəsi AZE12345678', null],
  ['uk_nhs_number', 'NHS number 401 023 2137', 'NHS number 401 023 2138'],
  ['us_itin', 'ITIN 912-70-1234 on the W-7', null],
  ['uk_driving_licence', 'Driving licence MORGA753116SM9IJ', 'Driving licence MORGA713116SM9IJ'],
  ['date_of_birth', 'Doğum tarihi: 29.02.1996', 'Doğum tarihi: 29.02.1997'],
  ['imei', 'IMEI 490154203237518', 'IMEI 490154203237517'],
  [
    'azure_storage_key',
    `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${'Zq9Lm2Xv7Kp4Wt8Nb3Rc6Yh1Fd5Gs0Ja'.repeat(3).slice(0, 86)}==;`,
    null,
  ],
  ['azure_client_secret', 'client_secret = "abc8Q~Zx9vQ2mN4pL7kR1tY6wS3eD5fG8hJ0kLq"', null],
  [
    'gcp_service_account_key',
    '{"type": "service_account", "private_key_id": "1f9c3e2a7b4d8e6f0a1b2c3d4e5f60718293a4b5"}',
    null,
  ],
  ['gcp_oauth_client_secret', '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', null],
  ['gitlab_token', 'token glpat-x9Zk2Lq7Mv4Np8Rt1Ws6', null],
  ['stripe_key', 'STRIPE_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc9Xk2', null],
  ['npm_token', '//registry.npmjs.org/:_authToken=npm_a8Kd92LmQz7Xv4Nc1Bt6Rw3Yp5Hs0Fj9Ge2U', null],
  ['sendgrid_api_key', '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', null],
  ['telegram_bot_token', 'bot 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1', null],
  ['openai_api_key', 'OPENAI_API_KEY=sk-proj-a8Kd92LmQz7Xv4Nc1Bt6T3BlbkFJRw3Yp5Hs0Fj9Ge2UcX7v', null],
  [
    'connection_string',
    'DATABASE_URL=postgres://app:Xk29!qLm@db.internal:5432/app',
    `DATABASE_URL=postgres://app:${'$'}{PW}@db/app`,
  ],
];

function best(id: string, text: string): { validated: boolean; confidence: number } | undefined {
  const finding = scan(COMPILED, text).find((f) => f.detector_id === id);
  if (!finding) return undefined;
  const valid = finding.hits.filter((h) => h.validated);
  const pool = valid.length > 0 ? valid : finding.hits;
  return pool.reduce((a, h) => (h.confidence > a.confidence ? h : a), pool[0]!);
}

describe('issue 24 detectors find their examples', () => {
  test('the catalogue holds at least 60 detectors, each with an example here or in catalogue.test.ts', () => {
    expect(BUILTIN_DETECTORS.length).toBeGreaterThanOrEqual(60);
  });

  test.each(EXAMPLES)('%s', (id, valid, nearMiss) => {
    const def = BUILTIN_DETECTORS.find((d) => d.id === id)!;
    expect(def, id).toBeDefined();
    const hit = best(id, valid);
    expect(hit?.validated, `${id} validated`).toBe(true);
    expect(hit!.confidence).toBeGreaterThanOrEqual(def.default_confidence);
    if (nearMiss !== null) {
      const miss = best(id, nearMiss);
      expect(miss === undefined || !miss.validated || miss.confidence < def.default_confidence).toBe(true);
    }
  });

  test('keywords fold Turkish dotted and dotless i and match Azerbaijani Cyrillic', () => {
    for (const text of [
      'PASAPORT NUMARASI U12345678',
      'pasaport numarasi U12345678',
      'PASAPORT NUMARASİ U12345678',
    ])
      expect(best('tr_passport', text)?.confidence, text).toBe(75);
    expect(best('az_id_card', 'шәхсијјәт вәсигәси AZE12345678')?.confidence).toBe(75);
  });

  test('a keyword supports a value on its line or as the label just above it, not in another row', () => {
    expect(best('ru_passport', 'Паспорт: 45 06 123456')?.confidence).toBe(75);
    expect(best('ru_passport', 'Паспорт:\n45 06 123456')?.confidence).toBe(75);
    expect(best('ru_passport', 'паспорт готов к выдаче\n45 06 123456')).toBeUndefined();
    expect(best('ru_passport', 'Паспорт:\nзаказ отгружен\n45 06 123456')).toBeUndefined();
    expect(best('tr_tckn', 'TC Kimlik No\n10000000146')?.confidence).toBe(85);
    expect(best('tr_tckn', 'kimlik no alanı boş kaldı\n10000000146')?.confidence).toBe(75);
  });

  test('keyword-gated numbers stay silent without their keyword', () => {
    expect(best('ru_passport', 'заказ 45 06 123456 отгружен')).toBeUndefined();
    expect(best('date_of_birth', 'invoice date 29.02.1996')).toBeUndefined();
  });
});
