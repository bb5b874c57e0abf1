import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  logPageIfFailed,
  requireChromiumOrSkip,
  startSignedInConsole,
} from './harness.js';

const run = requireChromiumOrSkip();

/** SCIM tokens on the sign-in settings page (issue 20; docs/scim.md): made once, then revoked. */
describe.runIf(run)('console in Chromium: SCIM tokens', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ s, browser, page } = await startSignedInConsole());
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const scimUsers = (token: string) => s.api('GET', '/scim/v2/Users', undefined, token);

  it('creates a token shown once after a sign-in confirmation, lists it, and revokes it with a reason', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign-in settings' })
      .click();
    const section = page.getByRole('region', { name: 'SCIM provisioning' });
    await section.getByText('No SCIM tokens yet.').waitFor();
    expect(await section.getByText(`${s.url}/api/v1/scim/v2`).count()).toBeGreaterThan(0);
    await section.getByLabel('Name', { exact: true }).fill('Entra ID');
    await section.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByLabel('Password').fill(s.owner.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const fresh = page.getByRole('region', { name: 'SCIM token' });
    await fresh.getByText('it is not shown again').waitFor();
    const token = /dlpscim_[A-Za-z0-9_-]{43}/.exec(await fresh.innerText())?.[0] ?? '';
    expect(token).not.toBe('');
    await expectAccessible(page, 'scim token shown once');
    // The token is live: it passes the SCIM credential check (403 only because no provider is on).
    const live = await scimUsers(token);
    expect(live.status).toBe(403);
    expect(live.json.detail).toContain('single sign-on');
    await fresh.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('body').innerText()).not.toContain(token);

    const table = page.getByRole('table', { name: 'SCIM provisioning' });
    await table.getByRole('cell', { name: 'Entra ID' }).waitFor();
    await table.getByRole('button', { name: 'Revoke token' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    await confirm.getByLabel('Reason').fill('moved to a new tenant');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('The SCIM token was revoked.').waitFor();
    await table.getByRole('cell', { name: 'Revoked' }).waitFor();
    expect((await scimUsers(token)).status).toBe(401);
    await expectAccessible(page, 'scim token revoked');
  });
});
