import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  logPageIfFailed,
  requireChromiumOrSkip,
  type SignedInConsole,
  startSignedInConsole,
} from './harness.js';
import { seedActivity, seedScanFindings } from './seed-activity.js';

const run = requireChromiumOrSkip();

/**
 * Issue 21 (docs/overview.md, docs/search.md, docs/activity-explorer.md, docs/discovery-scans.md):
 * the Overview landing page, the header search, the Activity Explorer and discovery scans.
 */
describe.runIf(run)('console in Chromium: overview, search, activity and discovery scans', () => {
  let c: SignedInConsole;

  beforeAll(async () => {
    c = await startSignedInConsole();
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(c?.page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await c?.browser.close();
    await c?.s.close();
  });

  it('shows the overview with its figures and why person rankings are withheld', async () => {
    const { page, s } = c;
    await page.goto(`${s.url}/overview`);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByText('Open incidents').waitFor();
    expect(await page.locator('[data-figure="open"]').innerText()).toBe('0');
    await page.getByText('Person analysis is off for this organisation.').waitFor();
    await expectAccessible(page, 'overview');
  });

  it('searches from the header: results grouped by kind with links, nothing found said so', async () => {
    const { page, s } = c;
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(s.owner.email.slice(0, 8));
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Search' });
    await results.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
    expect(await results.getByRole('link').first().getAttribute('href')).toBe('/users');
    await box.fill('zz-nothing-here');
    await box.press('Enter');
    await results.getByText('Nothing found.').waitFor();
    await box.fill('z');
    await box.press('Enter');
    await page.getByText('Type at least two characters.').waitFor();
  });

  it('the Activity Explorer shows rows with requested and applied action, the timeline and runs', async () => {
    const { page, s } = c;
    const host = await seedActivity(s.dataDir, s.owner.tenant);
    await page.goto(`${s.url}/activity`);
    await page.getByRole('heading', { name: 'Activity Explorer', level: 1 }).waitFor();
    const rows = page.locator('[data-table="activity"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // The total and timeline read whole hours from the roll-up: they agree with the rows.
    await page.getByText('2 events in the window').waitFor();
    const usb = rows.filter({ hasText: 'cards.csv' });
    expect(await usb.innerText()).toMatch(
      /removable_storage[\s\S]*block[\s\S]*audit[\s\S]*Reduced by endpoint capability[\s\S]*Yes/,
    );
    await page.locator('svg[data-chart="timeline"]').waitFor();
    const runs = page.locator('[data-table="discovery-runs"] tbody tr');
    await runs.first().waitFor();
    expect(await runs.first().innerText()).toContain(host);
    await expectAccessible(page, 'activity');
    // A filter the API offers: enforcement reduced by capability leaves the USB copy only.
    await page.getByLabel('Enforcement').selectOption('reduced_by_capability');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('1 events in the window').waitFor();
    expect(await rows.count()).toBe(1);
  });

  it('starts a discovery scan on an endpoint and shows its findings, high and critical only on demand', async () => {
    const { page, s } = c;
    await page.goto(`${s.url}/discovery-scans`);
    await page.getByRole('heading', { name: 'Discovery scans', level: 1 }).waitFor();
    await page.getByText('No scans yet.').waitFor();
    await page.getByLabel('Name').fill('Share sweep');
    await page.getByRole('group', { name: 'Endpoints' }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Start the scan' }).click();
    await page.getByRole('heading', { name: /DS-1 · Share sweep/ }).waitFor();
    await page.locator('[data-status="queued"]').waitFor();
    await expectAccessible(page, 'discovery-scan');
    const scanId = page.url().split('/').at(-1)!;
    await seedScanFindings(s.dataDir, s.owner.tenant, scanId);
    await page.reload();
    const findings = page.locator('[data-table="scan-findings"] tbody tr');
    await findings.first().waitFor();
    expect(await findings.count()).toBe(2);
    await page.getByLabel('High and critical only').check();
    await page
      .locator('[data-table="scan-findings"] tbody tr[data-severity="low"]')
      .waitFor({ state: 'detached' });
    expect(await findings.count()).toBe(1);
    expect(await findings.first().innerText()).toContain('/srv/share/cards.csv');
    await page.goto(`${s.url}/discovery-scans`);
    await page.locator('[data-table="discovery-scans"]').getByRole('link', { name: 'DS-1' }).waitFor();
    await expectAccessible(page, 'discovery-scans');
  });
});
