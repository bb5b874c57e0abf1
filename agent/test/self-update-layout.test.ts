import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { selfUpdateReadiness } from '../src/update/readiness.js';
import { swapExecutable } from '../src/update/swap.js';
import { updatableExecutable } from '../src/version.js';
import { AGENT_DIST } from './helpers/agent-process.js';
import { tempDir } from './helpers/tmp.js';

/**
 * The .deb's layout (docs/agent-updates.md): /usr/bin/dlp-agent is a relative symlink to the file
 * the service runs in its own folder. Self-update must find that file through the link and swap
 * it, leaving the link a link. The launcher declaration stands in for the single executable's
 * path, which a symlinked start also reports as the link's target.
 */
const LAUNCHER = Symbol.for('custos.agent.launcher');
const declare = (executable: string | null) => {
  (globalThis as Record<symbol, unknown>)[LAUNCHER] = executable
    ? { version: '0.1.0', executable }
    : undefined;
};
afterEach(() => declare(null));

function debLayout(): { link: string; real: string } {
  const root = tempDir('dlp-update-layout-');
  mkdirSync(join(root, 'usr/bin'), { recursive: true });
  mkdirSync(join(root, 'var/lib/custos-agent-bin'), { recursive: true });
  const real = join(root, 'var/lib/custos-agent-bin/dlp-agent');
  writeFileSync(real, 'version 0.1.0', { mode: 0o755 });
  const link = join(root, 'usr/bin/dlp-agent');
  symlinkSync('../../var/lib/custos-agent-bin/dlp-agent', link);
  return { link, real };
}

describe('the executable self-update replaces', () => {
  it('is the real file behind a symlink, and the swap keeps the link a link', async () => {
    const { link, real } = debLayout();
    declare(link);
    expect(updatableExecutable()).toBe(real);
    expect(await selfUpdateReadiness()).toEqual({ ok: true, executable: real, method: 'swap' });
    const pkg = join(tempDir('dlp-update-pkg-'), 'package');
    writeFileSync(pkg, 'version 0.2.0');
    await swapExecutable(updatableExecutable()!, pkg);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('../../var/lib/custos-agent-bin/dlp-agent');
    expect(readFileSync(link, 'utf8')).toBe('version 0.2.0');
    expect(readFileSync(`${real}.previous`, 'utf8')).toBe('version 0.1.0');
  });

  it('is none from the source tree: no self-update, said so', async () => {
    declare(null);
    expect(updatableExecutable()).toBeNull();
    expect(await selfUpdateReadiness()).toEqual({
      ok: false,
      executable: null,
      reason: 'not a packaged build (source tree): no self-update',
    });
  });
});

/** An unprivileged account (root may write anywhere, so the refusal needs another user). */
const NOBODY = 65534;

/**
 * The compiled update path run as NOBODY: `applyUpdate` twice (two versions) for an executable in
 * a root-owned folder, as the .deb's /usr/bin was. Answers the outcomes, the log and what the
 * state directory holds afterwards.
 */
function applyAsNobody(exe: string, state: string): { outcomes: string[]; lines: string[]; files: string[] } {
  const script = `
    import { readdirSync } from 'node:fs';
    const dist = ${JSON.stringify(AGENT_DIST)};
    const { applyUpdate } = await import(dist + 'update/apply.js');
    const { onRestartRequest } = await import(dist + 'update/restart.js');
    const { AGENT_PLATFORM } = await import(dist + 'version.js');
    globalThis[Symbol.for('custos.agent.launcher')] = { version: '0.1.0', executable: ${JSON.stringify(exe)} };
    onRestartRequest(() => {});
    const lines = [];
    const s = { config: { stateDir: ${JSON.stringify(state)}, updateConfirmSecs: 900 }, log: (_l, m, f) => lines.push(m + ' ' + (f.reason ?? '')) };
    const offer = { release_id: '6f1c7a52-93a4-4d7e-9d51-2b3f1f0c9e11', version: '0.2.0', platform: AGENT_PLATFORM,
      size_bytes: 10, sha256: 'a'.repeat(64), signature_b64: 'AA==', key_id: 'k1',
      download_path: '/api/v1/agent/update-packages/6f1c7a52-93a4-4d7e-9d51-2b3f1f0c9e11' };
    const outcomes = [];
    for (const version of ['0.2.0', '0.3.0']) outcomes.push(await applyUpdate(s, { ...offer, version }, { now: Date.now }));
    console.log(JSON.stringify({ outcomes, lines, files: readdirSync(${JSON.stringify(state)}) }));`;
  const out = execFileSync(
    'setpriv',
    [
      `--reuid=${NOBODY}`,
      `--regid=${NOBODY}`,
      '--clear-groups',
      process.execPath,
      '--input-type=module',
      '-e',
      script,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

describe('an executable the service may not replace', () => {
  it('is refused before anything is downloaded, and said once', () => {
    const { link, real } = debLayout();
    const root = join(real, '../../../..');
    chmodSync(root, 0o755);
    const state = tempDir('dlp-update-state-');
    chownSync(state, NOBODY, NOBODY);
    const r = applyAsNobody(link, state);
    expect(r.outcomes).toEqual(['unavailable', 'unavailable']);
    expect(r.lines).toEqual([
      'self-update unavailable: the executable folder is not writable by the service ' +
        `the folder ${join(real, '..')} is not writable by this user: the package manager updates this agent`,
    ]);
    expect(r.files).toEqual([]);
    expect(readFileSync(real, 'utf8')).toBe('version 0.1.0');
  });
});
