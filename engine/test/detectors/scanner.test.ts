import { describe, expect, test } from 'vitest';
import {
  BUILTIN_DETECTORS,
  compileDetectors,
  type DetectorFinding,
  scan,
} from '../../src/detectors/index.js';
import { TEST_RSA_KEY } from './fixtures.js';

const compiled = compileDetectors(BUILTIN_DETECTORS);

function hitsOf(findings: DetectorFinding[], id: string, text: string) {
  const f = findings.find((x) => x.detector_id === id);
  return (f?.hits ?? []).map((h) => ({ ...h, value: text.slice(h.start, h.end) }));
}

function only(text: string, id: string) {
  return hitsOf(scan(compiled, text), id, text);
}

describe('every built-in detector finds its format at the right offsets', () => {
  test.each([
    ['payment_card', 'paid with 4111 1111 1111 1111 yesterday', '4111 1111 1111 1111'],
    ['payment_card', 'Mir 2200000000000004 ok', '2200000000000004'],
    ['payment_card', 'troy: 9792-0303-9444-0796.', '9792-0303-9444-0796'],
    ['payment_card', 'amex 3782 822463 10005', '3782 822463 10005'],
    [
      'payment_card',
      'no-break spaces 4111\u00a01111\u00a01111\u00a01111 (word processors)',
      '4111\u00a01111\u00a01111\u00a01111',
    ],
    ['iban', 'IBAN: TR33 0006 1005 1978 6457 8413 26 end', 'TR33 0006 1005 1978 6457 8413 26'],
    ['iban', 'счёт RU0204452560040702810412345678901.', 'RU0204452560040702810412345678901'],
    ['iban', 'hesab AZ21NABZ00000000137010001944', 'AZ21NABZ00000000137010001944'],
    ['swift_bic', 'SWIFT code: DEUTDEFF500 please', 'DEUTDEFF500'],
    ['us_ssn', 'SSN 536-90-4399 on file', '536-90-4399'],
    ['us_aba_routing', 'routing number 021000021', '021000021'],
    ['uk_nino', 'NI number AB 12 34 56 C.', 'AB 12 34 56 C'],
    ['tr_tckn', 'TC Kimlik No: 10000000146', '10000000146'],
    ['tr_vkn', 'Vergi No: 4540536920', '4540536920'],
    ['az_fin', 'FİN kod: 5ZTNX2K', '5ZTNX2K'],
    ['az_voen', 'VÖEN 1401555071', '1401555071'],
    ['ru_inn', 'ИНН 500100732259', '500100732259'],
    ['ru_snils', 'СНИЛС 112-233-445 95', '112-233-445 95'],
    ['email', 'write to ivan.petrov@example.org.', 'ivan.petrov@example.org'],
    ['phone', 'тел. +7 912 345-67-89', '+7 912 345-67-89'],
    ['phone', 'cep 0532 123 45 67', '0532 123 45 67'],
    ['phone', 'mobil: +994 50 123 45 67', '+994 50 123 45 67'],
    ['phone', 'call (212) 555-0100 now', '(212) 555-0100'],
    ['phone', 'tel +90\u00a0532\u00a0123\u00a045\u00a067', '+90\u00a0532\u00a0123\u00a045\u00a067'],
    ['ipv4', 'host 10.20.30.40 up', '10.20.30.40'],
    ['ipv6', 'addr 2001:db8::1 up', '2001:db8::1'],
    ['ipv6', 'addr 2001:0db8:85a3:0000:0000:8a2e:0370:7334 up', '2001:0db8:85a3:0000:0000:8a2e:0370:7334'],
    ['aws_access_key_id', 'key=AKIAQYLPMN5HHHFPZAM2\n', 'AKIAQYLPMN5HHHFPZAM2'],
    [
      'aws_secret_key',
      'aws_secret_access_key = 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',
      'k7Vq2Lr9Xm4Tz8Pn1Ws6Yb3Hd5Jf0Gc/Ua+Re2Qo',
    ],
    [
      'github_token',
      'token ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5 here',
      'ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5',
    ],
    [
      'slack_token',
      'SLACK=xoxb-1234567890-1234567890123-aB3dE5gH7jK9mN1pQ3sT5vW7',
      'xoxb-1234567890-1234567890123-aB3dE5gH7jK9mN1pQ3sT5vW7',
    ],
    [
      'google_api_key',
      'key: AIzaSyB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3f',
      'AIzaSyB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3f',
    ],
    [
      'jwt',
      'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ],
    ['password_assignment', 'DB_PASSWORD="Xy9#kq2!pLm"', 'Xy9#kq2!pLm'],
    ['password_assignment', 'şifre: Gizli123!', 'Gizli123!'],
    ['password_assignment', 'пароль = Тайна2024', 'Тайна2024'],
  ])('%s in %j', (id, text, value) => {
    const hits = only(text, id);
    expect(hits.map((h) => h.value)).toEqual([value]);
    expect(hits[0]!.validated).toBe(true);
  });

  test('private key blocks, PKCS#1 and base64-wrapped', () => {
    const text = `config:\n${TEST_RSA_KEY}\nend`;
    const hits = only(text, 'private_key');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.value).toBe(TEST_RSA_KEY.trim());
    expect(hits[0]!.validated).toBe(true);
    const wrapped = `tls.key: ${btoa(TEST_RSA_KEY)}`;
    expect(only(wrapped, 'private_key')[0]?.validated).toBe(true);
    // A key pasted into source code as concatenated string literals with \n escapes.
    const lines = TEST_RSA_KEY.trim().split('\n');
    const source = `const key = "${lines.join('\\n" +\n  "')}";`;
    expect(only(source, 'private_key')[0]?.validated).toBe(true);
  });
});

describe('candidates, validators and near misses', () => {
  test('a 16-digit number with a card prefix that fails Luhn is reported unvalidated at 65', () => {
    const hits = only('ref 4111111111111112 x', 'payment_card');
    expect(hits).toMatchObject([{ validated: false, confidence: 65 }]);
  });

  test('a 16-digit number with no issuer prefix is not a card candidate at all', () => {
    expect(only('order 1234567890123452', 'payment_card')).toEqual([]);
  });

  test('a card inside a longer digit string is not a card; one followed by a year is', () => {
    expect(only('id 41111111111111110000', 'payment_card')).toEqual([]);
    expect(only('4111 1111 1111 1111 2028', 'payment_card').map((h) => h.value)).toEqual([
      '4111 1111 1111 1111',
    ]);
  });

  test('refused SSN ranges are dropped, not reported unvalidated', () => {
    expect(only('SSN 666-12-3456 and 078-05-1120', 'us_ssn')).toEqual([]);
  });

  test('an IBAN with a wrong check digit is reported unvalidated', () => {
    expect(only('TR34 0006 1005 1978 6457 8413 26', 'iban')).toMatchObject([
      { validated: false, confidence: 65 },
    ]);
  });

  test('a keyword-gated value that starts inside the proximity window is found whole', () => {
    // swift_bic proximity is 100: the BIC starts 96 characters after the keyword and ends beyond.
    const text = `SWIFT${' '.repeat(96)}DEUTDEFF500`;
    expect(only(text, 'swift_bic').map((h) => h.value)).toEqual(['DEUTDEFF500']);
  });

  test('keyword-required formats are not reported without their keyword', () => {
    expect(only('DEUTDEFF500 alone', 'swift_bic')).toEqual([]);
    expect(only('code 5ZTNX2K', 'az_fin')).toEqual([]);
    expect(only('random k7Vq2Lr9Xm4Tz8Pn1Ws6Yb3Hd5Jf0Gc/Ua+Re2Qo', 'aws_secret_key')).toEqual([]);
  });

  test('asset names, versions and C++ scopes are not addresses', () => {
    expect(only('see icon@2x.png', 'email')).toEqual([]);
    expect(only('std::vector and Foo::Bar', 'ipv6')).toEqual([]);
    expect(only('value 256.1.1.1', 'ipv4')).toEqual([]);
  });

  test('placeholders in password assignments are not secrets', () => {
    expect(
      only('password: ********\npassword = changeme\npassword: please reset it', 'password_assignment'),
    ).toEqual([]);
  });

  test('the same digits are reported by every detector whose format they fit, side by side', () => {
    const findings = scan(compiled, 'number 7707083893');
    const ids = findings.map((f) => f.detector_id);
    expect(ids).toEqual(expect.arrayContaining(['ru_inn', 'tr_vkn', 'az_voen']));
    expect(hitsOf(findings, 'ru_inn', 'number 7707083893')[0]?.validated).toBe(true);
    expect(hitsOf(findings, 'tr_vkn', 'number 7707083893')[0]?.validated).toBe(false);
  });
});

describe('confidence ladder (pattern → validator → keyword in proximity)', () => {
  test('TCKN: checksum alone 75, with a keyword 85, failed checksum 65', () => {
    expect(only('number 10000000146', 'tr_tckn')[0]?.confidence).toBe(75);
    expect(only('TC Kimlik No: 10000000146', 'tr_tckn')[0]?.confidence).toBe(85);
    expect(only('TC Kimlik No: 10000000145', 'tr_tckn')[0]).toMatchObject({
      confidence: 65,
      validated: false,
    });
  });

  test('a keyword beyond the proximity window does not count', () => {
    const far = `TC Kimlik No ${'x '.repeat(200)} 10000000146`;
    expect(only(far, 'tr_tckn')[0]?.confidence).toBe(75);
  });

  test('a keyword after the hit counts as well as one before', () => {
    expect(only('10000000146 numaralı TC kimlik', 'tr_tckn')[0]?.confidence).toBe(85);
  });
});

describe('values never leave the scanner unless masked previews are asked for', () => {
  const text = 'card 4111111111111111 and TCKN 10000000146, key AKIAQYLPMN5HHHFPZAM2';

  test('findings carry offsets only', () => {
    const findings = scan(compiled, text);
    const json = JSON.stringify(findings);
    expect(json).not.toContain('4111111111111111');
    expect(json).not.toContain('10000000146');
    expect(json).not.toContain('AKIAQYLPMN5HHHFPZAM2');
    for (const f of findings) for (const h of f.hits) expect(h).not.toHaveProperty('preview');
  });

  test('previews are masked', () => {
    const findings = scan(compiled, text, { previews: true });
    const preview = (id: string) => findings.find((f) => f.detector_id === id)?.hits[0]?.preview;
    expect(preview('payment_card')).toBe('4111********1111');
    expect(preview('tr_tckn')).toBe('*********46');
    expect(preview('aws_access_key_id')).toBe('AKIA****************');
    expect(JSON.stringify(findings)).not.toContain('4111111111111111');
  });
});

describe('scan shape', () => {
  test('text without anchors, keywords or digit runs gives no findings', () => {
    expect(scan(compiled, 'Bu gün hava çox gözəldir, hamı parka getdi. Сегодня хорошая погода.')).toEqual([]);
    expect(scan(compiled, '')).toEqual([]);
  });

  test('findings carry detector id, version and category; hits are ordered and do not overlap', () => {
    const text = '4111111111111111 5555555555554444 4111 1111 1111 1111';
    const [card] = scan(compiled, text);
    expect(card).toMatchObject({ detector_id: 'payment_card', detector_version: 2, category: 'financial' });
    const starts = card!.hits.map((h) => h.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (let i = 1; i < card!.hits.length; i++)
      expect(card!.hits[i]!.start).toBeGreaterThanOrEqual(card!.hits[i - 1]!.end);
    expect(card!.hits).toHaveLength(3);
  });

  test('max_hits_per_detector bounds the hits collected', () => {
    const text = Array.from({ length: 50 }, () => 'a@example.com').join(' ');
    expect(scan(compiled, text)[0]!.hits).toHaveLength(50);
    expect(scan(compiled, text, { max_hits_per_detector: 5 })[0]!.hits).toHaveLength(5);
  });

  test('the compiled set is frozen and reusable across scans', () => {
    expect(Object.isFrozen(compiled)).toBe(true);
    const a = scan(compiled, 'TCKN 10000000146');
    const b = scan(compiled, 'TCKN 10000000146');
    expect(a).toEqual(b);
  });
});
