import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { packageDigest } from '@custos/engine';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  launchBrowser,
  logPageIfFailed,
  requireChromiumOrSkip,
  signInOwner,
  startConsoleServer,
} from './harness.js';

const run = requireChromiumOrSkip();

/**
 * Policy packages in the console (issue 25): export a version from the policy page, then import
 * it from the inventory as if from another organisation — the dry run asks for the endpoint group
 * to be mapped, the person picks one, and the import opens the new draft.
 */
describe.runIf(run)('console in Chromium: policy packages', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let policyId = '';

  beforeAll(async () => {
    s = await startConsoleServer();
    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    expect((await s.api('POST', '/agent-groups', { name: 'Payments' }, token)).status).toBe(201);
    const policy = await s.api(
      'POST',
      '/policies',
      {
        name: 'Cards in uploads',
        severity: 'high',
        scope: { channels: ['browser_upload'], agent_groups: ['Finance'] },
        condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
        response: 'audit',
        change_reason: 'cards leaving through the browser',
      },
      token,
    );
    expect(policy.status, JSON.stringify(policy.json)).toBe(201);
    policyId = policy.json.policy_id as string;
    let context: Awaited<ReturnType<typeof launchBrowser>>['context'];
    ({ browser, context } = await launchBrowser(s.spki));
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInOwner(page, s);
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('exports a version, maps its endpoint group in the dry run and opens the imported draft', async () => {
    await page.goto(`${s.url}/policies/${policyId}`);
    await page.getByRole('heading', { name: /Cards in uploads/, level: 1 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export package (version 1)' }).click(),
    ]);
    const exported = JSON.parse(await fs.readFile((await download.path()) as string, 'utf8'));
    expect(download.suggestedFilename()).toBe('POL-1-v1.policy-package.json');
    expect(packageDigest(exported)).toBe(exported.digest);
    // As if another organisation had exported it: its objects then need mapping. Anyone can
    // recompute the digest (integrity only), so the server checks the rest itself.
    const foreign = { ...exported, source: { ...exported.source, tenant_id: randomUUID() } };
    foreign.digest = packageDigest(foreign);

    await page.goto(`${s.url}/policies`);
    await page.getByRole('heading', { name: 'Policies', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a policy package' });
    await dialog.getByLabel('Package (JSON)').fill(JSON.stringify(foreign));
    await dialog.getByLabel('Name of the new policy').fill('Cards in uploads (imported)');
    await dialog.getByRole('button', { name: 'Check package' }).click();
    const table = dialog.getByRole('table', { name: 'Dependencies' });
    const groupRow = table.getByRole('row', { name: /Finance/ });
    await groupRow.getByText('Needs a mapping').waitFor();
    expect(await table.getByRole('row', { name: /payment_card/ }).innerText()).toContain('Same object');
    await expect(dialog.getByRole('button', { name: 'Import as draft' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page, 'package-dry-run');

    await groupRow.getByLabel('Map Finance to').selectOption('Payments');
    await dialog.getByRole('button', { name: 'Check package' }).click();
    await groupRow.getByText('Mapped').waitFor();
    await dialog.getByText('Ready to import as a draft.').waitFor();
    await dialog.getByRole('button', { name: 'Import as draft' }).click();

    await page.getByRole('heading', { name: 'POL-2 Cards in uploads (imported)', level: 1 }).waitFor();
    const lifecycle = page.getByRole('table', { name: 'Versions and lifecycle' });
    expect(await lifecycle.getByRole('row').nth(1).innerText()).toContain('Draft');
  });
});
