import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { type ConsoleServer, requireChromiumOrSkip, signedInConsoleSuite } from './harness.js';
import { seedEvidence, seedIncidents } from './seed.js';

const run = requireChromiumOrSkip();

/** Evidence access, links and bulk triage as an analyst uses them (issue 17). */
describe.runIf(run)('console in Chromium: evidence, links and bulk triage', () => {
  let ids: string[];

  const suite = signedInConsoleSuite({
    seed: async (s) => {
      ids = await seedIncidents(s.dataDir, s.owner.tenant, 8);
      await seedEvidence(s.dataDir, s.owner.tenant, ids[4]!);
    },
  });
  let s: ConsoleServer;
  let page: Page;
  let shots: string;
  beforeAll(() => {
    ({ s, page, shots } = suite);
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

  it('offers the download disabled, with the reason, to a role without evidence:file', async () => {
    // A Security Analyst may open evidence but not download copies (Owner only among built-in roles).
    const owner = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const email = `sam@${s.owner.email.split('@')[1]}`;
    const invited = await s.api('POST', '/users', { email, role: 'security_analyst' }, owner);
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    const password = 'Analyst-passphrase-2026!';
    const accepted = await s.api('POST', '/auth/accept-invitation', {
      invitation: invited.json.invitation,
      password,
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const other = await suite.browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
    const analyst = await other.newPage();
    analyst.setDefaultTimeout(15_000);
    await analyst.goto(`${s.url}/sign-in`);
    await analyst.getByLabel('Organisation').fill(s.owner.tenant);
    await analyst.getByLabel('E-mail').fill(email);
    await analyst.getByLabel('Password').fill(password);
    await analyst.getByRole('button', { name: 'Sign in' }).click();
    await analyst.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await analyst.goto(`${s.url}/incidents/${ids[4]}`);
    const evidence = analyst.getByRole('region', { name: 'Evidence' });
    await evidence.getByLabel('Why do you need the evidence?').fill('Second look at the stored copy.');
    await evidence.getByRole('button', { name: 'Open evidence' }).click();
    const download = evidence.getByRole('button', { name: 'Download' });
    await download.waitFor();
    expect(await download.isDisabled()).toBe(true);
    const described = await download.getAttribute('aria-describedby');
    expect(await analyst.locator(`[id="${described}"]`).textContent()).toContain('download evidence files');
    await expectAccessible(analyst, 'incident-evidence-analyst');
    await other.close();
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

  it('shows a row changed meanwhile as stale, next to the ones updated', async () => {
    // The queue on screen holds INC-4 at version 1; someone else triages it meanwhile.
    const login = await s.api('POST', '/auth/login', s.owner);
    const token = login.json.token as string;
    const moved = await s.api(
      'POST',
      `/incidents/${ids[3]}/status`,
      { status: 'triaged', expected_version: 1 },
      token,
    );
    expect(moved.status).toBe(200);
    await page.getByLabel('Select INC-4', { exact: true }).check();
    await page.getByLabel('Select INC-6', { exact: true }).check();
    const bulk = page.getByRole('region', { name: 'Bulk triage: 2 selected' });
    await bulk.getByLabel('Action').selectOption('assign');
    await bulk.getByLabel('Assign to (e-mail)').fill(s.owner.email);
    await bulk.getByRole('button', { name: 'Apply to 2 incidents' }).click();
    const outcomes = page.getByRole('table', { name: 'Outcome per incident' });
    await outcomes.locator('tr[data-outcome="stale"]', { hasText: 'INC-4' }).waitFor();
    await outcomes.locator('tr[data-outcome="updated"]', { hasText: 'INC-6' }).waitFor();
    await outcomes.getByText('Changed meanwhile; look again').waitFor();
  });

  it('asks the person a question and shows it pending on the incident', async () => {
    await page.getByRole('link', { name: 'INC-7', exact: true }).first().click();
    await page.getByRole('heading', { name: /INC-7 · Card numbers/ }).waitFor();
    await page.getByLabel('New status').selectOption('awaiting_user');
    await page.getByText('Waiting for the person needs a question for them.').waitFor();
    await page.getByLabel('Question for the person').fill('Did you mean to copy this report to the share?');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByText(/Question to the person, asked .*: Did you mean to copy this report/).waitFor();
    await page.getByText(/It lapses .* without an answer\./).waitFor();
    await expectAccessible(page, 'incident-question');
  });

  it('ticks a step of the playbook that applies', async () => {
    const owner = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const made = await s.api(
      'POST',
      '/incident-playbooks',
      {
        name: 'Card data found',
        steps: [{ title: 'Confirm the owner' }, { title: 'Move the file' }],
        enabled: true,
      },
      owner,
    );
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    await page.goto(`${s.url}/incidents/${ids[7]}`);
    const playbook = page.getByRole('region', { name: 'Playbook: Card data found' });
    await playbook.getByText('0 of 2 steps done').waitFor();
    // The box follows the server's answer (a controlled input), so click, then read the answer.
    await playbook.getByLabel('Confirm the owner').click();
    await playbook.getByText('1 of 2 steps done').waitFor();
    await playbook.getByText(new RegExp(`done by ${s.owner.email}`)).waitFor();
    await expectAccessible(page, 'incident-playbook');
  });
});
