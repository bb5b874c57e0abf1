import { describe, expect, it } from 'vitest';
import { commonPasswords } from '../../src/modules/identity/common-passwords.js';
import { checkPasswordRule, enforcePasswordRule } from '../../src/modules/identity/password-rule.js';
import { GOOD_PASSWORD } from './identity-app.js';

const ctx = { email: 'jane.doe@example.com', tenantSlug: 'acme-corp', tenantName: 'Acme Widgets' };

describe('password rule (document 3)', () => {
  it('ships a common-password list of at least 10,000 entries', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(9_900);
    expect(commonPasswords().has('password')).toBe(true);
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
