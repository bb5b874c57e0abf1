import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { type ConsoleServer, requireChromiumOrSkip, signedInConsoleSuite } from './harness.js';
import { seedAgent } from './seed-agent.js';

const run = requireChromiumOrSkip();

/** Fleet and administration as an Owner uses them: enrolment token, invitation, audit log. */
describe.runIf(run)('console in Chromium: fleet and administration', () => {
  let host: string;
  let invitationLink = '';

  const suite = signedInConsoleSuite({
    seed: async (s) => {
      host = await seedAgent(s.dataDir, s.owner.tenant);
    },
    prepareContext: (context, s) =>
      context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url }),
  });
  let s: ConsoleServer;
  let page: Page;
  let shots: string;
  beforeAll(() => {
    ({ s, page, shots } = suite);
  });
  async function ownerToken(): Promise<string> {
    const login = await s.api('POST', '/auth/login', s.owner);
    return login.json.token as string;
  }

  it('shows an Owner every fleet and administration page in the navigation', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Agents', 'Enrolment tokens', 'Users', 'API tokens', 'Audit log'])
      await nav.getByRole('link', { name, exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    await page.getByText('1 agents').waitFor();
    const row = page.getByRole('row', { name: new RegExp(host) });
    expect(await row.innerText()).toContain('Debian 13');
    await expectAccessible(page, 'agents');
  });

  it('shows an agent with its capabilities and reasons, and revokes it after confirmation', async () => {
    await page.getByRole('link', { name: host }).click();
    await page.getByRole('heading', { name: host, level: 1 }).waitFor();
    const matrix = page.getByRole('table', { name: 'Capabilities' });
    const print = matrix.getByRole('row', { name: /print/ });
    expect(await print.innerText()).toContain('CUPS offers no pre-print hook');
    expect(await print.locator('td').allInnerTexts()).toEqual([
      'Yes',
      'No',
      'No',
      'CUPS offers no pre-print hook',
    ]);
    await expectAccessible(page, 'agent');
    await page.screenshot({ path: path.join(shots, 'agent.png'), fullPage: true });
    await page.getByRole('button', { name: 'Revoke this agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this agent' });
    // Too short a reason: the server's sentence on the field, nothing revoked.
    await dialog.getByLabel('Reason').fill('x');
    await dialog.getByLabel('Reason').evaluate((el) => el.removeAttribute('minlength'));
    await dialog.getByRole('button', { name: 'Revoke the agent' }).click();
    await dialog.locator('.error').waitFor();
    expect((await s.api('GET', '/agents', undefined, await ownerToken())).json.items[0].status).toBe(
      'active',
    );
    await dialog.getByLabel('Reason').fill('laptop reported stolen');
    await dialog.getByRole('button', { name: 'Revoke the agent' }).click();
    await page.getByText('The agent is revoked.').waitFor();
    await page.getByRole('definition').filter({ hasText: 'Revoked' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Revoke this agent' }).count()).toBe(0);
  });

  it('creates an enrolment token and shows it once with the install commands', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Enrolment tokens' })
      .click();
    await page.getByRole('heading', { name: 'Enrolment tokens', level: 1 }).waitFor();
    await expectAccessible(page, 'enrolment tokens');
    await page.getByLabel('Devices it may enrol').fill('1');
    await page.getByLabel('Valid for (minutes)').fill('120');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('the token is not shown again').waitFor();
    const blocks = await page.locator('.copy-text pre').allInnerTexts();
    const [token, windows, linuxInstall, linuxEnroll] = blocks;
    expect(token).toMatch(/^\S{20,}$/);
    expect(windows).toBe(`msiexec /i CustosAgent.msi /qn SERVERURL=${s.url} ENROLLTOKEN=${token}`);
    expect(linuxInstall).toBe(
      `sudo installer/install.sh --server ${s.url} --token ${token} --ca-file ca.pem`,
    );
    expect(linuxEnroll).toContain(`dlp-agent enroll --server ${s.url} --token ${token} --ca-file ca.pem`);
    // The copy button puts the exact command on the clipboard.
    await page.getByRole('button', { name: 'Copy' }).nth(1).click();
    // The clipboard write is asynchronous: its block says "Copied." once it is done.
    await page.locator('.copy-text').nth(1).getByRole('status').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(windows);
    await expectAccessible(page, 'enrolment token shown');
    await page.screenshot({ path: path.join(shots, 'enrolment-token.png'), fullPage: true });
    // The list shows the token's prefix, never the token; after Done the secret is gone.
    const row = page.getByRole('table', { name: 'Enrolment tokens' }).locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('0 of 1');
    expect(await row.innerText()).not.toContain(token);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('body').innerText()).not.toContain(token);
    // The API agrees: the token is live; revoking it asks for a reason first.
    await page.getByRole('button', { name: /^Revoke the token/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('rolled out, closing');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The token is revoked.').waitFor();
    await expect.poll(() => row.innerText()).toContain('Revoked');
  });

  it('asks for the step-up before a token that enrols several devices', async () => {
    await page.getByLabel('Devices it may enrol').fill('5');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await expectAccessible(page, 'step-up');
    await dialog.getByLabel('Password').fill(s.owner.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('the token is not shown again').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    const rows = page.getByRole('table', { name: 'Enrolment tokens' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('0 of 5')]));
  });

  it('invites a user with a role and shows the invitation link once', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expectAccessible(page, 'users');
    const domain = s.owner.email.split('@')[1];
    const email = `analyst@${domain}`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Display name (optional)').fill('Ada Analyst');
    await page.getByLabel('Role').selectOption('security_analyst');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText(`Send this link to ${email}`).waitFor();
    const link = await page.locator('.copy-text pre').innerText();
    expect(link.startsWith(`${s.url}/accept-invitation#`)).toBe(true);
    invitationLink = link;
    const row = page.getByRole('row', { name: new RegExp(email) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Invitation not yet accepted');
    await expectAccessible(page, 'users after invite');
    await page.screenshot({ path: path.join(shots, 'users.png'), fullPage: true });
  });

  it('opens the audit log filtered by action', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByLabel('Action', { exact: true }).fill('enrollment_token.revoked');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.searchParams.get('action') === 'enrollment_token.revoked');
    // Exact: the count before the filter (say "21 events") holds "1 events" too, and its rows stay
    // on screen until the filtered answer lands.
    await page.getByText('1 events', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Audit log' });
    expect(await table.locator('tbody tr td:nth-child(2)').allInnerTexts()).toEqual([
      'enrollment_token.revoked',
    ]);
    expect(await table.locator('tbody tr').innerText()).toContain('reason=rolled out, closing');
    await expectAccessible(page, 'audit log');
    // A shared address opens the same view; a prefix ending in a dot takes the whole family.
    await page.goto(`${s.url}/audit?action=user.`);
    await page.getByRole('cell', { name: 'user.invited' }).waitFor();
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('user.');
    const families = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(families.every((a) => a.startsWith('user.'))).toBe(true);
    await page.screenshot({ path: path.join(shots, 'audit.png'), fullPage: true });
  });

  it('shows a Security Analyst only the pages their permissions allow', async () => {
    const invitation = invitationLink.slice(invitationLink.indexOf('#') + 1);
    const password = 'violet harbour lantern 8812 quietly';
    const accepted = await s.api('POST', '/auth/accept-invitation', { invitation, password });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const other = await suite.browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
    try {
      const p = await other.newPage();
      p.setDefaultTimeout(15_000);
      await p.goto(`${s.url}/sign-in`);
      await p.getByLabel('Organisation').fill(s.owner.tenant);
      await p.getByLabel('E-mail').fill(`analyst@${s.owner.email.split('@')[1]}`);
      await p.getByLabel('Password').fill(password);
      await p.getByRole('button', { name: 'Sign in' }).click();
      const nav = p.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Agents', exact: true }).waitFor();
      await nav.getByRole('link', { name: 'API tokens' }).waitFor();
      await nav.getByRole('link', { name: 'Incidents' }).waitFor();
      for (const hidden of ['Enrolment tokens', 'Users', 'Audit log'])
        expect(await nav.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('lists API tokens and makes one shown once', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('siem export');
    await page.getByRole('checkbox', { name: 'incidents:read' }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('it is not shown again').waitFor();
    const token = await page.locator('.copy-text pre').innerText();
    expect(token.startsWith('cus_')).toBe(true);
    const listed = await s.api('GET', '/api-tokens', undefined, token);
    expect(listed.status).toBe(200);
    await expectAccessible(page, 'api tokens');
  });
});
