/**
 * Identifiers of Kazakhstan, Ukraine, Uzbekistan and Russia, UK/US extras, dates of birth and
 * connection strings (issue 24). Examples from the published algorithm sources unless marked.
 */
import { describe, expect, test } from 'vitest';
import {
  kzIinValid,
  ruOgrnValid,
  uaEdrpouValid,
  uaRnokppValid,
  uzPinflValid,
} from '../../../src/detectors/validators/cis.js';
import { connectionStringValid } from '../../../src/detectors/validators/connection-string.js';
import { dateOfBirthValid } from '../../../src/detectors/validators/dates.js';
import {
  nhsValid,
  ukDrivingLicenceValid,
  usItinValid,
} from '../../../src/detectors/validators/uk-us-health.js';

type Check = (value: string) => boolean;

const CASES: [string, Check, string[], [string, string][]][] = [
  [
    'KZ IIN (kz-iin-validator README; decree 565)',
    kzIinValid,
    ['061211600012'],
    [
      ['061211600013', 'check digit'],
      ['063211600012', 'month 32'],
    ],
  ],
  ['UA RNOKPP (stdnum ua/rntrc)', uaRnokppValid, ['1759013776'], [['1759013770', 'check digit']]],
  ['UA EDRPOU (stdnum ua/edrpou)', uaEdrpouValid, ['32855961', '14360570'], [['32855968', 'check digit']]],
  [
    'UZ PINFL (7-3-1 weights; computed example)',
    uzPinflValid,
    ['31505901230016'],
    [
      ['31505901230018', 'check digit'],
      ['33205901230010', 'day 32'],
      ['71505901230016', 'century digit 7'],
    ],
  ],
  [
    'RU OGRN / OGRNIP (stdnum ru/ogrn)',
    ruOgrnValid,
    ['1027700132195', '304500116000157'],
    [
      ['1027700132194', 'check digit'],
      ['504500116000157', 'OGRNIP must start 3 or 4'],
    ],
  ],
  [
    'UK NHS number (reference §2.8)',
    nhsValid,
    ['401-023-2137', '221 395 1837', '9434765919'],
    [
      ['401-023-2138', 'check digit'],
      ['1111111111', 'repeated digit'],
    ],
  ],
  [
    'US ITIN (IRS group ranges)',
    usItinValid,
    ['912-70-1234', '900-94-0000', '999-50-1234'],
    [
      ['912-69-1234', 'group 69'],
      ['912-93-1234', 'group 93'],
      ['812-70-1234', 'area not 9XX'],
    ],
  ],
  [
    'UK driving licence (DVLA layout)',
    ukDrivingLicenceValid,
    ['MORGA753116SM9IJ', 'MORGA 753116 SM9IJ 35', 'JONES861102J99AB'],
    [
      ['MORGA713116SM9IJ', 'month 13'],
      ['MORGA761316SM9IJ', 'day 31 of November'],
    ],
  ],
  [
    'date of birth',
    dateOfBirthValid,
    ['29.02.1996', '1/12/1985', '1985-12-01', '31-12-2001'],
    [
      ['29.02.1997', 'not a leap year'],
      ['12.13.1985', 'month 13'],
      ['01.01.1850', 'before 1900'],
      ['1985-12-01-1', 'not a date'],
    ],
  ],
  [
    'connection string password',
    connectionStringValid,
    ['postgres://app:Xk29!qLm@db.internal:5432/app', 'mongodb+srv://svc:pa55w0rd@cluster0.example.net'],
    [
      [`postgres://app:${'$'}{DB_PASSWORD}@db/app`, 'variable reference'],
      ['mysql://root:password@localhost/db', 'placeholder'],
      ['redis://user:****@cache:6379', 'mask'],
    ],
  ],
];

describe.each(CASES)('%s', (_, check, valid, invalid) => {
  test.each(valid)('accepts %s', (v) => expect(check(v)).toBe(true));
  test.each(invalid)('refuses %s (%s)', (v) => expect(check(v)).toBe(false));
});
