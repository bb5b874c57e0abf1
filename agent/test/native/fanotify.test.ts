import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AttributedFileChange, createFanotifyWatching } from '../../src/platform/linux/fanotify.js';
import { xattrCapableDir } from './xattr-dir.js';

// Real fanotify on the real kernel. As root it must attribute writes; unprivileged it must say so.
const isLinux = process.platform === 'linux';
const root = isLinux ? xattrCapableDir('custos-fanotify-') : '';
const watched = join(root, 'watched');
const outside = join(root, 'outside');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A node child that writes one file, says so, then stays alive until told to exit, so its exe is
 * still readable when the event is read and the order of writes is known.
 */
function writer(path: string): { child: ChildProcess; written: Promise<void>; done: () => void } {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(path)}, 'x'); process.stdout.write('written'); process.stdin.once('data', () => process.exit(0));`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const written = new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { child, written, done: () => child.stdin?.end('go') };
}

describe.runIf(isLinux)('fanotify file writes with process attribution', () => {
  const watching = createFanotifyWatching(root);

  it.runIf(process.getuid?.() === 0)(
    'as root: reports the writer of a file under the root, and nothing else',
    async () => {
      expect(watching).toMatchObject({ available: true, reason: null });
      mkdirSync(watched, { recursive: true });
      mkdirSync(outside, { recursive: true });
      const seen: AttributedFileChange[] = [];
      let arrived: (() => void) | null = null;
      const handle = watching.watch(
        watched,
        (change) => {
          seen.push(change);
          arrived?.();
        },
        () => {},
      );
      try {
        writeFileSync(join(watched, 'by-the-agent-itself.txt'), 'own write'); // dropped: our own pid
        const away = writer(join(outside, 'elsewhere.txt')); // dropped: outside the root
        await away.written; // both earlier writes are queued before the one we wait for
        const target = join(watched, 'report.txt');
        const expected = realpathSync(watched);
        const near = writer(target);
        await new Promise<void>((resolve) => {
          arrived = () => seen.some((c) => c.path === join(expected, 'report.txt')) && resolve();
          arrived();
        });
        const hit = seen.find((c) => c.path === join(expected, 'report.txt'))!;
        expect(hit.pid).toBe(near.child.pid);
        expect(hit.exe).toBe(realpathSync(process.execPath));
        expect(seen.map((c) => c.path)).toEqual([join(expected, 'report.txt')]);
        away.done();
        near.done();
      } finally {
        handle.close();
      }
    },
  );

  it.runIf(process.getuid?.() !== 0)('unprivileged: reported absent with the reason', () => {
    expect(watching.available).toBe(false);
    expect(watching.reason).toContain('CAP_SYS_ADMIN');
  });
});

describe.runIf(isLinux && process.getuid?.() === 0)('fanotify without privilege', () => {
  it('an unprivileged process gets native.access_denied, not a crash', () => {
    const addon = join(import.meta.dirname, '..', '..', 'native', 'build', 'Release', 'custos_native.node');
    const script = `
      const m = { exports: {} };
      process.dlopen(m, ${JSON.stringify(addon)});
      try { m.exports.fanotifyWatch('/tmp', () => {}); console.log('watching'); }
      catch (e) { console.log(JSON.stringify({ code: e.code, syscall: e.syscall, osCode: e.osCode })); }`;
    const run = spawnSync(process.execPath, ['-e', script], { uid: 65534, gid: 65534, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      code: 'native.access_denied',
      syscall: 'fanotify_init',
      osCode: 1,
    });
  });
});
