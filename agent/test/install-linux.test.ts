import { cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { linksLeaving, PREFIX, REPO, sh, shellLines, treeBytes, walk } from './helpers/install-root.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { tempDir } from './helpers/tmp.js';

/**
 * Issue 26 items 1 and 7: docs/install-linux.md as an administrator follows it, every command run
 * as a real process: installer/install.sh into a test root (`--root`, since this machine's own
 * /opt and /etc are not ours to change), the installed agent started from that root against a
 * real dlp-server, then /opt/custos-agent/uninstall.sh, after which the server shows the device
 * `uninstalled` and its credentials no longer work.
 */
const DOC = join(REPO, 'docs/install-linux.md');
/** Lines the test machine cannot run (no systemd); nothing else may be skipped. */
const NEEDS_SYSTEMD = /^(systemctl|journalctl) /;
/** Development tools that must never be installed with the agent. */
const DEV_ONLY =
  /(^|\/)node_modules\/(typescript|vitest|@vitest|@biomejs|fastify|@fastify|pg|kysely|@types|vite|rolldown|fast-check|semver)(\/|$)/;

let server: RunningServer;
let owner: ApiClient;
let work: string;

beforeAll(async () => {
  work = tempDir('dlp-install-');
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A documented line as run in the test root: no sudo (the test runs as root or owns the root). */
function asTested(line: string, root: string): string {
  let l = line.replace(/^sudo -u custos-agent /, '').replace(/^sudo /, '');
  l = l.replaceAll('https://dlp.example:8443', '"$SERVER"');
  l = l.replace(/(^|\s)\/(opt|var\/lib|etc)\//g, `$1${root}/$2/`);
  if (l.startsWith('installer/')) l = `${REPO}${l}`;
  if (/(^|\/)(un)?install\.sh\b/.test(l)) l += ` --root "${root}"`;
  return l;
}

async function agents(status: string): Promise<{ id: string; status: string; health: { state?: string } }[]> {
  const r = await owner.ok(
    owner.get<{ items: { id: string; status: string; health: { state?: string } }[] }>(
      `/agents?status=${status}`,
    ),
  );
  return r.items;
}

describe('docs/install-linux.md, run as written into a test root', { timeout: 180_000 }, () => {
  it('installs a self-contained agent, enrols it, checks it and uninstalls it', async () => {
    const root = tempDir('dlp-root-');
    writeFileSync(join(work, 'ca.pem'), server.caPem);
    const { token } = await owner.ok(
      owner.post<{ token: string }>('/enrollment-tokens', { max_uses: 1, ttl_minutes: 30 }),
    );
    const env = {
      SERVER: server.url,
      TOKEN: token,
      DLP_AGENT_POLICY_FILE: join(root, 'etc/custos/agent-policy.json'),
    };
    const lines = shellLines(DOC, '## From a checkout (install.sh)');
    expect(lines.filter((l) => NEEDS_SYSTEMD.test(l))).toEqual([
      'systemctl status custos-agent',
      'journalctl -u custos-agent -n 50',
    ]);
    let stateCopy = '';
    let ran = 0;
    for (const line of lines.filter((l) => !NEEDS_SYSTEMD.test(l))) {
      if (line.includes('uninstall.sh')) {
        // Kept aside to prove afterwards that the uninstalled device's key no longer works.
        stateCopy = join(work, 'state-copy');
        cpSync(join(root, 'var/lib/custos-agent'), stateCopy, { recursive: true });
      }
      const r = await sh(asTested(line, root), work, env);
      expect(r.code, `${line}\n${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout + r.stderr).not.toContain(token);
      ran += 1;
      if (/install\.sh/.test(line) && !line.includes('uninstall')) checkInstalledTree(root);
      if (line.includes('run --once')) {
        const active = await agents('active');
        expect(active).toHaveLength(1);
      }
    }
    expect(ran).toBe(6);

    // Uninstalled: nothing of the agent is left in the root, and the server knows.
    expect(walk(root).filter((p) => !statSync(join(root, p)).isDirectory())).toEqual([]);
    expect(existsSync(join(root, PREFIX))).toBe(false);
    const gone = await agents('uninstalled');
    expect(gone).toHaveLength(1);
    expect(gone[0]!.health.state).toBe('uninstalling');
    expect(await agents('active')).toEqual([]);

    // The device key kept aside no longer opens anything: the check-in answers revoked.
    const policyFile = join(work, 'policy-copy.json');
    writeFileSync(policyFile, JSON.stringify({ ServerUrl: server.url }));
    const again = await runAgent(['run', '--once', '--state-dir', stateCopy], {
      DLP_AGENT_POLICY_FILE: policyFile,
    });
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout.trim().split('\n').at(-1)!).checkin).toBe('refused');
    expect(again.stderr).toContain('reports this device as revoked');
  });
});

function checkInstalledTree(root: string): void {
  const tree = join(root, PREFIX);
  const files = walk(tree);
  // Nothing links back into the checkout (or anywhere outside the root).
  expect(linksLeaving(root, root)).toEqual([]);
  expect(files.filter((p) => DEV_ONLY.test(p))).toEqual([]);
  for (const f of files.filter((p) => /\.(js|cjs|mjs|json|sh)$/.test(p) || p === 'bin/dlp-agent')) {
    if (statSync(join(tree, f)).isFile()) expect(readFileSync(join(tree, f), 'utf8')).not.toContain(REPO);
  }
  expect(files).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  expect(files).toContain('node_modules/@custos/native/build/Release/custos_native.node');
  expect(files).toContain('node_modules/@custos/engine/dist/index.js');
  const bytes = treeBytes(tree);
  // Issue 26 asks for the figure: printed, and bounded so a development dependency cannot creep in.
  process.stdout.write(`installed agent tree: ${(bytes / 1e6).toFixed(1)} MB in ${files.length} entries\n`);
  expect(bytes).toBeLessThan(40e6);
  const policy = join(root, 'etc/custos/agent-policy.json');
  expect(statSync(policy).mode & 0o777).toBe(0o640);
  expect(Object.keys(JSON.parse(readFileSync(policy, 'utf8')))).toEqual(['ServerUrl', 'EnrollmentToken']);
  expect(statSync(join(root, 'var/lib/custos-agent')).mode & 0o777).toBe(0o700);
  const unit = readFileSync(join(root, 'etc/systemd/system/custos-agent.service'), 'utf8');
  expect(unit).toMatch(
    /^ExecStart=\/\S+ \/opt\/custos-agent\/bin\/dlp-agent\.js run --state-dir \/var\/lib\/custos-agent$/m,
  );
  expect(unit).not.toContain('@');
  expect(unit).toMatch(/^RuntimeDirectory=custos-agent$/m);
  // Issue 18: each desktop session starts the session helper (systemd user unit, XDG autostart).
  const userUnit = readFileSync(join(root, 'etc/systemd/user/custos-agent-session.service'), 'utf8');
  expect(userUnit).toMatch(/^ExecStart=\/\S+ \/opt\/custos-agent\/bin\/dlp-agent\.js session$/m);
  expect(userUnit).not.toContain('@');
  const autostart = readFileSync(join(root, 'etc/xdg/autostart/custos-agent-session.desktop'), 'utf8');
  expect(autostart).toMatch(/^Exec=\/opt\/custos-agent\/bin\/dlp-agent session$/m);
  expect(autostart).toMatch(/^X-systemd-skip=true$/m);
}

describe('install.sh: all or nothing', { timeout: 120_000 }, () => {
  const install = (root: string, server: string, env: NodeJS.ProcessEnv = {}) =>
    sh(`${REPO}installer/install.sh --server ${server} --root "${root}"`, work, env);

  it('refuses a Node older than the declared minimum before writing anything', async () => {
    const root = tempDir('dlp-root-');
    const bin = join(work, 'old-node');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(work, 'v18.cjs'),
      "Object.defineProperty(process.versions, 'node', { value: '18.20.0' });\n",
    );
    writeFileSync(
      join(bin, 'node'),
      `#!/bin/sh\nif [ "$1" = --version ]; then echo v18.20.0; exit 0; fi\nexec "${process.execPath}" --require "${join(work, 'v18.cjs')}" "$@"\n`,
      { mode: 0o755 },
    );
    const r = await install(root, 'https://dlp.example:8443', { PATH: `${bin}:${process.env.PATH}` });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Node\.js >= 20\.19\.0 is required; .* is v18\.20\.0/);
    expect(walk(root)).toEqual([]);
  });

  it('a failure half way leaves no file of a fresh install', async () => {
    const root = tempDir('dlp-root-');
    mkdirSync(join(root, 'var/lib'), { recursive: true });
    writeFileSync(join(root, 'var/lib/custos-agent'), 'in the way');
    const r = await install(root, 'https://dlp.example:8443');
    expect(r.code).not.toBe(0);
    expect(walk(root).sort()).toEqual(['var', 'var/lib', 'var/lib/custos-agent']);
  });

  it('a failed upgrade leaves the earlier install as it was', async () => {
    const root = tempDir('dlp-root-');
    expect((await install(root, 'https://first.example:8443')).code).toBe(0);
    const before = walk(root).sort();
    const state = join(root, 'var/lib/custos-agent');
    cpSync(state, join(work, 'state-aside'), { recursive: true });
    // The state directory replaced by a file: the upgrade fails after the tree moved into place.
    await sh(`rm -rf "${state}" && echo x > "${state}"`, work);
    const r = await install(root, 'https://second.example:8443');
    expect(r.code).not.toBe(0);
    const policy = JSON.parse(readFileSync(join(root, 'etc/custos/agent-policy.json'), 'utf8'));
    expect(policy.ServerUrl).toBe('https://first.example:8443');
    expect(walk(root).sort()).toEqual(before.filter((p) => !p.startsWith('var/lib/custos-agent/')));
    const help = await sh(`"${join(root, PREFIX, 'bin/dlp-agent')}" --help`, work);
    expect(help.code).toBe(0);
  });
});
