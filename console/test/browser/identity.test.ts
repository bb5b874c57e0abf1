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
      expect((await s.api('POST', '/agent-groups', { name: 'Night shift laptops' }, token)).status).toBe(201);
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
    // The notice comes with the answer; the list shows the new state once it has been read again.
    await custom
      .getByRole('row', { name: /Night triage/ })
      .getByText('Retired')
      .waitFor();
  });

  it('creates a custom role scoped to an endpoint group, then edits it; a refused field is named', async () => {
    await page.getByRole('button', { name: 'New custom role' }).click();
    const form = page.getByRole('form', { name: 'New custom role' });
    await form.getByLabel('Name', { exact: true }).fill('Day triage');
    await form.getByLabel('Description', { exact: true }).fill('Analysts of the day shift');
    await form.getByRole('checkbox', { name: /incidents:read/ }).check();
    await form.getByRole('radio', { name: 'Only incidents from these endpoint groups' }).check();
    await form.getByRole('checkbox', { name: 'Night shift laptops' }).check();
    // A scoped role cannot hold a tenant-wide permission: the server names the field.
    await form.getByRole('checkbox', { name: /^behaviour:read/ }).check();
    await form.getByRole('button', { name: 'Create role' }).click();
    await form.locator('fieldset[aria-invalid="true"] .error').first().waitFor();
    await expectAccessible(page, 'role-form');
    await form.getByRole('checkbox', { name: /^behaviour:read/ }).uncheck();
    await form.getByRole('button', { name: 'Create role' }).click();
    await page.getByText('The role Day triage was created.').waitFor();
    const custom = page.getByRole('table', { name: 'Custom roles' });
    const row = custom.getByRole('row', { name: /Day triage/ });
    expect(await row.innerText()).toContain('1 endpoint groups');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit the role Day triage' });
    expect(await edit.getByLabel('Name', { exact: true }).inputValue()).toBe('Day triage');
    await edit.getByRole('checkbox', { name: /^incidents:comment/ }).check();
    await edit.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('The role Day triage was saved.').waitFor();
    await custom
      .getByRole('row', { name: /Day triage/ })
      .getByText(/incidents:comment/)
      .waitFor();
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
