import { createHash, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { totpCode, totpStep } from '../../../server/src/modules/identity/totp.js';
import { type ServerProcess, startServerProcess } from '../../../server/test/helpers/server-process.js';

/**
 * Browser tests drive Debian's own Chromium (never a downloaded browser, docs/console.md). Without
 * it a developer's run skips with this message; in CI (CI=true) a missing browser fails.
 */
export const CHROMIUM = process.env.CUSTOS_CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
export const MISSING_CHROMIUM = `browser tests skipped: ${CHROMIUM} is missing (bash scripts/install-test-deps.sh chromium)`;
export const consoleDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');

export function requireChromiumOrSkip(): boolean {
  if (haveChromium) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true: ${MISSING_CHROMIUM}`);
  console.warn(MISSING_CHROMIUM);
  return false;
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
type Json = any;

export interface Owner {
  tenant: string;
  email: string;
  password: string;
}

export interface ConsoleServer {
  server: ServerProcess;
  url: string;
  dataDir: string;
  owner: Owner;
  /** JSON call to the API over HTTPS trusting the server's CA; `token` = Bearer. */
  api(method: string, route: string, body?: unknown, token?: string): Promise<{ status: number; json: Json }>;
  /** base64 SHA-256 of the server certificate's public key, for Chromium's SPKI allowlist. */
  spki: string;
  close(): Promise<void>;
}

async function serverSpki(url: URL, ca: string): Promise<string> {
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = tls.connect(
      { host: url.hostname, port: Number(url.port), ca, servername: undefined },
      () => {
        resolve(socket.getPeerCertificate().raw);
        socket.end();
      },
    );
    socket.on('error', reject);
  });
  const spki = new X509Certificate(raw).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** A real `dlp-server start` on a fresh data directory (first start: one tenant, one Owner). */
export async function startConsoleServer(): Promise<ConsoleServer> {
  if (!existsSync(path.join(consoleDist, 'index.html')))
    throw new Error(`the console is not built (${consoleDist}): run npm run build`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'custos-console-'));
  const server = await startServerProcess(dataDir, { firstStart: true });
  const text = server.lines.join('\n');
  const owner = {
    tenant: /tenant: +(\S+)/.exec(text)?.[1] ?? '',
    email: /e-mail: +(\S+)/.exec(text)?.[1] ?? '',
    password: /password: +(\S+)/.exec(text)?.[1] ?? '',
  };
  const ca = await fs.readFile(path.join(dataDir, 'tls', 'ca.pem'), 'utf8');
  const dispatcher = new Agent({ connect: { ca } });
  const url = server.apiUrl;
  return {
    server,
    url,
    dataDir,
    owner,
    spki: await serverSpki(new URL(url), ca),
    async api(method, route, body, token) {
      const res = await request(`${url}/api/v1${route}`, {
        method: method as 'GET',
        dispatcher,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const textBody = await res.body.text();
      return { status: res.statusCode, json: textBody ? JSON.parse(textBody) : null };
    },
    async close() {
      await server.stop();
      await dispatcher.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Enrols the Owner's second factor over the API (step-up, enrol, confirm) and returns the
 * secret and the last TOTP step the server accepted (a code is accepted once: later codes only).
 */
export async function enrolSecondFactor(s: ConsoleServer): Promise<{ secret: string; step: number }> {
  const login = await s.api('POST', '/auth/login', s.owner);
  if (login.status !== 200 || !login.json.token) throw new Error(`login: ${login.status}`);
  const token = login.json.token as string;
  const up = await s.api(
    'POST',
    '/auth/step-up',
    { purpose: 'second_factor', password: s.owner.password },
    token,
  );
  if (up.status !== 200) throw new Error(`step-up: ${up.status} ${JSON.stringify(up.json)}`);
  const enrolled = await s.api('POST', '/auth/second-factor/enrol', undefined, token);
  if (enrolled.status !== 200) throw new Error(`enrol: ${enrolled.status} ${JSON.stringify(enrolled.json)}`);
  const secret = enrolled.json.secret as string;
  const step = totpStep(new Date());
  const confirmed = await s.api(
    'POST',
    '/auth/second-factor/confirm',
    { code: totpCode(secret, step) },
    token,
  );
  if (confirmed.status !== 200)
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
  await s.api('POST', '/auth/logout', undefined, token);
  return { secret, step };
}

/** The next code the server will take: a later step than `after`, within one step of drift. */
export function nextCode(secret: string, after: number): { code: string; step: number } {
  const step = Math.max(after + 1, totpStep(new Date()));
  return { code: totpCode(secret, step), step };
}

export async function launchBrowser(spki: string): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Root in CI containers needs --no-sandbox; the server's own certificate is trusted by key.
    args: ['--no-sandbox', `--ignore-certificate-errors-spki-list=${spki}`],
  });
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  return { browser, context };
}

/** Screenshots go to a temporary directory (never committed); its path is printed once. */
export async function screenshotDir(): Promise<string> {
  const dir = process.env.CUSTOS_SCREENSHOTS ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'custos-shots-')));
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

/** Fills and sends the sign-in form on the page as it stands. */
export async function submitSignIn(
  page: Page,
  tenant: string,
  email: string,
  password: string,
): Promise<void> {
  await page.getByLabel('Organisation').fill(tenant);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the server's Owner in from /sign-in, waits for the Overview (the landing page), opens the queue. */
export async function signInOwner(page: Page, s: ConsoleServer): Promise<void> {
  await page.goto(`${s.url}/sign-in`);
  await submitSignIn(page, s.owner.tenant, s.owner.email, s.owner.password);
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await page.goto(`${s.url}/incidents`);
  await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
}

/** What the person saw when a step failed, for the log. */
export async function logPageIfFailed(page: Page | undefined, failed: boolean): Promise<void> {
  if (!failed || !page) return;
  const text = await page
    .locator('body')
    .innerText()
    .catch(() => '');
  console.warn(`page ${page.url()}:\n${text}`);
}

export interface SignedInConsole {
  s: ConsoleServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Where this run's screenshots go. */
  shots: string;
}

export interface ConsoleSetup {
  /** Runs once the server is up, before Chromium starts: seeding, setup over the API. */
  seed?(s: ConsoleServer): Promise<void>;
  /** Runs on the browser context before the page opens (e.g. clipboard permissions). */
  prepareContext?(context: BrowserContext, s: ConsoleServer): Promise<void>;
}

/** Fills `c` step by step, so that whatever started can be closed even when a later step fails. */
async function fillSignedInConsole(c: Partial<SignedInConsole>, o: ConsoleSetup): Promise<void> {
  const s = await startConsoleServer();
  c.s = s;
  await o.seed?.(s);
  const { browser, context } = await launchBrowser(s.spki);
  c.browser = browser;
  c.context = context;
  await o.prepareContext?.(context, s);
  const page = await context.newPage();
  c.page = page;
  page.setDefaultTimeout(15_000);
  c.shots = await screenshotDir();
  await signInOwner(page, s);
}

/** A real server, Chromium and one page on which the Owner is signed in (en-GB, UTC). */
export async function startSignedInConsole(o: ConsoleSetup = {}): Promise<SignedInConsole> {
  const c: Partial<SignedInConsole> = {};
  try {
    await fillSignedInConsole(c, o);
  } catch (err) {
    await c.browser?.close();
    await c.s?.close();
    throw err;
  }
  return c as SignedInConsole;
}

/**
 * The browser suites' one preamble, registered in the calling `describe`: before all, a real
 * server (`seed` run on it), Chromium and a page with the Owner signed in; after a failed test,
 * the page's text in the log; after all, browser and server closed. The answer is filled in
 * before the first test runs.
 */
export function signedInConsoleSuite(o: ConsoleSetup = {}): SignedInConsole {
  const c: Partial<SignedInConsole> = {};
  beforeAll(() => fillSignedInConsole(c, o), 120_000);
  afterEach(async (ctx) => logPageIfFailed(c.page, ctx.task.result?.state === 'fail'));
  afterAll(async () => {
    await c.browser?.close();
    await c.s?.close();
  });
  return c as SignedInConsole;
}

/**
 * Loads `url` until `locator` shows: each load waits for the locator with Playwright's own
 * waiting (the page's event, not a timer) for up to `perLoadMs`; only data the server took after
 * the page loaded needs the next load (the queue does not update itself). Throws naming `what`
 * after `ms`.
 */
export async function reloadUntilVisible(
  page: Page,
  url: string,
  locator: Locator,
  what: string,
  ms = 60_000,
  perLoadMs = 3_000,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    await page.goto(url);
    try {
      await locator.first().waitFor({ state: 'visible', timeout: perLoadMs });
      return;
    } catch (err) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${(err as Error).message}`);
    }
  }
}
