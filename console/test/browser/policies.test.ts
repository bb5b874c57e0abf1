import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  logPageIfFailed,
  requireChromiumOrSkip,
  signedInConsoleSuite,
  submitSignIn,
} from './harness.js';
import { seedAgent } from './seed-agent.js';

const run = requireChromiumOrSkip();

/**
 * The policy side of the console as people use it (issue 17): an Admin writes a blocking policy,
 * publishing it needs a second person, the Owner approves it, and a card number simulated against
 * it is blocked with the decision explained. axe-core runs on every policy page.
 */
describe.runIf(run)('console in Chromium: policies', () => {
  let s: ConsoleServer;
  let adminContext: BrowserContext;
  let owner: Page;
  let admin: Page;
  let shots: string;
  let policyUrl = '';
  // Read at call time: the suite's server is set before its `seed` runs.
  const adminEmail = () => `ada@${suite.s.owner.email.split('@')[1]}`;
  const adminPassword = 'Admin-passphrase-2026!';

  // The Owner's page comes from the suite; the Admin (invited in `seed`) signs in on a second context.
  const suite = signedInConsoleSuite({
    seed: async (s) => {
      const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
      const invited = await s.api('POST', '/users', { email: adminEmail(), role: 'admin' }, token);
      expect(invited.status, JSON.stringify(invited.json)).toBe(201);
      const accepted = await s.api('POST', '/auth/accept-invitation', {
        invitation: invited.json.invitation,
        password: adminPassword,
      });
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    },
  });
  beforeAll(async () => {
    ({ s, page: owner, shots } = suite);
    adminContext = await suite.browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
    admin = await adminContext.newPage();
    admin.setDefaultTimeout(15_000);
    await admin.goto(`${s.url}/sign-in`);
    await submitSignIn(admin, s.owner.tenant, adminEmail(), adminPassword);
    await admin.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(admin, ctx.task.result?.state === 'fail'));

  it('lets an Admin write a blocking policy, showing a refusal on the field the server names', async () => {
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Policies' }).click();
    await admin.getByRole('heading', { name: 'Policies', level: 1 }).waitFor();
    await admin.getByText('0 of 0 policies shown.', { exact: false }).waitFor();
    await expectAccessible(admin, 'policies-empty');
    await admin.getByRole('link', { name: 'New policy' }).click();
    await admin.getByRole('heading', { name: 'New policy', level: 1 }).waitFor();
    await admin.getByLabel('Name', { exact: true }).fill('Card numbers on USB');
    await admin.getByLabel('Response', { exact: true }).selectOption('block');
    await admin.getByRole('group', { name: 'Channels' }).getByLabel('Removable storage').check();
    await admin.getByLabel('Detector', { exact: true }).selectOption('payment_card');
    // Too short a reason: refused, and the sentence sits on the change-reason field.
    const reason = admin.getByLabel('Reason for this change');
    await reason.fill('short');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.locator('[aria-invalid="true"]').first().waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    const described = (await reason.getAttribute('aria-describedby')) ?? '';
    const errorId = described.split(' ').find((id) => id.endsWith('-error')) ?? '';
    expect(await admin.locator(`[id="${errorId}"]`).textContent()).toMatch(/10/);
    await expectAccessible(admin, 'policy-editor-refused');
    await admin.screenshot({ path: path.join(shots, 'policy-editor.png'), fullPage: true });
    await reason.fill('Stop card numbers leaving on USB sticks.');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('heading', { name: /Card numbers on USB/, level: 1 }).waitFor();
    policyUrl = admin.url();
    const row = admin.getByRole('table', { name: 'Versions and lifecycle' }).getByRole('row').nth(1);
    expect(await row.innerText()).toContain('Draft');
    await expectAccessible(admin, 'policy-draft');
  });

  it('sends the Admin’s publication to a second person, and refuses the Admin’s own approval', async () => {
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Publish version 1' });
    await dialog.getByText(/second person/).waitFor();
    await expectAccessible(admin, 'publish-dialog');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await admin.getByText('Version 1: Awaiting approval.').waitFor();
    const table = admin.getByRole('table', { name: 'Versions and lifecycle' });
    await table.getByRole('cell', { name: 'Awaiting approval' }).waitFor();
    // Publishing is refused now, and the server's reason stands beside the button.
    expect(await table.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    // The author may not approve their own version: the button is refused with the reason.
    const approve = table.getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(true);
    const reasonId = (await approve.getAttribute('aria-describedby')) ?? '';
    expect(await admin.locator(`[id="${reasonId}"]`).textContent()).toContain('another person must approve');
    // Refused actions stay visible with the server's reason (rollback of a never-published version).
    await table.getByText('the version was never published').waitFor();
    await expectAccessible(admin, 'policy-awaiting-approval');
    await admin.screenshot({ path: path.join(shots, 'policy-awaiting-approval.png'), fullPage: true });
  });

  it('lets the Owner approve it, and the lifecycle names who did what', async () => {
    await owner.goto(policyUrl);
    // The approver reads what the pending version says first.
    const summary = owner.getByRole('region', { name: 'Version 1' });
    expect(await summary.innerText()).toContain('Detector: payment_card');
    expect(await summary.innerText()).toContain('Channels: removable_storage');
    const table = owner.getByRole('table', { name: 'Versions and lifecycle' });
    await table.getByRole('button', { name: 'Approve' }).click();
    const approve = owner.getByRole('dialog', { name: 'Approve version 1' });
    await expectAccessible(owner, 'approve-dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    const stepUp = owner.getByRole('dialog', { name: 'Confirm it is you' });
    await Promise.race([stepUp.waitFor(), owner.getByText('Version 1: Published.').waitFor()]);
    if (await stepUp.isVisible()) {
      await stepUp.getByLabel('Password').fill(s.owner.password);
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
    }
    await owner.getByText('Version 1: Published.').waitFor();
    const row = table.getByRole('row').nth(1);
    await row.getByRole('cell', { name: 'Published', exact: true }).waitFor();
    const text = await row.innerText();
    expect(text).toContain(adminEmail());
    expect(text).toContain('you');
    await expectAccessible(owner, 'policy-published');
    await owner.screenshot({ path: path.join(shots, 'policy-published.png'), fullPage: true });
  });

  it('simulates a card number and explains the block', async () => {
    await owner
      .getByRole('navigation', { name: 'Policy pages' })
      .getByRole('link', { name: 'Simulate' })
      .click();
    await owner.getByRole('heading', { name: 'Simulate', level: 1 }).waitFor();
    await owner.getByLabel('Text to evaluate').fill('Please charge card 4111 1111 1111 1111 for the order.');
    await owner.getByLabel('Channel').selectOption('removable_storage');
    await owner.getByRole('button', { name: 'Simulate', exact: true }).click();
    const result = owner.getByRole('region', { name: 'Decision' });
    await result.getByText('final action: Block').waitFor();
    const matched = result.getByRole('table', { name: 'Matched policies' });
    expect(await matched.innerText()).toContain('Card numbers on USB');
    expect(await result.getByRole('list', { name: 'Explanation' }).innerText()).not.toBe('');
    await expectAccessible(owner, 'simulate');
    await owner.screenshot({ path: path.join(shots, 'simulate.png'), fullPage: true });
  });

  it('reorders policies with the keyboard and a reason', async () => {
    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const second = await s.api(
      'POST',
      '/policies',
      {
        name: 'Audit uploads',
        severity: 'low',
        scope: {},
        condition: { op: 'always' },
        response: 'audit',
        change_reason: 'Keep a record of every upload.',
      },
      token,
    );
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    await owner.goto(`${s.url}/policies/order`);
    const handle = owner.getByRole('button', { name: /Position 2: .*Audit uploads/ });
    await handle.focus();
    await owner.keyboard.press('Alt+ArrowUp');
    await owner.getByRole('button', { name: /Position 1: .*Audit uploads/ }).waitFor();
    await owner.getByText(/Audit uploads moved to position 1 of 2/).waitFor();
    await expectAccessible(owner, 'reorder');
    // Dragging works too: the card policy back on top, then forward again by drag.
    const items = owner.locator('ol.order li');
    await items.nth(1).dragTo(items.nth(0));
    await owner.getByRole('button', { name: /Position 1: .*Card numbers on USB/ }).waitFor();
    await items.nth(1).dragTo(items.nth(0));
    await owner.getByRole('button', { name: /Position 1: .*Audit uploads/ }).waitFor();
    await owner.getByLabel('Reason').fill('Audit first, then block.');
    await owner.getByRole('button', { name: 'Save the order' }).click();
    await owner.getByText(/The order is saved/).waitFor();
    const listed = await s.api('GET', '/policies', undefined, token);
    const order = [...listed.json].sort((a, b) => a.position - b.position).map((p) => p.name);
    expect(order).toEqual(['Audit uploads', 'Card numbers on USB']);
  });

  it('simulates a draft on a named endpoint and shows the action clamped to what it can do', async () => {
    const host = await seedAgent(s.dataDir, s.owner.tenant);
    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const draft = await s.api(
      'POST',
      '/policies',
      {
        name: 'Cards on paper',
        severity: 'high',
        scope: { channels: ['print'] },
        condition: { op: 'detector', detector_id: 'payment_card' },
        response: 'block',
        change_reason: 'Card numbers must not be printed.',
      },
      token,
    );
    expect(draft.status, JSON.stringify(draft.json)).toBe(201);
    await owner.goto(`${s.url}/policies/simulate?policy_id=${draft.json.policy_id}`);
    await owner.getByLabel('Text to evaluate').fill('Card 4111 1111 1111 1111');
    await owner.getByLabel('Channel').selectOption('print');
    await owner.getByLabel('Version').fill('1');
    await owner.getByLabel('Endpoint', { exact: true }).selectOption({ label: host });
    await owner.getByRole('button', { name: 'Simulate', exact: true }).click();
    const result = owner.getByRole('region', { name: 'Decision' });
    await result.getByText(/The endpoint cannot Block here: reduced to/).waitFor();
    expect(await result.innerText()).toContain('Requested action');
    await expectAccessible(owner, 'simulate-clamped');
    await owner.screenshot({ path: path.join(shots, 'simulate-clamped.png'), fullPage: true });
  });

  it('builds a nested condition with an exception, risk steps, a schedule and notices; a nested refusal sits on its field', async () => {
    await admin.goto(`${s.url}/policies/new`);
    await admin.getByLabel('Name', { exact: true }).fill('Cards off the network in office hours');
    const root = admin.getByRole('group', { name: 'Condition node (level 1)' });
    await root.getByLabel('Kind').first().selectOption('at_least');
    await root.getByLabel('How many must hold (N)').fill('3');
    await root.getByRole('button', { name: 'Add a node inside' }).last().click();
    await root.getByRole('button', { name: 'Add a node inside' }).last().click();
    const children = admin.getByRole('group', { name: 'Condition node (level 2)' });
    await children
      .first()
      .getByText(/not evaluated/)
      .waitFor();
    await children.nth(1).getByLabel('Kind').first().selectOption('not');
    const grand = children.nth(1).getByRole('group', { name: 'Condition node (level 3)' });
    await grand.getByLabel('Kind').selectOption('network_location');
    await grand.getByLabel('Corporate network').check();
    await admin.getByRole('button', { name: 'Add an exception' }).click();
    const ex = admin.getByRole('group', { name: 'Exceptions' });
    await ex.getByLabel('Why').fill('Finance prints card slips.');
    await ex.getByLabel('Approved by').fill('ciso@example.com');
    await ex.getByRole('group', { name: 'Channels' }).getByLabel('Print', { exact: true }).check();
    await ex.getByLabel('Effect').selectOption('inform');
    await admin.getByRole('button', { name: 'Use risk thresholds' }).click();
    await admin.getByRole('button', { name: 'Add a schedule' }).click();
    await admin.getByLabel('Time zone').selectOption('Asia/Baku');
    await admin.getByLabel('Notice text in Azərbaycanca').fill('Bu fayl şirkətdən çıxa bilməz.');
    await admin.getByLabel('Notice text in English').fill('This file may not leave the company.');
    await admin.getByLabel('Reason for this change').fill('Office-hours rule for card data.');
    await admin.getByRole('button', { name: 'Save' }).click();
    // Three required of two children: the server names condition.n, shown on the N field.
    const n = root.getByLabel('How many must hold (N)');
    await admin.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    expect(await n.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(admin, 'policy-editor-nested');
    await admin.screenshot({ path: path.join(shots, 'policy-editor-nested.png'), fullPage: true });
    await n.fill('2');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('heading', { name: /Cards off the network/, level: 1 }).waitFor();
    const id = admin.url().split('/').at(-1) ?? '';
    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const versions = await s.api('GET', `/policies/${id}/versions`, undefined, token);
    const v = versions.json[0];
    expect(v.schedule).toMatchObject({ timezone: 'Asia/Baku', days_of_week: [0, 1, 2, 3, 4] });
    expect(v.condition.op).toBe('at_least');
    expect(v.condition.nodes[1]).toEqual({
      op: 'not',
      node: { op: 'network_location', any_of: ['off_network', 'corporate'] },
    });
    expect(v.exceptions[0]).toMatchObject({
      reason: 'Finance prints card slips.',
      approved_by: 'ciso@example.com',
      downgrade_to: 'inform',
      scope: { channels: ['print'] },
    });
    expect(v.risk_thresholds).toEqual({ below: 'audit', steps: [{ at_or_above: 70, action: 'block' }] });
    expect(v.notifications.user_messages).toEqual({
      az: 'Bu fayl şirkətdən çıxa bilməz.',
      en: 'This file may not leave the company.',
    });
  });

  it('shows bundles with a diff, and the policy library pages pass axe', async () => {
    await owner.goto(`${s.url}/policy-bundles`);
    await owner.getByRole('heading', { name: 'Policy bundles', level: 1 }).waitFor();
    await owner
      .getByRole('button', { name: /with the previous bundle/ })
      .first()
      .click();
    await owner.getByRole('region', { name: /Bundle \d+ → \d+/ }).waitFor();
    await expectAccessible(owner, 'bundles');
    await owner.screenshot({ path: path.join(shots, 'bundles.png'), fullPage: true });
    // The inventory sorts from its headers, kept in the address.
    await owner.goto(`${s.url}/policies`);
    const inventory = owner.getByRole('table', { name: 'Policies' });
    const names = inventory.locator('tbody tr td:nth-child(2)');
    await names.first().waitFor();
    const byName = (await names.allInnerTexts()).sort((a, b) => a.localeCompare(b));
    await inventory.getByRole('button', { name: 'Name' }).click();
    await owner.waitForURL(/sort=name/);
    // The header follows the address at once; the rows follow the answer (the previous order
    // stays on screen until it lands).
    await expect
      .poll(() => inventory.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect.poll(() => names.allInnerTexts()).toEqual(byName);
    await inventory.getByRole('button', { name: 'Name' }).click();
    await owner.waitForURL(/dir=desc/);
    for (const [where, heading] of [
      ['/policies', 'Policies'],
      ['/prompt-messages', 'Prompt messages'],
      ['/approved-devices', 'Approved devices'],
      ['/classifications', 'Classifications'],
      ['/detectors', 'Detectors'],
    ] as const) {
      await owner.goto(`${s.url}${where}`);
      await owner.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await owner.getByRole('table').first().waitFor();
      await expectAccessible(owner, where);
      await owner.screenshot({ path: path.join(shots, `${where.slice(1)}.png`), fullPage: true });
    }
  });

  it('changes the policy settings behind the step-up prompt', async () => {
    await owner.goto(`${s.url}/policy-settings`);
    await owner.getByRole('heading', { name: 'Policy settings', level: 1 }).waitFor();
    await owner.getByLabel('Help address shown in notices').fill('not an address');
    await owner.getByRole('button', { name: 'Save' }).click();
    const stepUp = owner.getByRole('dialog', { name: 'Confirm it is you' });
    const help = owner.getByLabel('Help address shown in notices');
    await Promise.race([
      stepUp.waitFor(),
      owner.waitForFunction(() => document.querySelector('[aria-invalid="true"]')),
    ]);
    if (await stepUp.isVisible()) {
      await stepUp.getByLabel('Password').fill(s.owner.password);
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
    }
    await owner.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    expect(await help.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(owner, 'policy-settings-refused');
    await help.fill('https://help.example.com/dlp');
    await owner.getByLabel('Every release needs a second person').check();
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('The settings are saved.').waitFor();
    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const stored = await s.api('GET', '/policy-settings', undefined, token);
    expect(stored.json).toMatchObject({
      help_address: 'https://help.example.com/dlp',
      second_person_rule: true,
    });
  });

  it('asks a second person to switch a policy off, who approves it', async () => {
    // The second-person rule is on now (previous test): switching off waits for someone else.
    await owner.goto(policyUrl);
    await owner.getByRole('button', { name: 'Switch this policy off' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Switch this policy off' });
    await dialog.getByText(/stop applying this policy/).waitFor();
    await dialog.getByLabel('Reason').fill('Too many false positives this week.');
    await dialog.getByRole('button', { name: 'Switch this policy off' }).click();
    await owner.getByText('Switching off needs a second person; the request is waiting.').waitFor();
    await owner.getByText(/asked to switch it off on .*: Too many false positives this week\./).waitFor();
    await owner.getByRole('button', { name: 'Withdraw the request' }).waitFor();
    await expectAccessible(owner, 'switch-off-requested');
    await admin.goto(policyUrl);
    await admin.getByRole('button', { name: 'Approve switching off' }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve switching off' });
    await approve.getByRole('button', { name: 'Approve switching off' }).click();
    const stepUp = admin.getByRole('dialog', { name: 'Confirm it is you' });
    await Promise.race([stepUp.waitFor(), admin.getByText('The policy is switched off.').waitFor()]);
    if (await stepUp.isVisible()) {
      await stepUp.getByLabel('Password').fill(adminPassword);
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
    }
    await admin.getByText('The policy is switched off.').waitFor();
    await admin.getByRole('button', { name: 'Switch this policy on' }).waitFor();
    await admin.getByText('Switched off').first().waitFor();
  });

  it('approves a device, writes a detector, a classification and a prompt message, refusals on their fields', async () => {
    await owner.goto(`${s.url}/approved-devices`);
    const form = owner.getByRole('form', { name: 'Approve a device' });
    await form.getByLabel('Serial number').fill('SN-4242');
    await form.getByRole('button', { name: 'Approve a device' }).click();
    await owner
      .getByRole('table', { name: 'Approved devices' })
      .getByRole('cell', { name: 'SN-4242', exact: true })
      .waitFor();
    await owner.goto(`${s.url}/detectors`);
    await owner.getByRole('button', { name: 'New detector' }).click();
    const detector = owner.getByRole('form', { name: 'New detector' });
    await detector.getByLabel('Detector id').fill('order_ref');
    await detector.getByLabel('Pattern').fill('(?=x)ORD');
    await detector.getByRole('button', { name: 'Save' }).click();
    await detector.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(owner, 'detector-refused');
    await detector.getByLabel('Pattern').fill('ORD-[0-9]{6}');
    await detector.getByRole('button', { name: 'Save' }).click();
    await owner.getByRole('cell', { name: 'order_ref v1' }).waitFor();
    // A classification of one card element, then a prompt message in two languages.
    await owner.goto(`${s.url}/classifications`);
    await owner.getByRole('button', { name: 'New classification' }).click();
    const cls = owner.getByRole('form', { name: 'New classification' });
    await cls.getByLabel('Classification id').fill('cards');
    await cls.getByLabel('Name', { exact: true }).fill('Card data');
    await cls.getByLabel('Detector').selectOption('payment_card');
    await cls.getByRole('button', { name: 'Save' }).click();
    // Every rule needs a name: the sentence sits on the rule's name field.
    const ruleName = cls.getByLabel('Rule name');
    await owner.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    expect(await ruleName.getAttribute('aria-invalid')).toBe('true');
    await ruleName.fill('Any card number');
    await cls.getByRole('button', { name: 'Save' }).click();
    await owner.getByRole('cell', { name: 'Card data', exact: true }).waitFor();
    await expectAccessible(owner, 'classifications-after-create');
    await owner.goto(`${s.url}/prompt-messages`);
    await owner.getByRole('button', { name: 'New message' }).click();
    const pm = owner.getByRole('form', { name: 'New message' });
    await pm.getByLabel('Name', { exact: true }).fill('USB block');
    await pm.getByLabel('Used for').selectOption('block');
    await pm.getByLabel('Notice text in English').fill('Copying this to USB is not allowed.');
    await pm.getByLabel('Notice text in Türkçe').fill('Bunu USB belleğe kopyalamak yasaktır.');
    await pm.getByRole('button', { name: 'Save' }).click();
    await owner.getByRole('cell', { name: 'USB block', exact: true }).waitFor();
    await expectAccessible(owner, 'prompt-messages-after-create');
  });

  it('shows the policy pages in Turkish when the person chooses it', async () => {
    await owner.goto(`${s.url}/policies`);
    await owner.getByLabel('Language').selectOption('tr');
    await owner.getByRole('heading', { name: 'Politikalar', level: 1 }).waitFor();
    await owner
      .getByRole('navigation', { name: 'Politika sayfaları' })
      .getByRole('link', { name: 'Benzetim' })
      .click();
    await owner.getByRole('heading', { name: 'Benzetim', level: 1 }).waitFor();
    await owner.getByLabel('Değerlendirilecek metin').waitFor();
    await expectAccessible(owner, 'simulate-tr');
    await owner.getByLabel('Dil').selectOption('en');
    await owner.getByRole('heading', { name: 'Simulate', level: 1 }).waitFor();
  });
});
