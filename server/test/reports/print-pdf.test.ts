import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/index.js';
import { type Reports, startReports } from './harness.js';

/**
 * The printable export printed by a real browser (Debian's Chromium through playwright-core,
 * ../shared/reference/test-peers.md §8) and read back page by page with poppler's pdftotext:
 * the export mark must be on every page, and the document's CSP must hold in the browser.
 */
const CHROMIUM = process.env.CUSTOS_CHROMIUM ?? '/usr/bin/chromium';
const PDFTOTEXT = '/usr/bin/pdftotext';

/** As the console's browser tests: skipped with a warning where the tools are missing, never in CI. */
function toolsOrSkip(): boolean {
  const missing = [CHROMIUM, PDFTOTEXT].filter((f) => !existsSync(f));
  if (missing.length === 0) return true;
  const message = `print test skipped: ${missing.join(', ')} missing (bash scripts/install-test-deps.sh chromium poppler-utils)`;
  if (process.env.CI === 'true') throw new Error(`CI=true: ${message}`);
  console.warn(message);
  return false;
}
const run = toolsOrSkip();

let browser: Browser;
let r: Reports;
beforeAll(async () => {
  if (!run) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  if (run) r = await startReports();
});
afterEach(async () => r?.close());

function pageText(pdf: string, page: number): string {
  return execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), pdf, '-'], {
    encoding: 'utf8',
  });
}

describe.runIf(run)('printable report export', () => {
  it('prints the export mark on every page of a many-page PDF, with no script allowed', async () => {
    await r.t.raise(['alice']);
    await r.copies(400);
    const id = await r.report({ name: 'Every incident' });
    const res = await r.call('GET', `/reports/${id}/export?format=print&sort=reference&dir=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const mark = `${r.owner.tenantSlug}/${res.headers['x-svc-export-reference']}`;

    const context = await browser.newContext({ javaScriptEnabled: true });
    const page = await context.newPage();
    const blockedScripts: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) blockedScripts.push(m.text());
    });
    // The browser gets the export's own bytes and headers (CSP included) at an https origin.
    const url = 'https://reports.example.test/export.html';
    await page.route(url, (route) =>
      route.fulfill({
        status: 200,
        headers: {
          'content-type': res.headers['content-type'] as string,
          'content-security-policy': res.headers['content-security-policy'] as string,
        },
        body: res.rawPayload,
      }),
    );
    await page.goto(url);
    // The CSP refuses a script the page would try to add.
    const ran = await page.evaluate(`(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
      return window.__ran === true;
    })()`);
    expect(ran).toBe(false);
    expect(blockedScripts.length).toBeGreaterThan(0);

    const dir = await makeTempDir('custos-report-pdf-');
    try {
      const pdf = path.join(dir, 'report.pdf');
      await page.pdf({ path: pdf, preferCSSPageSize: true });
      const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
      const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
      expect(pages).toBeGreaterThan(3);
      for (let n = 1; n <= pages; n++) {
        const text = pageText(pdf, n);
        // Twice on each page: the margin mark and the repeated table head.
        expect(text.split(`Export ${mark}`).length - 1, `page ${n}`).toBeGreaterThanOrEqual(2);
      }
      // The last page holds the last incident: nothing was cut (the reference wraps in its cell).
      const last = pageText(pdf, pages);
      const newest = await r.t.h.ctx.db
        .selectFrom('incidents')
        .select('reference')
        .orderBy('number', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toContain(newest.reference.slice('INC-'.length));
    } finally {
      await context.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
