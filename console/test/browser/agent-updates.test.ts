import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../server/src/cli.js';
import { expectAccessible } from './axe.js';
import {
  type ConsoleServer,
  logPageIfFailed,
  requireChromiumOrSkip,
  startSignedInConsole,
} from './harness.js';
import { holdAnswers } from './hold-answers.js';

const run = requireChromiumOrSkip();

/** The update manifest on the fleet pages (issue 22, docs/agent-updates.md) as an Owner uses it. */
describe.runIf(run)('console in Chromium: agent updates', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    ({ s, browser, page } = await startSignedInConsole());
    token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('shows the signed releases and saves a rollout: one ring to a version, one pinned, one without a rule', async () => {
    for (const name of ['Ring 1', 'Ring 2', 'Ring 3'])
      expect((await s.api('POST', '/agent-groups', { name }, token)).status).toBe(201);
    // The operator's command, on the server's data directory while it runs.
    const file = path.join(s.dataDir, 'dlp-agent-2.0.0');
    await writeFile(file, Buffer.alloc(3 * 1_048_576, 7));
    const err: string[] = [];
    const code = await runCli(['release', 'add', file, '--version', '2.0.0', '--platform', 'linux-x64'], {
      stdout: () => undefined,
      stderr: (l) => err.push(l),
      env: { DLP_DATA_DIR: s.dataDir },
      cwd: s.dataDir,
    });
    expect(code, err.join('\n')).toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent updates' }).click();
    await page.getByRole('heading', { name: 'Agent updates', level: 1 }).waitFor();
    const releases = page.getByRole('table', { name: 'Releases' });
    await releases.getByRole('cell', { name: '2.0.0' }).waitFor();
    expect(await releases.locator('tbody tr').first().innerText()).toContain('3.0 MB');
    await page.getByLabel('Rule for Ring 1').selectOption({ label: 'Version 2.0.0' });
    await page.getByLabel('Rule for Ring 2').selectOption({ label: 'Pinned (keep the running version)' });
    await expectAccessible(page, 'agent updates');
    // The stored rules are read again after the save; held here, the selectors keep the choices
    // meanwhile (they once went back to the old rules until the read answered).
    const isRead = (r: Request) => r.url().endsWith('/api/v1/agents/update-manifest') && r.method() === 'GET';
    const manifestRead = await holdAnswers(page, '**/api/v1/agents/update-manifest', isRead);
    const read = page.waitForRequest(isRead);
    await page.getByRole('button', { name: 'Save rollout' }).click();
    await read;
    const during = await page
      .getByLabel('Rule for Ring 1')
      .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
    await manifestRead.stop();
    expect(during).toBe('Version 2.0.0');
    await page.getByText('The rollout is saved; endpoints learn of it at their next check-in.').waitFor();
    expect(await page.getByLabel('Rule for Ring 1').evaluate((el) => (el as HTMLSelectElement).value)).toBe(
      '2.0.0',
    );
    const manifest = (await s.api('GET', '/agents/update-manifest', undefined, token)).json as {
      rollout: { agent_group: string; version: string | null }[];
    };
    expect(manifest.rollout.map((r) => [r.agent_group, r.version])).toEqual([
      ['Ring 1', '2.0.0'],
      ['Ring 2', null],
    ]);
    // After a reload the page shows what is stored.
    await page.reload();
    await page.getByRole('heading', { name: 'Agent updates', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Rollout by endpoint group' }).waitFor();
    expect(await page.getByLabel('Rule for Ring 3').inputValue()).toBe('');
    expect(await page.getByLabel('Rule for Ring 1').inputValue()).toBe('2.0.0');
  });
});
