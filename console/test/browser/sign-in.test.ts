import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  enrolSecondFactor,
  launchBrowser,
  logPageIfFailed,
  nextCode,
  requireChromiumOrSkip,
  screenshotDir,
  startConsoleServer,
} from './harness.js';

const run = requireChromiumOrSkip();

describe.runIf(run)('console in Chromium: sign-in with a second factor, then the queue', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shots: string;
  let factor: { secret: string; step: number };

  beforeAll(async () => {
    s = await startConsoleServer();
    factor = await enrolSecondFactor(s);
    ({ browser, context } = await launchBrowser(s.spki));
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => {
      if (m.type() === 'error') console.warn(`browser console: ${m.text()}`);
    });
    shots = await screenshotDir();
    console.info(`console screenshots: ${shots}`);
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('serves the console with its CSP and no inline script', async () => {
    const res = await page.goto(`${s.url}/sign-in`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    const html = await res!.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign-in');
    await page.screenshot({ path: path.join(shots, 'sign-in.png'), fullPage: true });
  });

  it('a wrong password gets the one refusal and changes nothing', async () => {
    await page.getByLabel('Organisation').fill(s.owner.tenant);
    await page.getByLabel('E-mail').fill(s.owner.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('not right');
  });

  it('signs in with the password and a code computed from the enrolled secret', async () => {
    await page.getByLabel('Password').fill(s.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Second factor' }).waitFor();
    await expectAccessible(page, 'second-factor');
    await page.screenshot({ path: path.join(shots, 'second-factor.png') });
    const { code } = nextCode(factor.secret, factor.step);
    await page.getByLabel('Code from your authenticator app').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/overview');
    await page.getByRole('link', { name: 'Incidents' }).click();
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    await page.getByText('0 incidents').waitFor();
    await expectAccessible(page, 'queue');
    await page.screenshot({ path: path.join(shots, 'queue.png'), fullPage: true });
  });

  it('a client route loads from the address bar (index.html fallback) while signed in', async () => {
    await page.goto(`${s.url}/incidents?open_only=true`);
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    expect(await page.getByLabel('Open only').isChecked()).toBe(true);
    await page.goto(`${s.url}/no-such-page`);
    await page.getByRole('heading', { name: 'There is no such page.' }).waitFor();
    await expectAccessible(page, 'not-found');
  });
});
