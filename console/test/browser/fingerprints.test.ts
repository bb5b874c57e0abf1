import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  logPageIfFailed,
  requireChromiumOrSkip,
  type SignedInConsole,
  startSignedInConsole,
} from './harness.js';

const run = requireChromiumOrSkip();

/** A made-up contract, long enough for many shingles. */
const CONTRACT = Array.from(
  { length: 40 },
  (_, i) =>
    `Clause ${i + 1}: the Lessee shall return item ${i * 7} of the inventory within ${i + 3} days of notice.`,
).join(' ');
const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * Issue 25: the fingerprint-corpus page (create from files, probe a passage, withdraw with the
 * acknowledgement of the published policies using the corpus) and the editor's fingerprint node.
 */
describe.runIf(run)('console in Chromium: fingerprint corpora', () => {
  let c: SignedInConsole;
  let policyId = '';

  beforeAll(async () => {
    c = await startSignedInConsole();
    const token = (await c.s.api('POST', '/auth/login', c.s.owner)).json.token as string;
    const corpus = await c.s.api('POST', '/fingerprint-corpora', { name: 'Leases' }, token);
    await c.s.api(
      'POST',
      `/fingerprint-corpora/${corpus.json.id}/build`,
      { documents: [{ content_base64: b64(CONTRACT) }] },
      token,
    );
    const policy = await c.s.api(
      'POST',
      '/policies',
      {
        name: 'Leases stay inside',
        severity: 'high',
        scope: { agent_groups: ['Legal'] },
        condition: { op: 'fingerprint', corpus_id: corpus.json.id, match: 'normalised' },
        response: 'audit',
        change_reason: 'signed leases are reported wherever they are copied',
      },
      token,
    );
    policyId = policy.json.policy_id as string;
    const published = await c.s.api('POST', `/policies/${policyId}/versions/1/publish`, {}, token);
    expect(published.json.status).toBe('published');
  }, 120_000);
  afterEach(async (ctx) => logPageIfFailed(c?.page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await c?.browser.close();
    await c?.s.close();
  });

  it('creates a corpus from a file and probes a recased passage against it', async () => {
    const page = c.page;
    await page.goto(`${c.s.url}/policies`);
    await page
      .getByRole('navigation', { name: 'Policy pages' })
      .getByRole('link', { name: 'Fingerprint corpora' })
      .click();
    await page.getByRole('heading', { name: 'Fingerprint corpora', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Create corpus' });
    await form.getByLabel('Name').fill('Board minutes');
    await form.getByLabel('Text files (UTF-8)').setInputFiles({
      name: 'minutes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(CONTRACT.replaceAll('Lessee', 'Board')),
    });
    await form.getByRole('button', { name: 'Create corpus' }).click();
    await page.getByText('Corpus Board minutes created.').waitFor();
    const table = page.getByRole('table', { name: 'Fingerprint corpora' });
    const row = table.getByRole('row', { name: /Board minutes/ });
    await row.getByRole('cell', { name: '1', exact: true }).first().waitFor();
    await expectAccessible(page, 'fingerprint corpora');

    await table.getByRole('button', { name: 'Probe Leases' }).click();
    const dialog = page.getByRole('dialog', { name: 'Probe a passage against Leases' });
    await dialog.getByLabel('Passage').fill(CONTRACT.toUpperCase());
    await dialog.getByRole('button', { name: 'Probe', exact: true }).click();
    const results = dialog.getByRole('list', { name: 'Probe Leases' });
    await results.waitFor();
    const text = await results.innerText();
    expect(text).toContain('Exact copy: no match');
    expect(text).toContain('Normalised copy: match (coverage 1');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('withdraws a corpus only once the published policy using it is acknowledged', async () => {
    const page = c.page;
    const table = page.getByRole('table', { name: 'Fingerprint corpora' });
    await table.getByRole('button', { name: 'Delete Leases' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw corpus Leases' });
    await dialog.getByLabel('Reason').fill('the leases ended');
    await dialog.getByRole('button', { name: 'Delete Leases' }).click();
    const ack = dialog.getByLabel(`I acknowledge policy ${policyId}`);
    await ack.waitFor();
    await ack.check();
    await dialog.getByRole('button', { name: 'Delete Leases' }).click();
    await page.getByText(/Corpus withdrawn; 1 versions removed/).waitFor();
    await table.getByRole('row', { name: /Leases/ }).waitFor({ state: 'detached' });
  });

  it('offers the fingerprint node in the condition builder with the tenant’s corpora', async () => {
    const page = c.page;
    await page.goto(`${c.s.url}/policies/new`);
    const root = page.getByRole('group', { name: 'Condition node (level 1)' });
    await root.getByLabel('Kind').first().selectOption('fingerprint');
    const corpus = root.getByLabel('Fingerprint corpus');
    // The list shows before the tenant's corpora arrive (then it holds only "Choose…").
    await corpus.locator('option', { hasText: 'Board minutes' }).waitFor({ state: 'attached' });
    expect(await corpus.locator('option').allInnerTexts()).toContain('Board minutes');
    await root.getByLabel('Matching').selectOption('partial');
    await expectAccessible(page, 'fingerprint condition');
  });
});
