// The Debian package of the Linux single executable (dpkg-deb; the control file and maintainer
// scripts are packaging/deb/*). The systemd units are made from installer/'s templates, so the
// .deb and install.sh run the agent under the same hardening. zstd: 2 s against xz's 4 minutes for
// the 126 MB executable on a 2-core machine (dpkg reads it since 1.21.18, Debian 12). Reproducible: every file's time is
// the commit's (SOURCE_DATE_EPOCH), owners are root, dpkg-deb sorts the members.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const DEB = join(ROOT, 'packaging', 'deb');
const INSTALLER = join(ROOT, 'installer');
export const UNIT_PATH = 'lib/systemd/system/custos-agent.service';
const USER_UNIT_PATH = 'usr/lib/systemd/user/custos-agent-session.service';
const AUTOSTART_PATH = 'etc/xdg/autostart/custos-agent-session.desktop';
const DOCS = 'usr/share/doc/custos-agent';
/**
 * The executable layout that lets the service update itself (docs/agent-updates.md): dpkg owns the
 * package's copy in /usr/lib/custos-agent (root's, what the maintainer scripts run as root);
 * postinst puts it into the service's own folder at each configure, where the service may rename
 * an update over it; /usr/bin/dlp-agent is a relative symlink to that file.
 */
export const PACKAGE_EXE = 'usr/lib/custos-agent/dlp-agent';
export const SERVICE_BIN = 'var/lib/custos-agent-bin';
export const BIN_LINK = 'usr/bin/dlp-agent';

/**
 * installer/'s unit template with the .deb's paths: the executable itself runs, no Node beside it.
 * The system service runs the file in its own folder (and may write that folder under
 * ProtectSystem=strict); session helpers run it through /usr/bin/dlp-agent.
 */
export function debUnit(template, name) {
  const service = name === 'custos-agent.service';
  const exe = service ? `/${SERVICE_BIN}/dlp-agent` : `/${BIN_LINK}`;
  // The template's own header (which names its placeholders) gives way to one naming the package.
  const body = template.replace(/^(#.*\n)+/, '');
  const out = `# ${name}, installed by the custos-agent package (made from installer/${name}).\n${body}`
    .replaceAll('@NODE@ @PREFIX@/bin/dlp-agent.js', exe)
    .replaceAll('@PREFIX@/bin/dlp-agent', exe)
    .replace(/^ReadWritePaths=@STATE_DIR@$/m, service ? `ReadWritePaths=@STATE_DIR@ /${SERVICE_BIN}` : '$&')
    .replaceAll('file://@PREFIX@/docs/', `file:///${DOCS}/`)
    .replaceAll('@STATE_DIR@', '/var/lib/custos-agent')
    // The executable sets --max-semi-space-size itself (scripts/package/build.mjs, execArgv), and
    // there is no separate Node: both lines go with the comments above them.
    .replace(/^(#.*\n)*Environment=NODE_OPTIONS=.*\n/m, '')
    .replace(/^# The Node that install\.sh checked.*\n/m, '')
    // Where the executable writes its addons before loading them (scripts/package/sea-runtime.mjs).
    .replace(/^(StateDirectoryMode=.*\n)/m, '$1CacheDirectory=custos-agent\nCacheDirectoryMode=0700\n');
  if (/@[A-Z_]+@/.test(out)) throw new Error('a unit template placeholder was left unfilled');
  return out;
}

function commitTime() {
  if (process.env.SOURCE_DATE_EPOCH) return Number(process.env.SOURCE_DATE_EPOCH);
  try {
    return Number(execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: ROOT, encoding: 'utf8' }).trim());
  } catch {
    return 0;
  }
}

function put(root, rel, text, mode = 0o644) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
  chmodSync(join(root, rel), mode);
}

function touchAll(dir, time) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) touchAll(p, time);
    // A symlink's own time: its target is only there once installed.
    (e.isSymbolicLink() ? lutimesSync : utimesSync)(p, time, time);
  }
  utimesSync(dir, time, time);
}

function bytesUnder(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? bytesUnder(p) : lstatSync(p).size;
  }
  return n;
}

/** Builds `<out>/custos-agent_<version>_amd64.deb` from the Linux executable; answers its path. */
export function buildDeb({ exe, version, out }) {
  const root = join(out, '.work', 'deb-root');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'DEBIAN'), { recursive: true });
  mkdirSync(join(root, dirname(PACKAGE_EXE)), { recursive: true });
  copyFileSync(exe, join(root, PACKAGE_EXE));
  chmodSync(join(root, PACKAGE_EXE), 0o755);
  mkdirSync(join(root, dirname(BIN_LINK)), { recursive: true });
  // Relative, so that it also resolves inside a `dpkg --root` tree.
  symlinkSync(relative(dirname(`/${BIN_LINK}`), `/${SERVICE_BIN}/dlp-agent`), join(root, BIN_LINK));
  put(
    root,
    UNIT_PATH,
    debUnit(readFileSync(join(INSTALLER, 'custos-agent.service'), 'utf8'), 'custos-agent.service'),
  );
  put(
    root,
    USER_UNIT_PATH,
    debUnit(
      readFileSync(join(INSTALLER, 'custos-agent-session.service'), 'utf8'),
      'custos-agent-session.service',
    ),
  );
  put(
    root,
    AUTOSTART_PATH,
    debUnit(
      readFileSync(join(INSTALLER, 'custos-agent-session.desktop'), 'utf8'),
      'custos-agent-session.desktop',
    ),
  );
  for (const doc of ['install-linux.md', 'agent.md', 'packaging.md']) {
    put(root, `${DOCS}/${doc}`, readFileSync(join(ROOT, 'docs', doc), 'utf8'));
  }
  const size = Math.ceil(bytesUnder(root) / 1024);
  const control = readFileSync(join(DEB, 'control'), 'utf8')
    .replace('@VERSION@', version)
    .replace('@INSTALLED_SIZE@', String(size));
  put(root, 'DEBIAN/control', control);
  put(root, 'DEBIAN/conffiles', `/${AUTOSTART_PATH}\n`);
  for (const script of ['postinst', 'prerm', 'postrm']) {
    put(root, `DEBIAN/${script}`, readFileSync(join(DEB, script), 'utf8'), 0o755);
  }
  const time = commitTime();
  touchAll(root, time);
  const deb = join(out, `custos-agent_${version}_amd64.deb`);
  rmSync(deb, { force: true });
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zzstd', '--build', root, deb], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SOURCE_DATE_EPOCH: String(time) },
  });
  return deb;
}
