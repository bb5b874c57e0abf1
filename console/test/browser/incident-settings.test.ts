import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  logPageIfFailed,
  requireChromiumOrSkip,
  startSignedInConsole,
} from './harness.js';
import { seedIncidents } from './seed.js';

const run = requireChromiumOrSkip();

/** Incident closure, response targets and test folders as an Owner sets them (docs/console.md). */
describe.runIf(run)('console in Chromium: incident settings', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let shots: string;

  beforeAll(async () => {
    ({ s, browser, page, shots } = await startSignedInConsole());
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });
  const ownerToken = async () => (await s.api('POST', '/auth/login', s.owner)).json.token as string;
  const open = async (link: string, heading: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  };

  it('shows the closure rule in force and saves a change', async () => {
    await open('Incident closure', 'Incident closure');
    await page.getByText('Never changed: no close needs a second person.').waitFor();
    const risk = page.getByLabel('Accepting a risk needs a second person');
    expect(await risk.isChecked()).toBe(false);
    await risk.check();
    await page.getByRole('button', { name: 'Save closure rule' }).click();
    await page.getByText('The closure rule is saved.').waitFor();
    await page.reload();
    await page.getByText(/^Last changed on /).waitFor();
    // The boxes take the stored rule in an effect after the render that shows the date.
    await expect.poll(() => page.getByLabel('Accepting a risk needs a second person').isChecked()).toBe(true);
    expect(await page.getByLabel('Closing a critical incident needs a second person').isChecked()).toBe(
      false,
    );
    await expectAccessible(page, 'incident closure');
  });

  it('shows the response targets, names the field an ordering rule refuses, saves', async () => {
    await open('Response targets', 'Response targets');
    await page.getByText('The default targets are in force.').waitFor();
    const critical = page.getByLabel('Critical: respond within (minutes)');
    // The fields take the stored targets in an effect after the render that shows the sentence.
    await expect.poll(() => critical.inputValue()).toBe('60');
    await critical.fill('300'); // longer than high (240): refused on the critical field
    await page.getByLabel('Reason for the change').fill('Night shift covers critical later');
    await page.getByRole('button', { name: 'Save targets' }).click();
    await page.locator('input[aria-invalid="true"]').waitFor();
    expect(await critical.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('input[aria-invalid="true"]').count()).toBe(1);
    await critical.fill('30');
    await page.getByRole('button', { name: 'Save targets' }).click();
    await page.getByText('The targets are saved. Incidents already decided keep their result.').waitFor();
    const stored = await s.api('GET', '/settings/incident-response', undefined, await ownerToken());
    expect(stored.json).toMatchObject({ critical_minutes: 30, high_minutes: 240 });
    await expectAccessible(page, 'response targets');
    await page.screenshot({ path: path.join(shots, 'response-targets.png'), fullPage: true });
  });

  it('adds a test folder after the step-up and names a refused line', async () => {
    await open('Test folders', 'Test folders');
    await page.getByLabel('Folders, one per line').fill('/srv/share/dlp-test\n/');
    await page.getByLabel('Reason for the change').fill('Rehearsal folder for the help desk');
    await page.getByRole('button', { name: 'Save test folders' }).click();
    // Refused before anything is confirmed: the line is named.
    await page.getByRole('alert').filter({ hasText: 'Line 2 (/):' }).waitFor();
    await page.getByLabel('Folders, one per line').fill('/srv/share/dlp-test');
    await page.getByRole('button', { name: 'Save test folders' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    await stepUp.getByLabel('Password').fill(s.owner.password);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The test folders are saved (1).').waitFor();
    const stored = await s.api('GET', '/settings/test-folders', undefined, await ownerToken());
    expect((stored.json.folders as { path: string }[]).map((f) => f.path)).toEqual(['/srv/share/dlp-test']);
    await expectAccessible(page, 'test folders');
  });

  it('sets the approver label, which a pending close then names', async () => {
    await open('Approver label', 'Approver label');
    await page.getByText('People see: “your security team”.').waitFor();
    await page.getByLabel('Label', { exact: true }).fill('the finance security desk');
    await page.getByLabel('Reason for the change').fill('Finance runs its own desk');
    await page.getByRole('button', { name: 'Save label' }).click();
    await page.getByText('The approver label is saved.').waitFor();
    await page.getByText('People see: “the finance security desk”.').waitFor();
    await expectAccessible(page, 'approver label');

    const ids = await seedIncidents(s.dataDir, s.owner.tenant, 4);
    const critical = ids[3]!; // INC-4 is critical (seed.ts)
    const token = await ownerToken();
    const rule = { second_person_accepted_risk: true, second_person_critical: true };
    expect((await s.api('POST', '/settings/incident-closure', rule, token)).status).toBe(200);
    const close = await s.api(
      'POST',
      `/incidents/${critical}/status`,
      {
        status: 'closed',
        disposition: 'confirmed_violation',
        resolution: 'Confirmed with the person and their manager.',
      },
      token,
    );
    expect(close.status).toBe(202);
    await page.goto(`${s.url}/incidents/${critical}`);
    await page
      .getByRole('status')
      .filter({ hasText: 'To be approved by the finance security desk.' })
      .waitFor();
    await expectAccessible(page, 'pending close with approver label');
  });
});
