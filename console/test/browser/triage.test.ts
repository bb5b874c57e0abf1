import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  launchBrowser,
  requireChromiumOrSkip,
  screenshotDir,
  startConsoleServer,
} from './harness.js';
import { seedEvidence, seedIncidents } from './seed.js';

const run = requireChromiumOrSkip();

/** Evidence access, links and bulk triage as an analyst uses them (issue 17). */
describe.runIf(run)('console in Chromium: evidence, links and bulk triage', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let shots: string;

  beforeAll(async () => {
    s = await startConsoleServer();
    const ids = await seedIncidents(s.dataDir, s.owner.tenant, 8);
    await seedEvidence(s.dataDir, s.owner.tenant, ids[4]!);
    const launched = await launchBrowser(s.spki);
    browser = launched.browser;
    page = await launched.context.newPage();
    page.setDefaultTimeout(15_000);
    shots = await screenshotDir();
    await page.goto(`${s.url}/sign-in`);
    await page.getByLabel('Organisation').fill(s.owner.tenant);
    await page.getByLabel('E-mail').fill(s.owner.email);
    await page.getByLabel('Password').fill(s.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
  }, 120_000);
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      console.warn(
        `page ${page.url()}:\n${await page
          .locator('body')
          .innerText()
          .catch(() => '')}`,
      );
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('opens evidence only after a justification, then lists copies and notices', async () => {
    await page.goto(`${s.url}/incidents?sort=reference`);
    await page.getByRole('link', { name: 'INC-5', exact: true }).click();
    await page.getByRole('heading', { name: /INC-5 · Card numbers/ }).waitFor();
    const evidence = page.getByRole('region', { name: 'Evidence' });
    // Too short a reason: the server's sentence on the field, nothing opened.
    await evidence.getByLabel('Why do you need the evidence?').fill('no');
    await evidence.getByRole('button', { name: 'Open evidence' }).click();
    await evidence.locator('.field .error').waitFor();
    expect(await evidence.getByText('Stored copies').count()).toBe(0);
    await evidence
      .getByLabel('Why do you need the evidence?')
      .fill('Checking whether the report left the share.');
    await evidence.getByRole('button', { name: 'Open evidence' }).click();
    await evidence.getByText(/Evidence is open until/).waitFor();
    await evidence.getByText('Not stored: the file is over the size limit').waitFor();
    await evidence.getByText(/2048 bytes, stored/).waitFor();
    await expectAccessible(page, 'incident-evidence');
    await page.screenshot({ path: path.join(shots, 'incident-evidence.png'), fullPage: true });
    // The download asks for the recent sign-in confirmation first; cancelling downloads nothing.
    await evidence.getByRole('button', { name: 'Download' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await evidence.getByRole('alert').waitFor();
  });

  it('links an incident and removes the link with a reason', async () => {
    const links = page.getByRole('region', { name: 'Related incidents' });
    // The server's suggestions, each with its reason in words.
    await links.getByRole('button', { name: 'Link INC-4' }).waitFor();
    await links
      .getByText(/same device at about the same time/)
      .first()
      .waitFor();
    await links.getByLabel('Incident to link').fill('inc-2');
    await links.getByRole('button', { name: 'Link an incident' }).click();
    await links.getByRole('link', { name: 'INC-2', exact: true }).waitFor();
    await page.locator('ol.history li', { hasText: 'INC-2' }).first().waitFor();
    await links.getByRole('button', { name: 'Remove link to INC-2' }).click();
    await links.getByLabel('Why remove the link to INC-2?').fill('Linked by mistake.');
    await links.getByRole('button', { name: 'Remove link', exact: true }).click();
    await links.getByText('No incident is linked.').waitFor();
    await expectAccessible(page, 'incident-links');
  });

  it('bulk-closes three incidents and shows each outcome', async () => {
    await page.goto(`${s.url}/incidents?sort=reference`);
    await page.getByText('8 incidents').waitFor();
    for (const ref of ['INC-1', 'INC-2', 'INC-3'])
      await page.getByLabel(`Select ${ref}`, { exact: true }).check();
    const bulk = page.getByRole('region', { name: 'Bulk triage: 3 selected' });
    await bulk.waitFor();
    await bulk.getByLabel('New status').selectOption('closed');
    await bulk.getByLabel('Disposition').selectOption('benign');
    await bulk.getByLabel('Resolution').fill('Test files from the finance dry run.');
    let keys = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/incidents/bulk')) keys++;
    });
    await bulk.getByRole('button', { name: 'Apply to 3 incidents' }).click();
    const outcomes = page.getByRole('table', { name: 'Outcome per incident' });
    await outcomes.waitFor();
    expect(await outcomes.locator('tbody tr[data-outcome="updated"]').count()).toBe(3);
    await page.getByText(/Updated 3, unchanged 0, changed meanwhile 0, unavailable 0, refused 0\./).waitFor();
    expect(keys).toBe(1);
    // The queue reloads: the three rows now say Closed, and the selection is cleared.
    await page.locator('table.queue tbody tr', { hasText: 'Closed' }).nth(2).waitFor();
    expect(await page.getByLabel('Select INC-1', { exact: true }).isChecked()).toBe(false);
    await expectAccessible(page, 'queue-bulk');
    await page.screenshot({ path: path.join(shots, 'queue-bulk.png'), fullPage: true });
  });
});
