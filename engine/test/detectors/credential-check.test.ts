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
  ])('refuses %s', (_, text) => expect(looksLikeCredential(text)).toBe(true));

  test.each([
    ['an ordinary change reason', '[CHG-1042] Tighten the card rule after the audit finding'],
    ['talk about passwords', 'Users must change their password every 90 days'],
    ['a masked password', 'password: ********'],
    ['a placeholder', ['set password=$', '{DB_PASSWORD} in the environment'].join('')],
    ["AWS's documentation key", 'example key AKIAIOSFODNN7EXAMPLE'],
    ['a card number (sensitive, but not a credential)', 'card 4111111111111111'],
    ['Russian prose', 'Пароль должен содержать не менее двенадцати символов'],
  ])('accepts %s', (_, text) => expect(looksLikeCredential(text)).toBe(false));
});
