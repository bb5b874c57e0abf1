import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelayMs, mayAttempt, readBackoff, recordFailure } from '../src/update/backoff.js';
import { confirmUpdate, guardAtStart, installerState } from '../src/update/guard.js';
import { msiexecCommand, startDetached } from '../src/update/msiexec.js';
import { parseOffer } from '../src/update/offer.js';
import { readPending, writePending } from '../src/update/pending.js';
import { EXIT_RESTART } from '../src/update/restart.js';
import { swapExecutable } from '../src/update/swap.js';
import { AGENT_VERSION } from '../src/version.js';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-01T08:00:00Z');
let dir: string;
const lines: string[] = [];
const log = (_l: string, msg: string) => {
  lines.push(msg);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dlp-update-unit-'));
  lines.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('back-off for a failing update (injected clock)', () => {
  it('grows 1 h, 4 h, then a day from the third failure on', async () => {
    expect([1, 2, 3, 4, 10].map(backoffDelayMs)).toEqual([HOUR, 4 * HOUR, 24 * HOUR, 24 * HOUR, 24 * HOUR]);
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const b = await recordFailure(dir, '2.0.0', 'refused', now);
      waits.push(Date.parse(b.next_attempt_at) - now);
      // Not before the back-off ends; at its end, yes.
      expect(mayAttempt(b, '2.0.0', Date.parse(b.next_attempt_at) - 1)).toBe(false);
      now = Date.parse(b.next_attempt_at);
      expect(mayAttempt(b, '2.0.0', now)).toBe(true);
    }
    expect(waits).toEqual([HOUR, 4 * HOUR, 24 * HOUR, 24 * HOUR]);
    expect((await readBackoff(dir))?.failures).toBe(4);
    // Another version (perhaps the fix) is tried at once, and starts its own count.
    expect(mayAttempt(await readBackoff(dir), '2.0.1', now)).toBe(true);
    expect((await recordFailure(dir, '2.0.1', 'refused', now)).failures).toBe(1);
  });
});

describe('the trial of a new version', () => {
  async function installed(deadlineMs: number) {
    const exe = join(dir, 'bin', 'dlp-agent');
    mkdirSync(join(dir, 'bin'));
    writeFileSync(exe, 'old build', { mode: 0o755 });
    writeFileSync(join(dir, 'package'), 'new build');
    await writePending(dir, {
      from_version: '0.0.9',
      to_version: AGENT_VERSION,
      executable: exe,
      previous: `${exe}.previous`,
      deadline: new Date(deadlineMs).toISOString(),
      method: 'swap',
    });
    await swapExecutable(exe, join(dir, 'package'));
    return exe;
  }

  it('swaps atomically and keeps the previous executable', async () => {
    const exe = await installed(T0 + HOUR);
    expect(readFileSync(exe, 'utf8')).toBe('new build');
    expect(readFileSync(`${exe}.previous`, 'utf8')).toBe('old build');
  });

  it('a start before the deadline is on trial; the first check-in confirms it', async () => {
    const exe = await installed(T0 + HOUR);
    expect(await guardAtStart(dir, T0 + HOUR - 1, log)).toBe('on_trial');
    expect(await confirmUpdate(dir, log)).toBe(true);
    expect(await readPending(dir)).toBeUndefined();
    expect(await guardAtStart(dir, T0 + 2 * HOUR, log)).toBe('none');
    expect(readFileSync(exe, 'utf8')).toBe('new build');
  });

  it('a start past the deadline without a check-in puts the previous executable back and backs off', async () => {
    const exe = await installed(T0 + HOUR);
    expect(await guardAtStart(dir, T0 + HOUR, log)).toBe('rolled_back');
    expect(readFileSync(exe, 'utf8')).toBe('old build');
    expect(await readPending(dir)).toBeUndefined();
    expect(await readBackoff(dir)).toMatchObject({ version: AGENT_VERSION, failures: 1 });
    expect(lines).toContain('updated agent did not check in in time; previous version restored');
  });

  it('a marker for another version (the old one runs) is dropped, nothing restored', async () => {
    await writePending(dir, {
      from_version: AGENT_VERSION,
      to_version: '9.9.9',
      executable: join(dir, 'x'),
      previous: join(dir, 'x.previous'),
      deadline: new Date(T0).toISOString(),
      method: 'swap',
    });
    expect(await guardAtStart(dir, T0 + HOUR, log)).toBe('none');
    expect(await readPending(dir)).toBeUndefined();
    expect(await readBackoff(dir)).toBeUndefined();
  });
});

describe('Windows: the installer run on trial', () => {
  it('ignores the repeated offer while the installer runs, then counts a failure once the deadline passed', async () => {
    await writePending(dir, {
      from_version: AGENT_VERSION,
      to_version: '3.0.0',
      executable: 'C:\\Program Files\\Custos\\dlp-agent.exe',
      previous: '',
      deadline: new Date(T0 + HOUR).toISOString(),
      method: 'msiexec',
    });
    expect(await installerState(dir, '3.0.0', T0)).toBe('in_progress');
    expect(await installerState(dir, '3.0.1', T0)).toBe('none');
    expect(await installerState(dir, '3.0.0', T0 + HOUR)).toBe('failed');
    expect(await readPending(dir)).toBeUndefined();
    expect(await readBackoff(dir)).toMatchObject({ version: '3.0.0', failures: 1 });
    expect(mayAttempt(await readBackoff(dir), '3.0.0', T0 + HOUR + 1)).toBe(false);
  });
});

describe('check-in offer and the Windows installer command', () => {
  const offer = {
    release_id: '0b7c2a52-7d0e-4a36-9d55-3f0f7c1c2d11',
    version: '1.2.0',
    platform: 'linux-x64',
    size_bytes: 10,
    sha256: 'a'.repeat(64),
    signature_b64: 'c2ln',
    key_id: 'k1',
    download_path: 'https://elsewhere.example/evil',
  };

  it('reads a well-formed offer and rebuilds the route from the id; refuses malformed ones', () => {
    expect(parseOffer(offer)?.download_path).toBe(
      '/api/v1/agent/update-packages/0b7c2a52-7d0e-4a36-9d55-3f0f7c1c2d11',
    );
    expect(parseOffer(null)).toBeNull();
    expect(parseOffer({ ...offer, release_id: '../x' })).toBeNull();
    expect(parseOffer({ ...offer, sha256: 'zz' })).toBeNull();
    expect(parseOffer({ ...offer, size_bytes: 0 })).toBeNull();
    expect(parseOffer({ ...offer, version: '1.0 ; rm' })).toBeNull();
  });

  it('runs msiexec from System32 as a quiet major upgrade without reboot, logging beside the package', () => {
    expect(
      msiexecCommand('C:\\ProgramData\\Custos\\update\\r.package', 'C:\\ProgramData\\Custos\\update\\r.log'),
    ).toEqual({
      file: 'C:\\Windows\\System32\\msiexec.exe',
      args: [
        '/i',
        'C:\\ProgramData\\Custos\\update\\r.package',
        '/qn',
        '/norestart',
        '/l*v',
        'C:\\ProgramData\\Custos\\update\\r.log',
      ],
    });
  });
});

describe('restart through the service manager', () => {
  it('leaves with a code the agent unit restarts (Restart=on-failure, 75 not excluded)', () => {
    const unit = readFileSync(
      fileURLToPath(new URL('../../installer/custos-agent.service', import.meta.url)),
      'utf8',
    );
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).not.toMatch(/^RestartPreventExitStatus=.*\b75\b/m);
    expect(unit).not.toMatch(/^SuccessExitStatus=.*\b75\b/m);
    expect(EXIT_RESTART).toBe(75);
  });

  it('starts the installer detached: it runs on in its own session after the start returns', async () => {
    const marker = join(dir, 'installer-ran');
    const seen = new Promise<void>((resolve) => {
      const w = watch(dir, () => {
        if (existsSync(marker) && readFileSync(marker, 'utf8').includes(' ')) {
          w.close();
          resolve();
        }
      });
    });
    // Node stands in for msiexec.exe: it writes its pid and its session id (/proc/self/stat).
    const script = `const f = require('fs').readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
require('fs').writeFileSync(${JSON.stringify(marker)}, process.pid + ' ' + f[3]);`;
    startDetached({ file: process.execPath, args: ['-e', script] });
    await seen;
    const [pid, session] = readFileSync(marker, 'utf8').split(' ');
    // A session of its own: stopping the service (its process group) does not stop the installer.
    expect(session).toBe(pid);
    expect(session).not.toBe(String(process.pid));
  });
});
