import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config.js';
import { connectDatabase } from '../../../server/src/db/connect.js';
import { signInAs } from '../../../server/test/helpers/sign-in.js';
import type { TestContext } from '../../../server/test/helpers/test-app.js';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  launchBrowser,
  logPageIfFailed,
  requireChromiumOrSkip,
  signInOwner,
  startConsoleServer,
} from './harness.js';
import { seedIncidents } from './seed.js';

const run = requireChromiumOrSkip();

/** A second person with incidents:export, written into the running server's database; their bearer token. */
async function seedApprover(s: ConsoleServer): Promise<string> {
  const config = loadConfig({ DLP_DATA_DIR: s.dataDir }, s.dataDir);
  const { db } = connectDatabase(config);
  try {
    const at = new Date();
    const ctx = { db, clock: { now: () => at } } as unknown as TestContext;
    return (await signInAs(ctx, { role: 'security_analyst', tenant: s.owner.tenant })).token;
  } finally {
    await db.destroy();
  }
}

/** Reports (issue 21): create from a template, run with its summary, export above the threshold with approval. */
describe.runIf(run)('console in Chromium: reports', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let approver: string;

  beforeAll(async () => {
    s = await startConsoleServer();
    await seedIncidents(s.dataDir, s.owner.tenant, 3);
    approver = await seedApprover(s);
    const owner = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const set = await s.api(
      'POST',
      '/settings/report-exports',
      { approval_above_rows: 2, reason: 'browser test: larger exports need a second person' },
      owner,
    );
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    ({ browser, context } = await launchBrowser(s.spki));
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInOwner(page, s);
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('creates a report from a regime template and runs it with its summary', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByText('No reports yet.').waitFor();
    await page.getByLabel('Start from').selectOption({ label: 'KVKK: personal data' });
    await page.getByRole('button', { name: 'Create report' }).click();
    await page.getByRole('heading', { name: 'KVKK: personal data · Incident list', level: 1 }).waitFor();
    await page.getByText('0 rows; 0 incidents match.').waitFor();
    await page.getByText(/^Window: /).waitFor();
    await page.getByRole('link', { name: 'All reports' }).click();
    await page.getByLabel('Name').fill('Everything');
    await page.getByRole('button', { name: 'Create report' }).click();
    await page.getByRole('heading', { name: 'Everything · Incident list', level: 1 }).waitFor();
    await page.getByText('3 rows; 3 incidents match.').waitFor();
    expect(await page.locator('dl.facts').innerText()).toContain('New: 3');
    expect(await page.getByRole('row').count()).toBe(4);
    await expectAccessible(page, 'report run');
  });

  it('schedules the report from its page, lists the schedule and its runs, and deletes it', async () => {
    await page.getByRole('button', { name: 'New schedule' }).click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Time zone (IANA, such as Europe/Berlin)').fill('Europe/Istanbul');
    await form.getByLabel('Local time').fill('08:30');
    await form.getByLabel('Repeats').selectOption({ label: 'Weekly' });
    await form.getByLabel('Day of the week').selectOption({ label: 'Friday' });
    await form.getByRole('button', { name: 'Save schedule' }).click();
    const row = page.getByRole('row', { name: /Weekly, Friday at 08:30 \(Europe\/Istanbul\)/ });
    await row.getByText('Active').waitFor();
    await expectAccessible(page, 'report schedules');
    await row.getByRole('button', { name: 'Runs' }).click();
    await page.getByText('No run yet.').waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This report has no schedule.').waitFor();
  });

  it('adds a delivery destination behind the step-up; the secret is never shown; a test is recorded', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Report delivery' })
      .click();
    await page.getByRole('heading', { name: 'Report delivery destinations', level: 1 }).waitFor();
    await page.getByText('No destination yet.').waitFor();
    await page.getByRole('button', { name: 'New destination' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Collector');
    await page.getByLabel('HTTPS address').fill('https://169.254.169.254/latest');
    await page.getByLabel('Shared secret (16–256 characters)').fill('browser-test-secret-0001');
    await page.getByRole('button', { name: 'Save destination' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    await stepUp.getByLabel('Password').fill(s.owner.password);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/link-local/).waitFor();
    // A closed loopback port: saved, and the test fails without reaching anything.
    await page.getByLabel('HTTPS address').fill('https://127.0.0.1:1/inbox');
    await page.getByRole('button', { name: 'Save destination' }).click();
    const row = page.getByRole('row', { name: /Collector/ });
    await row.waitFor();
    expect(await page.content()).not.toContain('browser-test-secret-0001');
    await row.getByRole('button', { name: 'Send a test' }).click();
    await page.getByText('The test failed: the connection was refused.').waitFor();
    await page.getByRole('row', { name: /Test.*Failed/ }).waitFor();
    await expectAccessible(page, 'delivery destinations');
    await page.goBack();
  });

  it('asks for approval above the threshold, and exports with it once someone else approved', async () => {
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await page.getByText('This export has 3 rows, above the limit of 2').waitFor();
    await page.getByLabel('Why you need this export').fill('Quarterly audit sample');
    await page.getByRole('button', { name: 'Ask for approval' }).click();
    await page.getByText(/^Approval requested/).waitFor();
    await expectAccessible(page, 'export approval');

    const pending = await s.api('GET', '/reports/export-requests?state=pending', undefined, approver);
    expect(pending.json.items).toHaveLength(1);
    const decided = await s.api(
      'POST',
      `/reports/export-requests/${pending.json.items[0].id}/approve`,
      {},
      approver,
    );
    expect(decided.status).toBe(204);

    await page.getByRole('button', { name: 'Download CSV' }).click();
    await page.getByRole('button', { name: 'Export with the approval' }).click();
    await page.getByText(/^Export EXP-[A-Z2-9]{10} is ready\./).waitFor();
    const link = page.getByRole('link', { name: 'Save the CSV file' });
    const download = await Promise.all([page.waitForEvent('download'), link.click()]).then(([d]) => d);
    const text = await (await download.createReadStream()).toArray();
    const csv = Buffer.concat(text).toString('utf8');
    expect(csv.split('\r\n')[0]).toContain('export_watermark');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(4);
  });
});
