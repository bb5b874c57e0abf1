import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  logPageIfFailed,
  requireChromiumOrSkip,
  type SignedInConsole,
  startSignedInConsole,
} from './harness.js';

const run = requireChromiumOrSkip();

/** Issue 21 (docs/overview.md, docs/search.md): the Overview landing page and the header search. */
describe.runIf(run)('console in Chromium: overview and search', () => {
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
});
