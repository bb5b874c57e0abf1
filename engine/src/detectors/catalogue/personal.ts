/** UK/US identifiers beyond the first catalogue, health numbers and personal data (issue 24). */
import type { DetectorDefinition } from '../definition.js';
import { digits, entry, keywordNumber, kw, WEAK } from './build.js';

export const PERSONAL_DETECTORS: readonly DetectorDefinition[] = [
  entry({
    id: 'uk_nhs_number',
    category: 'national_id',
    description: 'UK NHS number: 10 digits (3-3-4), mod-11 check digit (10 is never issued).',
    patterns: ['\\d{3}(?<s>[ -]?)\\d{3}\\k<s>\\d{4}'],
    triggers: [digits('digits_10')],
    validator: 'uk_nhs',
    keywords: kw(
      ['nhs', 'nhs number', 'nhs no', 'national health service', 'patient number'],
      ['nhs nömrəsi', 'xəstə nömrəsi'],
      ['номер nhs', 'номер пациента'],
      ['nhs numarası*', 'hasta numarası*'],
    ),
    confidence: WEAK,
    default_confidence: 85,
  }),
  entry({
    id: 'us_itin',
    category: 'national_id',
    description:
      'US ITIN (individual taxpayer identification number): 9XX-GG-SSSS with group 50–65, 70–88, 90–92 or 94–99.',
    patterns: ['9\\d{2}(?<s>[ -]?)\\d{2}\\k<s>\\d{4}'],
    triggers: [digits('us_ssn')],
    checks: ['us_itin'],
    keywords: kw(
      ['itin', 'taxpayer identification number', 'individual taxpayer', 'tax id'],
      ['itin', 'vergi ödəyicisi nömrəsi'],
      ['itin', 'идентификационный номер налогоплательщика'],
      ['itin', 'vergi kimlik numarası*'],
    ),
    confidence: { pattern: 65, keyword: 75, validated: 65, validated_keyword: 85 },
    default_confidence: 85,
  }),
  keywordNumber({
    id: 'uk_driving_licence',
    category: 'national_id',
    description:
      'UK (DVLA) driving licence number: surname, decade, month (+50 for women), day, year, initials, digit, check letters; the date must be real.',
    patterns: ['[A-Z9]{5}\\d{6}[A-Z9]{2}\\d[A-Z]{2}(?: ?\\d{2})?'],
    validator: 'uk_driving_licence',
    keywords: kw(
      ['driving licence', 'driving license', "driver's licence", 'dvla', 'licence number'],
      ['sürücülük vəsiqəsi*'],
      ['водительское удостоверение', 'водительские права'],
      ['ehliyet*', 'sürücü belgesi*'],
    ),
  }),
  keywordNumber({
    id: 'date_of_birth',
    category: 'contact',
    description:
      'Date of birth: a real date (dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd, 1900–2099) near a birth keyword. Dates alone are everywhere; only the keyword makes one personal.',
    patterns: ['\\d{1,2}[./-]\\d{1,2}[./-]\\d{4}', '\\d{4}-\\d{2}-\\d{2}'],
    validator: 'date_of_birth',
    keywords: kw(
      ['date of birth', 'dob', 'd.o.b.', 'born on', 'birth date', 'birthdate', 'birthday'],
      ['doğum tarixi', 'anadan olub', 'təvəllüd*', 'доғум тарихи', 'анадан олуб'],
      ['дата рождения', 'д.р.', 'родился', 'родилась', 'день рождения', 'год рождения'],
      ['doğum tarihi*', 'doğum günü*', 'doğumlu', 'd.t.'],
    ),
    proximity: 60,
  }),
  keywordNumber({
    id: 'imei',
    category: 'network',
    description: 'Device IMEI: 15 digits with a Luhn check digit, near an IMEI keyword.',
    patterns: ['\\d{2}(?<s>[ -]?)\\d{6}\\k<s>\\d{6}\\k<s>\\d', '\\d{15}'],
    validator: 'luhn',
    keywords: kw(
      ['imei', 'device id', 'serial number'],
      ['imei', 'cihaz nömrəsi'],
      ['imei', 'имей', 'серийный номер устройства'],
      ['imei', 'cihaz numarası*'],
    ),
  }),
];
