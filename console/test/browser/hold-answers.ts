import type { Page, Request, Route } from 'playwright-core';

/**
 * Holds the page's requests to `url` (those `which` picks; the others pass) until `release()`,
 * so a test sees the page while an answer is still on its way, on any machine, without a fixed
 * delay. `stop()` releases what is held and removes the route once its handlers are done.
 */
export async function holdAnswers(
  page: Page,
  url: string,
  which: (request: Request) => boolean = () => true,
): Promise<{ release(): void; stop(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    if (which(route.request())) await released;
    // A request the page gave up meanwhile is gone: nothing to continue.
    await route.continue().catch(() => undefined);
  };
  await page.route(url, hold);
  return {
    release,
    stop: async () => {
      release();
      await page.unroute(url, hold);
    },
  };
}
