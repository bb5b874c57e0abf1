/**
 * EU national identifiers (issue 24). Valid and invalid examples are the ones published with
 * each algorithm (python-stdnum doctests, Wikipedia, issuing authorities) unless marked computed.
 */
import { describe, expect, test } from 'vitest';
import {
  balticPersonalCodeValid,
  bgEgnValid,
  czBirthNumberValid,
  fiHetuValid,
  hrOibValid,
  plPeselValid,
  roCnpValid,
  sePersonnummerValid,
} from '../../../src/detectors/validators/eu-east-north.js';
import {
  beNationalNumberValid,
  deSteuerIdValid,
  dkCprValid,
  esDniValid,
  esNieValid,
  frNirValid,
  iePpsnValid,
  itCodiceFiscaleValid,
  nlBsnValid,
  ptNifValid,
} from '../../../src/detectors/validators/eu-west.js';

type Check = (value: string) => boolean;

const CASES: [string, Check, string[], [string, string][]][] = [
  [
    'DE Steuer-ID (stdnum de/idnr)',
    deSteuerIdValid,
    ['36574261809', '36 574 261 809', '86095742719'],
    [
      ['36574261808', 'check digit'],
      ['36554266806', 'stdnum invalid example'],
      ['12345678901', 'no repeated digit'],
      ['06574261809', 'leading zero'],
    ],
  ],
  [
    'FR NIR (stdnum fr/nir)',
    frNirValid,
    ['2 95 10 99 126 111 93', '253072B07300470', '253072A07300443'],
    [
      ['295109912611199', 'key'],
      ['253072C07300443', 'department 2C'],
    ],
  ],
  [
    'IT codice fiscale (stdnum it/codicefiscale)',
    itCodiceFiscaleValid,
    ['RCCMNL83S18D969H', 'MRTMTT91D08F205J'],
    [
      ['RCCMNL83S18D969X', 'check letter'],
      ['RCCMNL83F18D969H', 'F is not a month letter'],
    ],
  ],
  ['ES DNI (stdnum es/dni)', esDniValid, ['54362315K', '12345678Z'], [['54362315Z', 'letter']]],
  ['ES NIE (stdnum es/nie)', esNieValid, ['X2482300W', 'X1234567L', 'Y1234567X'], [['X2482300A', 'letter']]],
  [
    'NL BSN (stdnum nl/bsn)',
    nlBsnValid,
    ['111222333', '123456782'],
    [
      ['123456789', 'eleven test'],
      ['000000000', 'all zero'],
    ],
  ],
  [
    'BE national number (stdnum be/nn)',
    beNationalNumberValid,
    ['85073003328', '85.07.30-033.28'],
    [['85073003329', 'check']],
  ],
  [
    'PT NIF (stdnum pt/nif)',
    ptNifValid,
    ['221325247', '123456789'],
    [
      ['221325248', 'check'],
      ['421325247', 'first digit 4'],
    ],
  ],
  [
    'IE PPSN (stdnum ie/pps)',
    iePpsnValid,
    ['6433435F', '6433435FW', '6433435OA', '1234567T', '1234567FA'],
    [
      ['6433435E', 'check letter'],
      ['1234567A', 'check letter'],
    ],
  ],
  [
    'DK CPR (real date)',
    dkCprValid,
    ['211062-5629', '2110625629'],
    [
      ['511062-5629', 'day 51'],
      ['211362-5629', 'month 13'],
    ],
  ],
  [
    'PL PESEL (stdnum pl/pesel)',
    plPeselValid,
    ['44051401359', '02070803628'],
    [
      ['44051401358', 'check'],
      ['44153101350', 'month 15 is not a month of any century'],
    ],
  ],
  [
    'SE personnummer (stdnum se/personnummer)',
    sePersonnummerValid,
    ['880320-0016', '811218-9876', '19811218-9876', '670919-9530'],
    [
      ['880320-0018', 'Luhn'],
      ['881320-0016', 'month 13'],
    ],
  ],
  [
    'FI HETU (stdnum fi/hetu)',
    fiHetuValid,
    ['131052-308T', '131052A308T'.replace('A308T', '-308T')],
    [
      ['131052-308U', 'check character'],
      ['310252-308T', '31 February'],
      ['131052-001T', 'serial below 002'],
    ],
  ],
  [
    'EE isikukood / LT asmens kodas (stdnum ee/ik, lt/asmens)',
    balticPersonalCodeValid,
    ['37605030299', '33309240064'],
    [
      ['37605030290', 'check'],
      ['77605030299', 'century digit 7'],
    ],
  ],
  [
    'BG EGN (stdnum bg/egn)',
    bgEgnValid,
    ['7523169263', '8032056031'],
    [
      ['7523169264', 'check'],
      ['7552169265', 'month 52'],
    ],
  ],
  [
    'RO CNP (stdnum ro/cnp)',
    roCnpValid,
    ['1630615123457'],
    [
      ['1630615123458', 'check'],
      ['0630615123457', 'sex digit 0'],
    ],
  ],
  [
    'CZ birth number (stdnum cz/rc)',
    czBirthNumberValid,
    ['7103192745', '710319/2745'],
    [['7103192746', 'divisible by 11']],
  ],
  ['HR OIB (stdnum hr/oib)', hrOibValid, ['33392005961', 'HR33392005961'], [['33392005962', 'check']]],
];

describe.each(CASES)('%s', (_, check, valid, invalid) => {
  test.each(valid)('accepts %s', (v) => expect(check(v)).toBe(true));
  test.each(invalid)('refuses %s (%s)', (v) => expect(check(v)).toBe(false));
});
