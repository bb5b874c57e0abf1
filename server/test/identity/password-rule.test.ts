import { describe, expect, it } from 'vitest';
import { commonPasswords } from '../../src/modules/identity/common-passwords.js';
import { checkPasswordRule, enforcePasswordRule } from '../../src/modules/identity/password-rule.js';
import { GOOD_PASSWORD } from './identity-app.js';

const ctx = { email: 'jane.doe@example.com', tenantSlug: 'acme-corp', tenantName: 'Acme Widgets' };

describe('password rule (document 3)', () => {
  it('reads its common-password list from @zxcvbn-ts/language-common (about 49,000 entries)', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(40_000);
    expect(commonPasswords().has('password')).toBe(true);
    // Entries far down the list, absent from the 10,000-entry list used before.
    expect(commonPasswords().has('studioworks')).toBe(true);
  });

  it.each([
    ['studioworks, padded', 'studioworks2024!'],
    ['studioworks, look-alikes and padding', 'Stud10w0rks2024!'],
    ['illuminati, look-alikes and padding', 'illum1nati-1999'],
    ['friendship, written twice', 'friendshipfriendship'],
  ])('refuses a deep list entry: %s', (_name, password) => {
    expect(checkPasswordRule(password, ctx)).toMatch(/too common/);
  });

  it('accepts a strong random password', () => {
    expect(checkPasswordRule('vN7#qT2!mZ9$wR4k', ctx)).toBeNull();
  });

  it('accepts a long passphrase with nothing common in it', () => {
    expect(checkPasswordRule(GOOD_PASSWORD, ctx)).toBeNull();
    expect(checkPasswordRule('tangerine cobalt meadow', ctx)).toBeNull();
  });

  it.each([
    ['too short', 'Xk2#pqL9vw', /at least 12/],
    ['alphabet run', 'abcdefghijklm', /keyboard or alphabet run/],
    ['keyboard run', 'qwertyuiop12', /keyboard or alphabet run/],
    ['reversed digit run', '98765432109876', /keyboard or alphabet run/],
    ['one character repeated', 'zzzzzzzzzzzzzz', /repeated pattern/],
    ['short unit repeated', 'xk9xk9xk9xk9', /repeated pattern/],
    ['list entry with padding', 'password12345!', /too common/],
    ['list entry with look-alikes and padding', 'P@ssw0rd2024!!', /too common/],
    ['list entry with a leading look-alike', '1loveyou123456', /too common/],
    ['list entry written twice', 'baseballbaseball', /too common/],
    ['e-mail name', 'jane.doe-rides-bikes', /e-mail address/],
    ['part of the e-mail name', 'my-friend-jane-rides', /e-mail address/],
    ['organisation slug', 'welcome-to-acme-corp', /organisation/],
    ['organisation name word', 'we-build-widgets-daily', /organisation/],
    ['product name with look-alikes', 'i-trust-cu5t0s-daily', /product name/],
  ])('refuses %s, naming the rule and never the password', (_name, password, rule) => {
    const sentence = checkPasswordRule(password, ctx);
    expect(sentence).toMatch(rule);
    expect(sentence).not.toContain(password);
    try {
      enforcePasswordRule(password, ctx);
      expect.unreachable();
    } catch (e) {
      const body = (
        e as { toBody(): { code: string; details: { field: string; message: string }[] } }
      ).toBody();
      expect(body.code).toBe('request.invalid');
      expect(body.details[0]?.field).toBe('password');
      expect(JSON.stringify(body)).not.toContain(password);
    }
  });
});
