import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { type ConsoleServer, requireChromiumOrSkip, signedInConsoleSuite } from './harness.js';

const run = requireChromiumOrSkip();

/** Identity pages (issue 20): roles with a custom role, and the organisation's sessions. */
describe.runIf(run)('console in Chromium: roles and sessions', () => {
  const suite = signedInConsoleSuite({
    seed: async (s) => {
      const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
      await s.api('POST', '/auth/step-up', { purpose: 'role_change', password: s.owner.password }, token);
      const role = await s.api(
        'POST',
        '/roles',
        { name: 'Night triage', permissions: ['incidents:read'] },
        token,
      );
      expect(role.status).toBe(201);
    },
  });
  let s: ConsoleServer;
  let page: Page;
  beforeAll(() => {
    ({ s, page } = suite);
  });

  it('lists built-in and custom roles, and retires an unheld custom role after a reason', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Roles', exact: true }).click();
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    const builtIn = page.getByRole('table', { name: 'Built-in roles' });
    expect(await builtIn.getByRole('row', { name: /^Owner/ }).innerText()).toContain('tenant:write');
    const custom = page.getByRole('table', { name: 'Custom roles' });
    const row = custom.getByRole('row', { name: /Night triage/ });
    expect(await row.innerText()).toContain('Whole organisation');
    await expectAccessible(page, 'roles');
    await row.getByRole('button', { name: 'Retire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retire the role Night triage?' });
    await dialog.getByLabel('Reason').fill('the night shift ended');
    await dialog.getByRole('button', { name: 'Retire' }).click();
    // The browser session has not confirmed role_change yet: the step-up dialog asks first.
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByLabel('Password').fill(s.owner.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The role was retired.').waitFor();
    expect(await custom.getByRole('row', { name: /Night triage/ }).innerText()).toContain('Retired');
  });

  it('lists the organisation’s sessions with this one marked', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sessions', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Sessions' });
    await table.getByText('This session').first().waitFor();
    expect(await table.innerText()).toContain(s.owner.email);
    await expectAccessible(page, 'sessions');
  });
});
