import { describe, expect, test } from 'vitest';
import { awsKeyIdValid, awsSecretValid } from '../../../src/detectors/validators/aws-key-id.js';
import { jwtValid } from '../../../src/detectors/validators/jwt.js';
import { pemBase64Valid, pemBodyValid } from '../../../src/detectors/validators/pem.js';
import { secretValueValid } from '../../../src/detectors/validators/secret-value.js';
import { tokenEntropyValid } from '../../../src/detectors/validators/token.js';
import { TEST_EC_KEY } from '../fixtures.js';

describe('credential validators', () => {
  test('AWS key id: random body passes; documentation key and low entropy do not', () => {
    expect(awsKeyIdValid('AKIAQYLPMN5HHHFPZAM2')).toBe(true);
    expect(awsKeyIdValid('AKIAIOSFODNN7EXAMPLE')).toBe(false);
    expect(awsKeyIdValid('AKIAAAAAAAAAAAAAAAAA')).toBe(false);
    expect(awsKeyIdValid('AKIAQYLPMN5HHHFPZAM1')).toBe(false); // 1 is outside base32
  });

  test('AWS secret: 40 random characters pass; the documentation secret does not', () => {
    expect(awsSecretValid('k7Vq2Lr9Xm4Tz8Pn1Ws6Yb3Hd5Jf0Gc/Ua+Re2Qo')).toBe(true);
    expect(awsSecretValid('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe(false);
    expect(awsSecretValid('a'.repeat(40))).toBe(false);
  });

  test('JWT: header and payload must be JSON objects and the header names alg', () => {
    expect(
      jwtValid(
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      ),
    ).toBe(true);
    expect(jwtValid('eyJub3RhbGciOjF9.eyJzdWIiOiIxIn0.abc')).toBe(false); // header without alg
    expect(jwtValid('eyJhbGciOiJIUzI1NiJ9.eyJub3QganNvbg.abc')).toBe(false); // payload not JSON
  });

  test('private key: a real PEM body decodes; a header over garbage does not', () => {
    expect(pemBodyValid(TEST_EC_KEY)).toBe(true);
    expect(pemBodyValid('-----BEGIN PRIVATE KEY-----\n!!!! not base64 !!!!\n-----END PRIVATE KEY-----')).toBe(
      false,
    );
    expect(pemBase64Valid(btoa(TEST_EC_KEY))).toBe(true);
    expect(pemBase64Valid(btoa('-----BEGIN CERTIFICATE-----\nMIIB'))).toBe(false);
  });

  test('vendor tokens: placeholders fail the entropy floor', () => {
    expect(tokenEntropyValid('ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5')).toBe(true);
    expect(tokenEntropyValid(`ghp_${'x'.repeat(36)}`)).toBe(false);
  });

  test('password values: placeholders, references and masks are not secrets', () => {
    for (const v of ['Xy9#kq2!pLm', 'hunter2x', 'S3cr3t-Pa55']) expect(secretValueValid(v), v).toBe(true);
    for (const v of [
      'changeme',
      ['$', '{DB_PASSWORD}'].join(''), // a template reference
      '$DB_PASS',
      '%PASSWORD%',
      '{{ password }}',
      '********',
      'please',
      'process.env.DB_PASS',
    ]) {
      expect(secretValueValid(v), v).toBe(false);
    }
  });
});
