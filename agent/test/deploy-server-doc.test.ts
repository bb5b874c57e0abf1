import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCheckout, markedBlocks, REPO, runShell, setVariable, shellEnv } from './helpers/doc-blocks.js';
import { writeHostShims } from './helpers/host-shims.js';

/**
 * Issue 26, item 8 and "Done when": docs/deploy-server.md run block by block with bash, in the
 * page's order, against a real `dlp-server` process. What differs from the host the page is
 * written for (the page's last section says the same):
 * - the layout's absolute paths (/opt/custos-server, /etc/custos-server, /etc/systemd/system,
 *   /var/lib/custos-server, /var/backups) live under a temporary ROOT;
 * - ports 8443 and 9090 become free ports, and 0.0.0.0 becomes 127.0.0.1;
 * - sudo, useradd, chown, ufw, install -o/-g, systemctl and journalctl are the stand-ins of
 *   helpers/host-shims.ts (no root, no service manager on a test machine);
 * - PASSWORD, BACKUP, RESET and NEW_PASSWORD get what earlier commands printed, as a reader pastes;
 * - a reader's shell keeps the `dlp-server` function of section 5: later blocks get it first.
 */
const DOC = 'docs/deploy-server.md';
const UNIT = 'installer/custos-server.service';

let work: string;
let root: string;
let checkout: string;
let env: NodeJS.ProcessEnv;
let ports: [number, number];
let operatorFunction: string;
let password = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The page's host paths under ROOT, its ports the free ones. */
function inTestRoot(block: string): string {
  return block
    .replace(
      /\/opt\/custos-server|\/etc\/custos-server|\/etc\/systemd\/system|\/var\/lib\/custos-server|\/var\/backups/g,
      (p) => root + p,
    )
    .replace(/0\.0\.0\.0:8443/g, '127.0.0.1:8443')
    .replace(/\b8443\b/g, String(ports[0]))
    .replace(/\b9090\b/g, String(ports[1]));
}

function block(name: string): string {
  const found = markedBlocks(DOC, name);
  expect(found, `${DOC}: one block marked test:${name}`).toHaveLength(1);
  return inTestRoot(found[0]!);
}

async function run(script: string, cwd = work): Promise<string> {
  const { code, output } = await runShell(script, cwd, env).done;
  expect(code, output).toBe(0);
  return output;
}

const withOperator = (script: string) => `${operatorFunction}\n${script}`;
const shimLog = () => readFileSync(join(work, 'shim.log'), 'utf8');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'custos-deploy-doc-'));
  root = join(work, 'root');
  for (const dir of ['etc/systemd/system', 'var/lib', 'opt']) mkdirSync(join(root, dir), { recursive: true });
  checkout = join(work, 'checkout');
  mkdirSync(checkout);
  fakeCheckout(checkout);
  if (!existsSync(join(REPO, UNIT))) {
    // This branch predates the unit (written in another branch): a stand-in keeps the copy step
    // runnable; with the real unit present it is used and checked below.
    rmSync(join(checkout, 'installer'));
    mkdirSync(join(checkout, 'installer'));
    for (const f of readdirSync(join(REPO, 'installer')))
      symlinkSync(join(REPO, 'installer', f), join(checkout, 'installer', f));
    writeFileSync(
      join(checkout, UNIT),
      '# stand-in: installer/custos-server.service is not in this branch\n',
    );
  }
  ports = [await freePort(), await freePort()];
  writeHostShims(join(work, 'bin'), join(work, 'shim-state'));
  env = shellEnv({
    PATH: `${join(work, 'bin')}:${process.env.PATH}`,
    ROOT: root,
    SHIM_LOG: join(work, 'shim.log'),
    SHIM_STATE: join(work, 'shim-state'),
    TMPDIR: work,
  });
  operatorFunction = block('operator')
    .split('\n')
    .find((l) => l.startsWith('dlp-server() {'))!;
});

afterAll(async () => {
  if (work) {
    await runShell('systemctl stop custos-server', work, env).done;
    rmSync(work, { recursive: true, force: true });
  }
});

describe(`${DOC}, every block run in order`, { timeout: 180_000 }, () => {
  it('1-2: Node is new enough; the install lays out /opt, /etc/custos-server, the unit and the data directory', async () => {
    expect(await run(block('node'))).toMatch(/^Node v\d+\.\d+\.\d+: new enough$/m);
    await run(block('install'), checkout);
    expect(existsSync(join(root, 'opt/custos-server/bin/dlp-server'))).toBe(true);
    expect(existsSync(join(root, 'etc/systemd/system/custos-server.service'))).toBe(true);
    expect(statSync(join(root, 'etc/custos-server/server.env')).mode & 0o777).toBe(0o640);
    expect(statSync(join(root, 'var/lib/custos-server')).mode & 0o777).toBe(0o700);
    expect(shimLog()).toMatch(/^useradd --system --user-group .* custos-server$/m);
    if (existsSync(join(REPO, UNIT))) {
      // What the systemctl stand-in does is what the unit says: user, data directory, settings
      // file and command.
      const unit = readFileSync(join(REPO, UNIT), 'utf8');
      expect(unit).toMatch(/^User=custos-server$/m);
      expect(unit).toMatch(/^Environment=DLP_DATA_DIR=\/var\/lib\/custos-server$/m);
      expect(unit).toMatch(/^EnvironmentFile=-?\/etc\/custos-server\/server\.env$/m);
      expect(unit).toMatch(/^ExecStart=\/opt\/custos-server\/bin\/dlp-server start$/m);
    }
  });

  it('3: the first start prints the Owner password into the journal; health, TLS name and sign-in check out', async () => {
    const journal = await run(block('start'));
    expect(journal).toContain(`API:        https://127.0.0.1:${ports[0]}/api/v1`);
    password = /password:\s+(\S+)/.exec(journal)![1]!;
    const checked = await run(setVariable(block('check'), 'PASSWORD', `'${password}'`));
    expect(checked).toMatch(/"status":"ok"|ok/);
    expect(checked).toContain('TLS name ok');
    expect(checked).toContain('signed in');
  });

  it('4-5: the firewall rules name the API port; the operator function runs dlp-server with the settings', async () => {
    await run(block('firewall'));
    expect(shimLog()).toContain(`ufw allow ${ports[0]}/tcp`);
    expect(await run(block('operator'))).toMatch(/^0\.\d+\.\d+$/m);
  });

  it('6: backup while the server runs, restore into a fresh data directory, the Owner signs in again', async () => {
    const listed = await run(withOperator(block('backup')));
    expect(listed).toMatch(/^backup written to .*: \d+ files, schema \d{4}_/m);
    const name = /^(\d{8}T\d{6}Z)$/m.exec(listed)![1]!;
    const backup = join(root, 'var/backups/custos', name);
    expect(existsSync(join(backup, 'manifest.json'))).toBe(true);
    const restored = await run(withOperator(setVariable(block('restore'), 'BACKUP', backup)));
    expect(restored).toMatch(/^restored \d+ files/m);
    expect(existsSync(join(root, 'var/lib/custos-server.before-restore/custos.db'))).toBe(true);
    const checked = await run(setVariable(block('check'), 'PASSWORD', `'${password}'`));
    expect(checked).toContain('signed in');
  });

  it('7: upgrade: backup, stop, migrate, start', async () => {
    const out = await run(withOperator(block('upgrade')));
    expect(out).toMatch(/^backup written to .*before-upgrade-/m);
    expect(out).toMatch(/^database is current$/m);
    expect(await run(setVariable(block('check'), 'PASSWORD', `'${password}'`))).toContain('signed in');
  });

  it('8: a lost Owner password: a one-time link on DLP_PUBLIC_URL sets a new one; a second use is refused', async () => {
    const out = await run(withOperator(block('owner-reset')));
    const link = new RegExp(
      `^https://dlp\\.example\\.com:${ports[0]}/reset-password#(dlpr_[A-Za-z0-9_-]+)$`,
      'm',
    ).exec(out);
    expect(link, out).not.toBeNull();
    const fresh = 'Lantern-harbour-quiet-8142';
    const reset = setVariable(
      setVariable(block('reset-password'), 'RESET', `'${link![1]}'`),
      'NEW_PASSWORD',
      `'${fresh}'`,
    );
    expect(await run(reset)).toContain('password set');
    expect(await run(setVariable(block('check'), 'PASSWORD', `'${fresh}'`))).toContain('signed in');
    const again = await runShell(reset, work, env).done;
    expect(again.code).not.toBe(0);
    expect(again.output).toContain('auth.unauthenticated');
  });
});
