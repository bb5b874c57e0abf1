import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fakeCheckout,
  markedBlocks,
  runShell,
  type ShellRun,
  setVariable,
  shellEnv,
  waitForOutput,
} from './helpers/doc-blocks.js';

/**
 * Issue 26, "Done when": README's quick start and Linux enrolment blocks, extracted from README.md
 * and run with bash as written: `npm start` (a real server) in a fresh checkout-like directory,
 * then the enrolment block with curl, node and a real `dlp-agent`. What differs from a reader's
 * terminal, and nothing else:
 * - `npm ci` is not run: the checkout's installed dependencies are used (it would reinstall from
 *   the registry); the block must still say `npm ci && npm start`.
 * - DLP_LISTEN / DLP_OPS_LISTEN=127.0.0.1:0: kernel-chosen ports, so parallel tests never collide;
 *   the enrolment block's `SERVER=` line then gets the address the server printed.
 * - `PASSWORD=` gets the password the first start printed, as the reader pastes it.
 * - DLP_AGENT_POLICY_FILE points at no file, so a machine policy on the test host cannot steer
 *   the agent.
 */
let work: string | undefined;
let server: ShellRun | undefined;
afterAll(async () => {
  await server?.interrupt();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('README: quick start and Linux enrolment, run as written', { timeout: 240_000 }, () => {
  it('npm start serves; the enrolment block signs in, makes a token, enrols, checks and runs the agent', async () => {
    work = mkdtempSync(join(tmpdir(), 'custos-readme-'));
    const checkout = fakeCheckout(join(work));
    const env = shellEnv({
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      DLP_LOG_LEVEL: 'warn',
      DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'),
      TMPDIR: work,
    });

    const [quick] = markedBlocks('README.md', 'quick-start');
    expect(quick).toMatch(/^npm ci && npm start\b/m);
    server = runShell(quick!.replace(/^npm ci && /m, ''), checkout, env);
    const api = (await waitForOutput(server, /API:\s+(https:\/\/\S+)\/api\/v1/))[1]!;
    const password = (await waitForOutput(server, /password:\s+(\S+)/))[1]!;
    expect(server.output()).toContain(`TLS CA:     ${join(checkout, '.data', 'tls', 'ca.pem')}`);

    const [enrol] = markedBlocks('README.md', 'enrol');
    const script = setVariable(setVariable(enrol!, 'SERVER', api), 'PASSWORD', `'${password}'`);
    const run = runShell(script, checkout, env);
    const { code, output } = await run.done;
    expect(code, output).toBe(0);
    expect(output).toMatch(/^enrolled: device [0-9a-f-]{36}/m);
    expect(output).toMatch(/\[OK {2}\] server +reachable; signed probe accepted/);
    expect(output).toMatch(/\{"checkin":"ok",/);
    // The session and the enrolment token are read from the answers, never printed.
    expect(output).not.toMatch(/dlps_|"token"/);
  });
});
