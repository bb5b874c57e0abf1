/**
 * Identifiers, passports and driving licences of Türkiye, Azerbaijan, Russia, Kazakhstan,
 * Ukraine, Georgia and Uzbekistan beyond the first catalogue (issue 24). Numbers without a public
 * check digit are keyword-gated.
 */
import type { DetectorDefinition } from '../definition.js';
import { digits, entry, keywordNumber, kw, MEDIUM, WEAK } from './build.js';

const PASSPORT_EN = ['passport', 'passport no', 'passport number'];

export const CIS_NATIONAL_ID_DETECTORS: readonly DetectorDefinition[] = [
  keywordNumber({
    id: 'tr_passport',
    category: 'national_id',
    description:
      'Turkish passport number: U (ordinary), S (service) or Z (diplomatic) and 8 digits, near a passport keyword.',
    patterns: ['[USZ] ?\\d{8}'],
    keywords: kw(
      [...PASSPORT_EN, 'turkish passport'],
      ['türkiyə pasportu', 'pasport*'],
      ['турецкий паспорт', 'паспорт*'],
      ['pasaport*', 'pasaport no', 'pasaport numarası*'],
    ),
  }),
  keywordNumber({
    id: 'az_passport',
    category: 'national_id',
    description:
      'Azerbaijani passport number: C or P and 8 digits (biometric series), near a passport keyword.',
    patterns: ['[CP] ?\\d{8}'],
    keywords: kw(
      [...PASSPORT_EN, 'azerbaijani passport'],
      ['pasport*', 'pasport nömrəsi', 'xarici pasport*', 'паспорт*', 'паспорт нөмрәси'],
      ['паспорт*', 'азербайджанский паспорт'],
      ['pasaport*', 'azerbaycan pasaportu*'],
    ),
  }),
  keywordNumber({
    id: 'az_id_card',
    category: 'national_id',
    description:
      'Azerbaijani identity card serial number: AZE + 8 digits (2013 cards) or AA + 7 digits, near an ID-card keyword.',
    patterns: ['(?:AZE|AA) ?\\d{7,8}'],
    keywords: kw(
      ['identity card', 'id card', 'card serial', 'azerbaijan id'],
      ['şəxsiyyət vəsiqəsi*', 'vəsiqə*', 'seriya', 'шәхсијјәт вәсигәси', 'вәсигә*'],
      ['удостоверение личности', 'серия', 'ид карта'],
      ['kimlik kartı*', 'seri no', 'kimlik*'],
    ),
  }),
  keywordNumber({
    id: 'ru_passport',
    category: 'national_id',
    description:
      'Russian internal passport: series (4 digits) and number (6 digits), `45 06 123456`; no check digit, so a passport keyword is required.',
    patterns: ['\\d{2} ?\\d{2} ?№? ?\\d{6}'],
    keywords: kw(
      [...PASSPORT_EN, 'russian passport'],
      ['rusiya pasportu', 'pasport*', 'паспорт*'],
      ['паспорт*', 'серия и номер', 'серия', 'паспортные данные'],
      ['rus pasaportu*', 'pasaport*'],
    ),
  }),
  keywordNumber({
    id: 'ru_driving_licence',
    category: 'national_id',
    description:
      'Russian driving licence: 4-digit series and 6-digit number, near a driving-licence keyword.',
    patterns: ['\\d{2} ?\\d{2} ?№? ?\\d{6}'],
    keywords: kw(
      ['driving licence', "driver's license", 'driver license'],
      ['sürücülük vəsiqəsi*', 'сүрүчүлүк вәсигәси'],
      ['водительское удостоверение', 'водительские права', 'в/у', 'ву'],
      ['ehliyet*', 'sürücü belgesi*'],
    ),
  }),
  entry({
    id: 'ru_ogrn',
    category: 'national_id',
    description:
      'Russian OGRN (13 digits, organisation) and OGRNIP (15 digits, sole trader): check digit = prefix mod 11 (13) or mod 13 (15), last digit.',
    patterns: ['[1-9]\\d{12}(?:\\d{2})?'],
    triggers: [digits('thirteen_plus')],
    validator: 'ru_ogrn',
    keywords: kw(
      ['ogrn', 'ogrnip', 'primary state registration number'],
      ['ogrn', 'dövlət qeydiyyat nömrəsi'],
      ['огрн', 'огрнип', 'основной государственный регистрационный номер'],
      ['ogrn', 'rus sicil numarası*'],
    ),
    confidence: MEDIUM,
    default_confidence: 85,
  }),
  keywordNumber({
    id: 'ru_bik',
    category: 'financial',
    description: 'Russian bank identification code (БИК): 9 digits starting 04, near a BIK keyword.',
    patterns: ['04\\d{7}'],
    keywords: kw(
      ['bik', 'bic', 'bank identification code'],
      ['bik', 'bankın eyniləşdirmə kodu'],
      ['бик', 'банковский идентификационный код'],
      ['bik', 'banka kodu'],
    ),
  }),
  entry({
    id: 'kz_iin',
    category: 'national_id',
    description:
      'Kazakhstan IIN / BIN (ЖСН/ИИН, БСН/БИН): 12 digits, birth date and century digit (IIN) or entity type (BIN), two-pass weighted mod-11 check digit.',
    patterns: ['\\d{12}'],
    triggers: [digits('twelve_plus')],
    validator: 'kz_iin',
    keywords: kw(
      ['iin', 'bin', 'individual identification number', 'kazakhstan id'],
      ['iin', 'fərdi identifikasiya nömrəsi', 'иин'],
      ['иин', 'бин', 'индивидуальный идентификационный номер', 'жсн'],
      ['iin', 'kazakistan kimlik numarası*'],
    ),
    confidence: MEDIUM,
    default_confidence: 85,
  }),
  keywordNumber({
    id: 'kz_passport',
    category: 'national_id',
    description: 'Kazakhstan passport number: N and 8 digits, near a passport keyword.',
    patterns: ['N ?\\d{8}'],
    keywords: kw(
      [...PASSPORT_EN, 'kazakhstan passport'],
      ['qazaxıstan pasportu', 'pasport*'],
      ['паспорт*', 'паспорт рк'],
      ['kazakistan pasaportu*', 'pasaport*'],
    ),
  }),
  entry({
    id: 'ua_rnokpp',
    category: 'national_id',
    description:
      'Ukrainian RNOKPP (individual taxpayer number, ІПН): 10 digits, weighted check digit (−1,5,7,9,4,6,10,5,7 mod 11).',
    patterns: ['\\d{10}'],
    triggers: [digits('ten_plus')],
    validator: 'ua_rnokpp',
    keywords: kw(
      ['rnokpp', 'ukrainian tax number', 'individual tax number', 'ipn'],
      ['ukrayna vergi nömrəsi'],
      ['рнокпп', 'ипн', 'іпн', 'идентификационный код', 'ідентифікаційний код'],
      ['ukrayna vergi numarası*'],
    ),
    confidence: WEAK,
    default_confidence: 85,
  }),
  keywordNumber({
    id: 'ua_edrpou',
    category: 'national_id',
    description: 'Ukrainian EDRPOU (ЄДРПОУ, company register code): 8 digits, weighted mod-11 check digit.',
    patterns: ['\\d{8}'],
    validator: 'ua_edrpou',
    keywords: kw(
      ['edrpou', 'usreou', 'company code ukraine'],
      ['edrpou'],
      ['едрпоу', 'єдрпоу', 'код єдрпоу', 'код едрпоу'],
      ['edrpou'],
    ),
  }),
  keywordNumber({
    id: 'ua_passport',
    category: 'national_id',
    description:
      'Ukrainian passport: ID card number (9 digits) or booklet series (two Cyrillic letters) and 6 digits, near a passport keyword.',
    patterns: ['\\d{9}', '[А-ЯІЇЄҐ]{2} ?\\d{6}'],
    keywords: kw(
      [...PASSPORT_EN, 'ukrainian passport', 'id card'],
      ['ukrayna pasportu', 'pasport*'],
      ['паспорт*', 'паспорт україни', 'id-картка', 'номер документа'],
      ['ukrayna pasaportu*', 'pasaport*'],
    ),
  }),
  keywordNumber({
    id: 'ge_personal_number',
    category: 'national_id',
    description:
      'Georgian personal number (პირადი ნომერი): 11 digits; no public check digit, so a keyword is required.',
    patterns: ['\\d{11}'],
    keywords: kw(
      ['personal number', 'georgian id', 'პირადი ნომერი'],
      ['gürcüstan şəxsi nömrəsi', 'şəxsi nömrə'],
      ['личный номер', 'грузинский личный номер'],
      ['gürcistan kişisel numarası*', 'kişisel numara*'],
    ),
  }),
  entry({
    id: 'uz_pinfl',
    category: 'national_id',
    description:
      'Uzbek PINFL (JShShIR): 14 digits — century/sex digit, DDMMYY, district, serial — and a 7-3-1 weighted check digit.',
    patterns: ['[1-6]\\d{13}'],
    triggers: [digits('fourteen_plus')],
    validator: 'uz_pinfl',
    keywords: kw(
      ['pinfl', 'personal identification number uzbekistan', 'jshshir'],
      ['pinfl', 'jşşir'],
      ['пинфл', 'жшшир', 'персональный идентификационный номер'],
      ['pinfl', 'özbekistan kimlik numarası*'],
    ),
    confidence: MEDIUM,
    default_confidence: 75,
  }),
  keywordNumber({
    id: 'uz_inn',
    category: 'national_id',
    description: 'Uzbek taxpayer number (STIR/INN): 9 digits starting 2–7, near a tax keyword.',
    patterns: ['[2-7]\\d{8}'],
    keywords: kw(
      ['stir', 'uzbek tax number', 'tin uzbekistan'],
      ['stir', 'vergi ödəyicisinin nömrəsi'],
      ['инн узбекистана', 'стир'],
      ['stir', 'özbekistan vergi numarası*'],
    ),
  }),
];
