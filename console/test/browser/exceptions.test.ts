import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { type ConsoleServer, requireChromiumOrSkip, signedInConsoleSuite } from './harness.js';
import { seedExceptionRequest } from './seed-exception.js';

const run = requireChromiumOrSkip();

/** Exception requests as an approver handles them (issue 18): the queue, a request, approval, withdrawal. */
describe.runIf(run)('console in Chromium: exception requests', () => {
  const suite = signedInConsoleSuite({
    seed: async (s) => {
      await seedExceptionRequest(s.dataDir, s.owner.tenant, {
        reference: 'EXC-ANNA2345',
        subject: 'CORP\\ann',
        file_name: 'statement.txt',
      });
      await seedExceptionRequest(s.dataDir, s.owner.tenant, {
        reference: 'EXC-BOBB2345',
        subject: 'bob',
        file_name: 'payroll.csv',
      });
    },
  });
  let s: ConsoleServer;
  let page: Page;
  beforeAll(() => {
    ({ s, page } = suite);
  });

  it('lists pending requests oldest first and filters them by person', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Exception requests' })
      .click();
    await page.getByRole('heading', { name: 'Exception requests', level: 1 }).waitFor();
    await page.getByText('2 requests').waitFor();
    await page
      .getByText('Requests lapse after 48 hours without an answer; 0 lapsed in the last 30 days.')
      .waitFor();
    const rows = page.getByRole('row');
    expect(await rows.nth(1).innerText()).toContain('EXC-ANNA2345');
    expect(await rows.nth(2).innerText()).toContain('EXC-BOBB2345');
    await expectAccessible(page, 'exception requests');
    // The account compares whole and without case.
    await page.getByLabel('Person (account)').fill('corp\\ann');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 requests').waitFor();
    expect(await page.getByRole('table').innerText()).not.toContain('EXC-BOBB2345');
  });

  it('approves a request with a reason and a duration, then withdraws the approval', async () => {
    await page.getByRole('link', { name: 'EXC-ANNA2345' }).click();
    await page.getByRole('heading', { name: 'EXC-ANNA2345 · Pending', level: 1 }).waitFor();
    const facts = await page.locator('dl.facts').first().innerText();
    expect(facts).toContain('CORP\\ann');
    expect(facts).toContain('Auditors need the March statement today');
    expect(facts).toContain('file_open');
    await expectAccessible(page, 'exception request');
    await page.getByLabel('Approved for (minutes)').fill('90');
    await page.getByLabel('Reason').fill('For the audit only');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'EXC-ANNA2345 · Approved', level: 1 }).waitFor();
    await page.getByText(/Approved: the endpoint releases the operation until/).waitFor();
    const decision = await page.locator('dl.facts').nth(1).innerText();
    // The route answers who decided as a user id.
    expect(decision).toMatch(/Decided by\n[0-9a-f-]{36}/);
    expect(decision).toContain('For the audit only');
    const rows = await s.api('POST', '/auth/login', s.owner);
    const token = rows.json.token as string;
    const list = await s.api('GET', '/exception-requests?state=approved', undefined, token);
    expect(list.json.requests.map((r: { reference: string }) => r.reference)).toEqual(['EXC-ANNA2345']);
    const until =
      Date.parse(list.json.requests[0].approved_until) - Date.parse(list.json.requests[0].decided_at);
    expect(until).toBe(90 * 60_000);
    await expectAccessible(page, 'approved request');

    await page.getByRole('button', { name: 'Withdraw the approval' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('The audit moved to next quarter');
    await dialog.getByRole('button', { name: 'Withdraw the approval' }).click();
    await page.getByRole('heading', { name: 'EXC-ANNA2345 · Withdrawn', level: 1 }).waitFor();
    await page.getByText('Withdrawn: the endpoint stops releasing the operation at its next poll.').waitFor();
  });

  it('rejects the other request', async () => {
    await page.getByRole('link', { name: 'All exception requests' }).click();
    await page.getByRole('link', { name: 'EXC-BOBB2345' }).click();
    await page.getByRole('heading', { name: 'EXC-BOBB2345 · Pending', level: 1 }).waitFor();
    await page.getByLabel('Reason').fill('Payroll files stay on the share');
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('heading', { name: 'EXC-BOBB2345 · Refused', level: 1 }).waitFor();
    await page.getByText('Rejected: the endpoint is told and releases nothing.').waitFor();
  });
});
