import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, startAgent } from '../../../agent/test/helpers/agent-process.js';
import { VALID_CARDS } from '../../../agent/test/helpers/card-bundle.js';
import { fixtureHostEnv } from '../../../agent/test/helpers/sysfs-fixture.js';
import { whenTrue } from '../../../agent/test/helpers/wait.js';
import { expectAccessible } from './axe.js';
import { publishCardPolicy } from './card-policy.js';
import {
  type ConsoleServer,
  logPageIfFailed,
  reloadUntilVisible,
  requireChromiumOrSkip,
  startSignedInConsole,
} from './harness.js';

const run = requireChromiumOrSkip();
const GROUP = 'finance-laptops';

/**
 * Issue 17, "Done when": a real `dlp-server` and a real `dlp-agent` process. The Owner creates the
 * enrolment token in the console, the agent enrols with it and shows in the fleet view; a card file
 * dropped into the watched folder becomes an incident the Owner finds in the queue, opens, justifies
 * evidence access for, assigns, comments on and closes with a disposition.
 */
describe.runIf(run)('console in Chromium: a real agent from enrolment to a closed incident', () => {
  let s: ConsoleServer;
  let browser: Browser;
  let page: Page;
  let shots: string;
  let work: string;
  let agent: ReturnType<typeof startAgent> | undefined;
  let agentLog = '';
  const dirs = { state: '', watched: '' };
  let env: Record<string, string> = {};

  beforeAll(async () => {
    ({ s, browser, page, shots } = await startSignedInConsole());
    work = mkdtempSync(path.join(tmpdir(), 'custos-console-agent-'));
    dirs.state = path.join(work, 'agent-state');
    dirs.watched = path.join(work, 'share');
    for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true, mode: 0o700 });
    env = {
      DLP_AGENT_POLICY_FILE: path.join(work, 'no-machine-policy.json'),
      ...fixtureHostEnv(work, {}),
    };
    // The group and the card policy over the API (their own pages are tested elsewhere).
    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const group = await s.api('POST', '/agent-groups', { name: GROUP }, token);
    expect(group.status, JSON.stringify(group.json)).toBe(201);
    await publishCardPolicy(s, GROUP, [dirs.watched]);
  }, 120_000);
  afterEach(async (ctx) => {
    const failed = ctx.task.result?.state === 'fail';
    await logPageIfFailed(page, failed);
    if (failed) console.warn(`agent log:\n${agentLog}`);
  });
  afterAll(async () => {
    if (agent) {
      agent.child.kill('SIGTERM');
      await agent.done;
    }
    await browser?.close();
    await s?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('enrols a real agent with a token made in the console and shows it in the fleet view', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Enrolment tokens' }).click();
    await page.getByRole('heading', { name: 'Enrolment tokens', level: 1 }).waitFor();
    await page.getByLabel('Devices it may enrol').fill('1');
    await page.getByLabel('Valid for (minutes)').fill('30');
    await page.getByLabel('Agent group (optional)').selectOption(GROUP);
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('the token is not shown again').waitFor();
    const token = (await page.locator('.copy-text pre').first().innerText()).trim();
    await page.getByRole('button', { name: 'Done' }).click();

    const enrolled = await enrolAgent(
      { server: s.url, token, caFile: path.join(s.dataDir, 'tls', 'ca.pem'), stateDir: dirs.state },
      env,
    );
    expect(enrolled.code, enrolled.stderr).toBe(0);
    writeFileSync(path.join(dirs.state, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
    agent = startAgent(['run', '--state-dir', dirs.state], env);
    agent.child.stderr?.on('data', (d) => {
      agentLog += d;
    });

    await nav.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(hostname()) });
    await row.waitFor();
    expect(await row.innerText()).toContain(GROUP);
    await expectAccessible(page, 'agents with a real agent');
    await page.getByRole('link', { name: hostname() }).click();
    await page.getByRole('heading', { name: hostname(), level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Capabilities' }).waitFor();
    await expectAccessible(page, 'real agent');
    await page.screenshot({ path: path.join(shots, 'real-agent.png'), fullPage: true });
  });

  it('finds the incident a dropped card file raised in the queue and opens it', async () => {
    // The service is up when it watches the folder and its first discovery pass is done.
    await whenTrue(
      [agent!.child.stderr!],
      'data',
      () => agentLog.includes('"msg":"watching"') && agentLog.includes('"msg":"discovery pass done"'),
      'the agent watching the folder',
      60_000,
    );
    writeFileSync(path.join(dirs.watched, 'payroll-cards.txt'), `Ada ${VALID_CARDS[0]}\n`);
    const link = page.getByRole('link', { name: /^INC-\d+$/ });
    // The queue as a person watches it: reload until the incident is listed.
    await reloadUntilVisible(page, `${s.url}/incidents`, link, 'the incident in the queue');
    expect(await page.locator('table.queue tbody tr').first().innerText()).toContain(hostname());
    await expectAccessible(page, 'queue with the agent incident');
    await link.first().click();
    await page.getByRole('heading', { name: /^INC-\d+ · / }).waitFor();
    await expectAccessible(page, 'agent incident');
  });

  it('justifies evidence access, assigns, comments and closes the incident with a disposition', async () => {
    const evidence = page.getByRole('region', { name: 'Evidence' });
    await evidence
      .getByLabel('Why do you need the evidence?')
      .fill('Checking which payroll file held the card.');
    await evidence.getByRole('button', { name: 'Open evidence' }).click();
    await evidence.getByText(/Evidence is open until/).waitFor();
    await expectAccessible(page, 'agent incident evidence');

    await page.getByLabel('Assign to').selectOption(s.owner.email);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.locator('dd', { hasText: s.owner.email }).waitFor();

    await page.getByLabel('Add a comment').fill('The payroll export should not sit on this share.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('The payroll export should not sit on this share.').waitFor();

    await page.getByLabel('New status').selectOption('closed');
    await page.getByLabel('Disposition').selectOption('coached_mistake');
    await page.getByLabel('Resolution').fill('The export was moved to the payroll system and removed here.');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.locator('dd', { hasText: 'Coached mistake' }).waitFor();
    await page.locator('ol.history li', { hasText: /→ Closed/ }).waitFor();
    await expectAccessible(page, 'agent incident closed');
    await page.screenshot({ path: path.join(shots, 'real-agent-incident.png'), fullPage: true });

    const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
    const id = new URL(page.url()).pathname.split('/').at(-1);
    const detail = await s.api('GET', `/incidents/${id}`, undefined, token);
    expect(detail.json).toMatchObject({ status: 'closed', disposition: 'coached_mistake' });
  });
});
