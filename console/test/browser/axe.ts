import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AxeWindow = { axe: { run(context: Document): Promise<axe.AxeResults> } };

/**
 * No serious or critical axe-core finding on the page as it stands. The engine is evaluated
 * through the DevTools protocol (as @axe-core/playwright does), so the console's strict CSP
 * does not stop it; that wrapper package itself declares Node >= 22 and this tree runs on 20.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(axe.source);
  const result = await page.evaluate(() => (globalThis as unknown as AxeWindow).axe.run(document));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
