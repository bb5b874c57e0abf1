import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../../server/src/modules/identity/totp.js';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  launchBrowser,
  logPageIfFailed,
  nextCode,
  requireChromiumOrSkip,
  screenshotDir,
  startConsoleServer,
} from './harness.js';

const run = requireChromiumOrSkip();

/**
 * Document 3 in a browser: an invitation accepted from the URL fragment under the server's
 * password rule, the second factor enrolled at sign-in (QR code, recovery codes once), the idle
 * timeout returning to sign-in with a message, and the heartbeat at most once a minute.
 */
describe.runIf(run)('console in Chromium: invitation, enrolment, idle timeout, heartbeat', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shots: string;
  let email: string;
  let invitation: string;
  let userId: string;
  let ownerToken: string;
  const password = 'violet kettle under the quiet harbour';
  let enrolled: { secret: string; step: number };
  let recoveryCodes: string[];

  beforeAll(async () => {
    s = await startConsoleServer();
    const login = await s.api('POST', '/auth/login', s.owner);
    ownerToken = login.json.token;
    expect(
      (
        await s.api(
          'POST',
          '/auth/step-up',
          { purpose: 'sign_in_settings', password: s.owner.password },
          ownerToken,
        )
      ).status,
    ).toBe(200);
    const required = await s.api(
      'POST',
      '/settings/second-factor',
      { required: true, grace_days: 0, reason: 'browser test: second factor for everyone' },
      ownerToken,
    );
    expect(required.status, JSON.stringify(required.json)).toBe(200);
    email = `ana@${s.owner.email.split('@')[1]}`;
    const invited = await s.api('POST', '/users', { email, role: 'security_analyst' }, ownerToken);
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    invitation = invited.json.invitation;
    userId = invited.json.user_id;
    ({ browser, context } = await launchBrowser(s.spki));
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    shots = await screenshotDir();
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('accepts the invitation from the fragment, showing the password rule as the server words it', async () => {
    await page.goto(`${s.url}/accept-invitation#${invitation}`);
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    // The secret leaves the address bar at once.
    expect(page.url()).not.toContain('#');
    await expectAccessible(page, 'accept-invitation');
    await page.getByLabel('New password').fill('ana password 1');
    await page.getByLabel('Repeat the password').fill('ana password 1');
    await page.getByRole('button', { name: 'Activate account' }).click();
    const refusal = page.locator('.field .error').first();
    await refusal.waitFor();
    const sentence = (await refusal.textContent()) ?? '';
    expect(sentence.length).toBeGreaterThan(10);
    expect(sentence).not.toContain('ana password 1');
    expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: path.join(shots, 'accept-invitation-refused.png') });
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Activate account' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('enrols the required second factor at sign-in: QR code, then recovery codes shown once', async () => {
    await page.getByLabel('Organisation').fill(s.owner.tenant);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Set up a second factor' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const src = await page
      .getByRole('img', { name: 'QR code for your authenticator app' })
      .getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/);
    const secret = (await page.getByTestId('enrol-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expectAccessible(page, 'enrol');
    await page.screenshot({ path: path.join(shots, 'enrol.png') });
    const step = totpStep(new Date());
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, step));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    recoveryCodes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page, 'recovery-codes');
    await page.screenshot({ path: path.join(shots, 'recovery-codes.png') });
    await page.getByRole('button', { name: 'I have stored them' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    enrolled = { secret, step };
  });

  it('sends the activity heartbeat on real use, at most once a minute', async () => {
    const beats: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/auth/activity')) beats.push(r.url());
    });
    await page.clock.install();
    await page.reload();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    await page.clock.fastForward('00:30');
    await page.keyboard.press('Tab');
    expect(beats).toHaveLength(0);
    await page.clock.fastForward('00:31');
    const beat = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/activity'));
    await page.keyboard.press('Tab');
    await beat;
    await page.keyboard.press('Tab');
    await page.mouse.click(5, 300);
    expect(beats).toHaveLength(1);
  });

  it('an idle session returns to sign-in with a message', async () => {
    // From the Overview (the landing page) to the queue, whose filter sends the next request.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Incidents' }).click();
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    // Every request the queue makes on arrival has been answered: the filter's is the next one.
    await page.waitForLoadState('networkidle');
    // The session's last use moves two hours back, as if the person had walked away.
    const db = new BetterSqlite3(path.join(s.dataDir, 'custos.db'));
    const past = new Date(Date.now() - 2 * 3_600_000).toISOString();
    db.prepare('update sessions set last_activity_at = ? where revoked_at is null and user_id = ?').run(
      past,
      userId,
    );
    db.close();
    await page.getByLabel('Open only').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('You were signed out after a period of inactivity').waitFor();
    await page.screenshot({ path: path.join(shots, 'signed-out-idle.png') });
    // And back in with the next code of the enrolled secret.
    await page.getByLabel('Organisation').fill(s.owner.tenant);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const next = nextCode(enrolled.secret, enrolled.step);
    await page.getByLabel('Code from your authenticator app').fill(next.code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    enrolled.step = next.step;
  });

  it('redeems a password reset link from the fragment; the new password and a recovery code sign in', async () => {
    const up = await s.api(
      'POST',
      '/auth/step-up',
      { purpose: 'role_change', password: s.owner.password },
      ownerToken,
    );
    expect(up.status).toBe(200);
    const reset = await s.api('POST', `/users/${userId}/password-reset`, {}, ownerToken);
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    const link = new URL(reset.json.link as string);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(`${s.url}/reset-password${link.hash}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(page.url()).not.toContain('#');
    await expectAccessible(page, 'reset-password');
    const fresh = 'amber lantern over seven northern hills';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Repeat the password').fill(fresh);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is set and every session was ended.').waitFor();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.getByLabel('Organisation').fill(s.owner.tenant);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A recovery code this time (the next TOTP step may not have begun yet).
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  });
});
