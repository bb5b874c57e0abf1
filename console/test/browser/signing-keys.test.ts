import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  logPageIfFailed,
  requireChromiumOrSkip,
  startSignedInConsole,
} from './harness.js';
import { seedAgent } from './seed-agent.js';

const run = requireChromiumOrSkip();

/**
 * The policy signing keys page (docs/signing-keys.md) as an Owner uses it: start a rotation,
 * finish it, and see the retirement refused while an active endpoint is behind the overlap set.
 */
describe.runIf(run)('console in Chromium: policy signing keys', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let shots: string;

  beforeAll(async () => {
    ({ s, browser, page, shots } = await startSignedInConsole());
    await seedAgent(s.dataDir, s.owner.tenant);
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('starts and finishes a rotation, and shows why the old key cannot be retired yet', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Policy signing keys' })
      .click();
    await page.getByRole('heading', { name: 'Policy signing keys', level: 1 }).waitFor();
    await page.getByText('Trust version in force: 0.').waitFor();
    await expectAccessible(page, 'signing keys');

    await page.getByRole('button', { name: 'Start rotation' }).click();
    await page.getByText('Rotation started: agents take the new key at their next check-in.').waitFor();
    await page
      .getByText('1 active endpoints have not reached trust version 1 yet.', { exact: false })
      .waitFor();
    expect(await page.getByRole('cell', { name: 'Incoming (trusted, not signing yet)' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Finish rotation' }).click();
    await page.getByText('Rotation finished: bundles are now signed by the new key.').waitFor();
    await page.getByRole('button', { name: 'Retire key' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The key cannot be retired yet' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('(1 below 1)');
    expect(await page.getByRole('cell', { name: 'Rotating (replaced, still trusted)' }).count()).toBe(1);
    await expectAccessible(page, 'signing key retire refused');
    await page.screenshot({ path: path.join(shots, 'signing-keys-refused.png'), fullPage: true });
  });
});
