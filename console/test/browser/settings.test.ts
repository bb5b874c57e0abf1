import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { publishCardPolicy } from './card-policy.js';
import {
  type ConsoleServer,
  logPageIfFailed,
  requireChromiumOrSkip,
  startSignedInConsole,
  submitSignIn,
} from './harness.js';

const run = requireChromiumOrSkip();
const ANALYST_PASSWORD = 'amber meadow kettle 4471 slowly';

/** Endpoint groups, network indicators and sign-in settings as an Owner uses them. */
describe.runIf(run)('console in Chromium: endpoint groups and settings', () => {
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
  async function ownerToken(): Promise<string> {
    return (await s.api('POST', '/auth/login', s.owner)).json.token as string;
  }
  const nav = () => page.getByRole('navigation', { name: 'Main' });
  const groups = () => page.getByRole('table', { name: 'Endpoint groups' });

  /** Confirms the step-up prompt with the Owner's password. */
  async function confirmStepUp(): Promise<void> {
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill(s.owner.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('creates endpoint groups and refuses a name already taken', async () => {
    await nav().getByRole('link', { name: 'Endpoint groups' }).click();
    await page.getByRole('heading', { name: 'Endpoint groups', level: 1 }).waitFor();
    await page.getByText('No endpoint groups yet.').waitFor();
    await expectAccessible(page, 'groups empty');
    for (const name of ['Finance laptops', 'Spare machines']) {
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Create group' }).click();
      await page.getByText(`The group ${name} is created.`).waitFor();
    }
    await page.getByLabel('Name', { exact: true }).fill('finance laptops');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('alert').filter({ hasText: 'an endpoint group with that name exists' }).waitFor();
    // The notice comes with the answer and the list is read again after it: the refusal can land
    // first, so the count waits for the second group's row.
    await groups()
      .getByRole('row', { name: /Spare machines/ })
      .waitFor();
    expect(await groups().locator('tbody tr').count()).toBe(2);
    await expectAccessible(page, 'groups');
  });

  it('refuses to rename or retire a group a live policy names, saying which policy', async () => {
    await publishCardPolicy(s, 'Finance laptops', ['/srv/share']);
    await page.reload();
    await page.getByRole('button', { name: 'Retire Finance laptops' }).click();
    const retire = page.getByRole('dialog', { name: 'Retire Finance laptops' });
    await retire.getByRole('button', { name: 'Retire', exact: true }).click();
    const refusal = retire.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Policies that name it: POL-1 Payment cards at rest.');
    await expectAccessible(page, 'group retire refused');
    await page.screenshot({ path: path.join(shots, 'group-in-use.png'), fullPage: true });
    await retire.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Rename Finance laptops' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Finance laptops' });
    await rename.getByLabel('New name').fill('Accounting laptops');
    await rename.getByRole('button', { name: 'Rename', exact: true }).click();
    await rename.getByText('Policies that name it: POL-1 Payment cards at rest.').waitFor();
    await rename.getByRole('button', { name: 'Cancel' }).click();
    const groupsNow = await s.api('GET', '/agent-groups', undefined, await ownerToken());
    expect(groupsNow.json.items.map((g: { name: string }) => g.name).sort()).toEqual([
      'Finance laptops',
      'Spare machines',
    ]);
  });

  it('renames and retires a group nothing names; the retired one shows on request', async () => {
    await page.getByRole('button', { name: 'Rename Spare machines' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Spare machines' });
    await rename.getByLabel('New name').fill('Loan machines');
    await rename.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByText('The group is renamed to Loan machines.').waitFor();
    await page.getByRole('button', { name: 'Retire Loan machines' }).click();
    await page
      .getByRole('dialog', { name: 'Retire Loan machines' })
      .getByRole('button', { name: 'Retire', exact: true })
      .click();
    await page.getByText('The group Loan machines is retired.').waitFor();
    await groups()
      .getByRole('row', { name: /Loan machines/ })
      .waitFor({ state: 'detached' });
    await page.getByLabel('Show retired groups').check();
    const row = groups().getByRole('row', { name: /Loan machines/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Retired on');
  });

  it('saves network indicators after the step-up, naming a refused line', async () => {
    await nav().getByRole('link', { name: 'Network indicators' }).click();
    await page.getByRole('heading', { name: 'Network indicators', level: 1 }).waitFor();
    await page.getByText('Never set').waitFor();
    await expectAccessible(page, 'network indicators');
    await page.getByLabel('DNS suffixes (one a line)').fill('corp.example.com\nnot a suffix!');
    await page.getByLabel('IP ranges (one a line)').fill('10.0.0.0/8\n2001:db8::/32');
    await page.getByRole('button', { name: 'Save indicators' }).click();
    await confirmStepUp();
    await page.getByText('Line 2: must be a DNS suffix such as corp.example.com').waitFor();
    expect(await page.getByLabel('DNS suffixes (one a line)').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'network indicators refused');
    const token = await ownerToken();
    expect((await s.api('GET', '/settings/network-indicators', undefined, token)).json.revision).toBe(0);

    await page.getByLabel('DNS suffixes (one a line)').fill('corp.example.com\n.Branch.Example.');
    await page.getByRole('button', { name: 'Save indicators' }).click();
    await page.getByText('Saved as revision 1.').waitFor();
    // The server's normalised, sorted lists replace what was typed: an effect copies the saved
    // answer into the field after the render that shows the notice.
    await expect
      .poll(() => page.getByLabel('DNS suffixes (one a line)').inputValue())
      .toBe('branch.example\ncorp.example.com');
    const saved = await s.api('GET', '/settings/network-indicators', undefined, token);
    expect(saved.json).toMatchObject({
      revision: 1,
      dns_suffixes: ['branch.example', 'corp.example.com'],
      ip_ranges: ['10.0.0.0/8', '2001:db8::/32'],
    });
    await page.screenshot({ path: path.join(shots, 'network-indicators.png'), fullPage: true });
  });

  it('lists the organisation’s sessions and revokes another person’s, not the Owner’s own', async () => {
    const owner = await ownerToken();
    const email = `nadia@${s.owner.email.split('@')[1]}`;
    const invited = await s.api('POST', '/users', { email, role: 'security_analyst' }, owner);
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    const accepted = await s.api('POST', '/auth/accept-invitation', {
      invitation: invited.json.invitation,
      password: ANALYST_PASSWORD,
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const analyst = (
      await s.api('POST', '/auth/login', { tenant: s.owner.tenant, email, password: ANALYST_PASSWORD })
    ).json.token as string;
    expect((await s.api('GET', '/auth/me', undefined, analyst)).status).toBe(200);

    await nav().getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Sessions' });
    const rows = table.getByRole('row', { name: new RegExp(email) });
    await rows.first().waitFor();
    // The session this page runs in has no button.
    expect(await table.getByText('This session').count()).toBe(1);
    await expectAccessible(page, 'sessions');
    await page.screenshot({ path: path.join(shots, 'sessions.png'), fullPage: true });

    // The invitation's acceptance and the sign-in each opened one: revoke every one of them.
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let left = count; left > 0; left--) {
      await page
        .getByRole('button', { name: `Revoke the session of ${email}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: `Revoke the session of ${email}` });
      await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      // The revoked row leaves the table: the row at the old last place is gone.
      await rows.nth(left - 1).waitFor({ state: 'detached' });
    }
    await page.getByText(`The session of ${email} is revoked.`).waitFor();
    expect((await s.api('GET', '/auth/me', undefined, analyst)).status).toBe(401);

    // Another of the Owner's own sessions (the API sign-in above): the server's refusal, in words.
    await page
      .getByRole('button', { name: /^Revoke the session of / })
      .first()
      .click();
    const own = page.getByRole('dialog', { name: /^Revoke the session of / });
    await own.getByRole('button', { name: 'Revoke', exact: true }).click();
    await own.getByRole('alert').waitFor();
    await expectAccessible(page, 'own session refused');
    await own.getByRole('button', { name: 'Cancel' }).click();
    expect((await s.api('GET', '/auth/me', undefined, owner)).status).toBe(200);
  });

  it('creates and enables a directory source; a failed test lookup shows the one-word reason', async () => {
    await nav().getByRole('link', { name: 'Directory sources' }).click();
    await page.getByRole('heading', { name: 'Directory sources', level: 1 }).waitFor();
    await page.getByText('No directory sources yet.').waitFor();
    const form = page.getByRole('form', { name: 'New directory source' });
    await form.getByLabel('Name', { exact: true }).fill('Corporate AD');
    await form.getByLabel('Credential reference').fill('env:NOT_BOUND');
    await form.getByLabel('Reason').fill('policy targeting');
    await form.getByRole('button', { name: 'Create source' }).click();
    await form.getByText('must name a variable bound to this tenant', { exact: false }).waitFor();
    // A reference bound to the tenant whose variable this server does not have.
    const slug = s.owner.tenant.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    await form.getByLabel('Credential reference').fill(`env:DLP_SECRET_${slug}_DIRECTORY`);
    await form.getByRole('button', { name: 'Create source' }).click();
    await page.getByText('The source Corporate AD is created, disabled.').waitFor();
    await page.getByLabel('Reason for the change').fill('go live');
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByText('The source Corporate AD is now Enabled.').waitFor();
    await expectAccessible(page, 'directory sources');
    const test = page.getByRole('group', { name: 'Test a lookup' });
    await test.getByLabel('Name starts with').fill('alice');
    await test.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'the directory could not be searched (credential)' })
      .waitFor();
    await page.reload();
    await page.getByText('Failed: credential').waitFor();
    await page.screenshot({ path: path.join(shots, 'directory-sources.png'), fullPage: true });
  });

  it('shows a Security Analyst groups and indicators read-only, and neither sessions nor sign-in settings', async () => {
    const other = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
    try {
      const p = await other.newPage();
      p.setDefaultTimeout(15_000);
      await p.goto(`${s.url}/sign-in`);
      await submitSignIn(p, s.owner.tenant, `nadia@${s.owner.email.split('@')[1]}`, ANALYST_PASSWORD);
      const links = p.getByRole('navigation', { name: 'Main' });
      await links.getByRole('link', { name: 'Endpoint groups' }).waitFor();
      await links.getByRole('link', { name: 'Network indicators' }).waitFor();
      for (const hidden of ['Sessions', 'Sign-in settings'])
        expect(await links.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
      await links.getByRole('link', { name: 'Endpoint groups' }).click();
      await p.getByRole('table', { name: 'Endpoint groups' }).waitFor();
      expect(await p.getByRole('button', { name: 'Create group' }).count()).toBe(0);
      expect(await p.getByRole('button', { name: /^Retire / }).count()).toBe(0);
      await links.getByRole('link', { name: 'Network indicators' }).click();
      await p.getByText('Changing them needs the policy approval permission.').waitFor();
      expect(await p.getByRole('button', { name: 'Save indicators' }).count()).toBe(0);
      await expectAccessible(p, 'network indicators read-only');
      // Opened by address, the page shows the server's refusal.
      await p.goto(`${s.url}/sessions`);
      await p.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
      await p.getByRole('alert').waitFor();
      expect(await p.getByRole('table', { name: 'Sessions' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('changes the idle time and requires a second factor after the step-up', async () => {
    await nav().getByRole('link', { name: 'Sign-in settings' }).click();
    await page.getByRole('heading', { name: 'Sign-in settings', level: 1 }).waitFor();
    await page.getByText('Not required.').waitFor();
    await expectAccessible(page, 'sign-in settings');
    const idle = page.getByRole('form', { name: 'Idle sign-out' });
    await idle.getByLabel('Minutes without use before sign-out').fill('45');
    await idle.getByLabel('Reason for the change').fill('Shorter sessions on shared desks.');
    await idle.getByRole('button', { name: 'Save the idle time' }).click();
    await page.getByText('People are now signed out after 45 idle minutes.').waitFor();

    const factor = page.getByRole('form', { name: 'Second factor' });
    await factor.getByLabel('Require a second factor for everyone').check();
    await factor.getByLabel('Days of grace to enrol').fill('7');
    await factor.getByLabel('Reason for the change').fill('Audit finding: passwords alone.');
    await factor.getByRole('button', { name: 'Save the second-factor rule' }).click();
    await confirmStepUp();
    await page.getByText('The second-factor rule is saved.').waitFor();
    await page.getByText(/^Required since .+; people without one must enrol by .+\.$/).waitFor();
    await expectAccessible(page, 'sign-in settings saved');
    await page.screenshot({ path: path.join(shots, 'sign-in-settings.png'), fullPage: true });
    const token = await ownerToken();
    expect((await s.api('GET', '/settings/session', undefined, token)).json).toEqual({ idle_minutes: 45 });
    expect((await s.api('GET', '/settings/second-factor', undefined, token)).json).toMatchObject({
      required: true,
      grace_days: 7,
    });
  });
});
