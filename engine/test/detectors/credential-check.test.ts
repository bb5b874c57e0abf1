/** The credential-shaped text check the server applies to descriptions, reasons and messages. */
import { describe, expect, test } from 'vitest';
import { looksLikeCredential } from '../../src/detectors/index.js';
import { TEST_EC_KEY } from './fixtures.js';

describe('looksLikeCredential (document 1, Errors)', () => {
  test.each([
    ['a private key', `see attached\n${TEST_EC_KEY}`],
    ['an AWS access key id', 'rotated AKIAQYLPMN5HHHFPZAM2 today'],
    ['a GitHub token', 'use ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5 for CI'],
    ['a Slack token', 'xoxb-1234567890-1234567890123-aB3dE5gH7jK9mN1pQ3sT5vW7'],
    ['a Google API key', 'AIzaSyB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3f'],
    [
      'a JWT',
      'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ],
    ['a password assignment', 'temporary password=Xy9#kq2!pLm for the demo'],
    ['a Turkish password assignment', 'geçici şifre: Gizli123!'],
    // Issue 14: shape, not validity, decides. AWS's documentation key is an access key id in shape.
    ["AWS's documentation key", 'example key AKIAIOSFODNN7EXAMPLE'],
    [
      'key markers around a short body',
      '-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----',
    ],
    ['key markers around nothing', '-----BEGIN PRIVATE KEY----------END PRIVATE KEY-----'],
    ['a lone BEGIN marker', 'pasted -----BEGIN OPENSSH PRIVATE KEY----- here'],
    ['a placeholder GitHub token', 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    ['a Custos API token', 'use cus_Q2xhc3NpZmllZC1ub3QtYS1yZWFsLXRva2VuLTAx please'],
    ['a Custos session token', 'dlps_aGVsbG8td29ybGQtdGhpcy1pcy1ub3QtcmVhbA'],
    ['an enrolment token', 'dlpe_aGVsbG8td29ybGQtdGhpcy1pcy1ub3QtcmVhbA'],
    ['a long generated secret', 'shared secret 9fQ2xLk7Vb3Nm8Rt5Wy1Zp4Hs6Jd0Gc2Ae'],
  ])('refuses %s', (_, text) => expect(looksLikeCredential(text)).toBe(true));

  test.each([
    ['an ordinary change reason', '[CHG-1042] Tighten the card rule after the audit finding'],
    ['talk about passwords', 'Users must change their password every 90 days'],
    ['a masked password', 'password: ********'],
    ['a placeholder', ['set password=$', '{DB_PASSWORD} in the environment'].join('')],
    ['a card number (sensitive, but not a credential)', 'card 4111111111111111'],
    ['Russian prose', 'Пароль должен содержать не менее двенадцати символов'],
    ['a SHA-256 digest', 'bundle 3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b'],
    ['a UUID', 'policy 1b4e28ba-2fa1-11d2-883f-0016d3cca427 moved'],
    ['a URL', 'see https://wiki.example.com/Security/Policies/Card-Data-Handling-2024'],
    ['hyphen-joined words', 'Quarterly-Review-Of-Removable-Media-Policies-2024-Final'],
    ['talk about keys', 'Rotate the private key and the API token every quarter'],
    ['a custom_ word', 'focus_groups and cus_tomers are not tokens'],
  ])('accepts %s', (_, text) => expect(looksLikeCredential(text)).toBe(false));
});
