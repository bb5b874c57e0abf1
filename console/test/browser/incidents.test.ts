import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../../server/src/modules/identity/totp.js';
import { expectAccessible } from './axe.js';
import { type ConsoleServer, requireChromiumOrSkip, signedInConsoleSuite } from './harness.js';
import { holdAnswers } from './hold-answers.js';
import { seedIncidents } from './seed.js';

const run = requireChromiumOrSkip();

/** The queue and the incident page as an analyst uses them (document 2, incidents). */
describe.runIf(run)('console in Chromium: queue and incident triage', () => {
  const suite = signedInConsoleSuite({
    seed: async (s) => {
      await seedIncidents(s.dataDir, s.owner.tenant, 60);
    },
  });
  let s: ConsoleServer;
  let page: Page;
  let shots: string;
  beforeAll(() => {
    ({ s, page, shots } = suite);
  });

  it('lists, counts, pages, sorts and filters the queue', async () => {
    await page.getByText('60 incidents').waitFor();
    await page.getByText('Showing 1–50 of 60').waitFor();
    expect(await page.locator('table.queue tbody tr').count()).toBe(50);
    await expectAccessible(page, 'queue');
    await page.screenshot({ path: path.join(shots, 'queue-full.png'), fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 51–60 of 60').waitFor();
    // The pager follows the address, the rows the answer (the previous page stays until it lands).
    await expect.poll(() => page.locator('table.queue tbody tr').count()).toBe(10);
    // Sorting by reference ascending: INC-1 first.
    await page.getByRole('button', { name: 'Reference' }).click();
    await page.getByText('Showing 1–50 of 60').waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('reference');
    // The header's next direction comes from the answer: the second click waits for it.
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Reference' }).waitFor();
    await page.getByRole('button', { name: 'Reference' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'reference:desc');
    // The header follows the answer, which may land after the address changed.
    await page.locator('th[aria-sort="descending"]', { hasText: 'Reference' }).waitFor();
    // While the address's answer is read the table says so and its headers wait: a second click
    // on a header sorts the other way even when the answer is slow (it once sorted the same way).
    const queue = await holdAnswers(page, '**/api/v1/incidents?*');
    await page.getByRole('button', { name: 'Severity' }).click();
    await page.locator('table.queue[aria-busy="true"]').waitFor();
    expect(await page.getByRole('button', { name: 'Severity' }).isDisabled()).toBe(true);
    // The second click waits for the header; the held answer is let go meanwhile.
    const second = page.getByRole('button', { name: 'Severity' }).click();
    queue.release();
    await second;
    await page.waitForURL((u) => /^severity:(asc|desc)$/.test(u.searchParams.get('sort') ?? ''));
    await page.locator('table.queue[aria-busy="false"]').waitFor();
    await queue.stop();
    await page.getByLabel('Severity').selectOption('critical');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('15 incidents').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('60 incidents').waitFor();
  });

  it('opens an incident; assigns, comments and closes it with a disposition', async () => {
    await page.goto(`${s.url}/incidents?sort=reference`);
    await page.getByRole('link', { name: 'INC-1', exact: true }).click();
    await page.getByRole('heading', { name: /INC-1 · Card numbers/ }).waitFor();
    await expectAccessible(page, 'incident');
    await page.screenshot({ path: path.join(shots, 'incident.png'), fullPage: true });

    await page.getByLabel('Assign to').selectOption(s.owner.email);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.locator('dd', { hasText: s.owner.email }).waitFor();

    await page.getByLabel('Add a comment').fill('Asked the finance lead about this file.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('Asked the finance lead about this file.').waitFor();

    await page.getByLabel('New status').selectOption('closed');
    await page.getByText('Closing needs a disposition and a resolution of at least 15 characters.').waitFor();
    // Too short a resolution: the server's sentence appears on the field, nothing changes.
    await page.getByLabel('Resolution').fill('done');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.locator('.field .error', { hasText: '15' }).waitFor();
    await page.getByLabel('Disposition').selectOption('coached_mistake');
    await page.getByLabel('Resolution').fill('Spoke with the person; the file was moved off the share.');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.locator('dd', { hasText: 'Coached mistake' }).waitFor();
    await page.locator('dd', { hasText: 'Closed' }).first().waitFor();
    await page.locator('ol.history li', { hasText: 'New → Closed' }).waitFor();
    // The form now offers what the closed incident allows, with its rule.
    expect(await page.getByLabel('New status').inputValue()).toBe('investigating');
    await page.getByText('An open status takes no disposition and no resolution.').waitFor();
    await page.screenshot({ path: path.join(shots, 'incident-closed.png'), fullPage: true });
  });

  it('saves the filters on screen as an organisation view, opens it again, and opens in it as the default', async () => {
    await page.goto(`${s.url}/incidents`);
    await page.getByText('60 incidents').waitFor();
    await page.getByLabel('Severity').selectOption('critical');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('15 incidents').waitFor();
    await page.getByLabel('View name').fill('Critical only');
    await page.getByLabel('Shared with').selectOption('organisation');
    await page.getByRole('button', { name: 'Save current filters' }).click();
    await page.getByText('View saved.').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('60 incidents').waitFor();
    await page
      .getByLabel('Saved view', { exact: true })
      .selectOption({ label: 'Critical only (organisation)' });
    await page.getByRole('button', { name: 'Open view' }).click();
    await page.getByText('15 incidents').waitFor();
    expect(new URL(page.url()).searchParams.get('severity')).toBe('critical');
    await expectAccessible(page, 'queue-saved-view');
    // Made the organisation's default, the view is the one the queue opens in when the address holds no filters.
    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const views = (await s.api('GET', '/saved-views?surface=incidents', undefined, token)).json.items as {
      id: string;
    }[];
    const made = await s.api('POST', `/saved-views/${views[0]!.id}/default`, { default: true }, token);
    expect(made.json).toMatchObject({ is_default: true, opens_in: true });
    await page.goto(`${s.url}/incidents`);
    await page.waitForURL((u) => u.searchParams.get('severity') === 'critical');
    await page.getByText('15 incidents').waitFor();
  });

  it('enrols a second factor from the account page through the step-up prompt', async () => {
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByText('No second factor is enrolled.').waitFor();
    await page.getByRole('button', { name: 'Set up a second factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await expectAccessible(page, 'step-up');
    await page.screenshot({ path: path.join(shots, 'step-up.png') });
    await dialog.getByLabel('Password').fill('not my password at all');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toContain('That was not accepted.');
    await dialog.getByLabel('Password').fill(s.owner.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The enrolment the prompt held back went through on the retry.
    const secret = (await page.getByTestId('enrol-secret').textContent()) ?? '';
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, totpStep(new Date())));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'I have stored them' }).click();
    await page.getByText(/A second factor is enrolled since .*; 10 recovery codes are left\./).waitFor();
  });

  it('switches the console to Turkish, kept for this person', async () => {
    await page.getByLabel('Language').selectOption('tr');
    await page.getByRole('heading', { name: 'Hesabınız', level: 1 }).waitFor();
    await page.goto(`${s.url}/incidents`);
    await page.getByRole('heading', { name: 'Olaylar', level: 1 }).waitFor();
    // The document's language is set by an effect after the render that shows the heading.
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('tr');
    await expectAccessible(page, 'queue-tr');
    await page.screenshot({ path: path.join(shots, 'queue-tr.png') });
  });
});
