import { spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeldOpens } from '../../src/platform/linux/held-opens.js';
import type { HeldOpen } from '../../src/platform/types.js';

// Real fanotify permission events on the real kernel (issue 18, held opens). Root only: CI runs as
// root; unprivileged, the capability is absent with the reason.
const isLinux = process.platform === 'linux';
const isRoot = process.getuid?.() === 0;
const root = realpathSync(mkdtempSync(join(tmpdir(), 'custos-hold-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `cat FILE` in a child: resolves with its exit code and output (the test's loop stays free to answer). */
function opener(path: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** Opens a file and closes it without reading it (a shell's redirect), in a child. */
function openOnly(path: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', ': < "$1"', 'sh', path], { stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });
}

describe.runIf(isLinux && isRoot)('held opens (fanotify FAN_OPEN_PERM) as root', () => {
  const held = createHeldOpens(root);
  const dir = join(root, 'held');
  const sub = join(dir, 'sub');
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(dir, 'card.txt'), 'secret\n');
  writeFileSync(join(sub, 'deeper.txt'), 'deeper\n');

  it('is available, holds an open until answered: refused, then allowed; own opens and unmarked directories pass', async () => {
    expect(held).toMatchObject({ available: true, reason: null });
    const seen: HeldOpen[] = [];
    let verdict = false;
    const group = held.open(30_000, true, (h) => {
      seen.push(h);
      expect(h.answer(verdict)).toBe(true);
      expect(h.answer(true)).toBe(false); // answered once; a second answer changes nothing
    });
    try {
      group.hold(dir);
      // The agent's own process is never held (it reads the files it decides on).
      expect(readFileSync(join(dir, 'card.txt'), 'utf8')).toBe('secret\n');
      const refused = await opener(join(dir, 'card.txt'));
      expect(refused.code).not.toBe(0);
      expect(refused.err).toContain('Operation not permitted');
      verdict = true;
      const allowed = await opener(join(dir, 'card.txt'));
      expect(allowed).toMatchObject({ code: 0, out: 'secret\n' });
      // A subdirectory is held only once it is marked itself.
      expect((await opener(join(sub, 'deeper.txt'))).code).toBe(0);
      expect(seen.map((h) => h.path)).toEqual([join(dir, 'card.txt'), join(dir, 'card.txt')]);
      expect(seen[0]?.exe).toBe('/usr/bin/cat');
      group.release(dir);
      verdict = false;
      expect((await opener(join(dir, 'card.txt'))).code).toBe(0);
      expect(seen).toHaveLength(2);
    } finally {
      group.close();
    }
  });

  it("reads a small file whole through the opener's descriptor; a larger one comes with its state only", async () => {
    writeFileSync(join(dir, 'big.txt'), 'y'.repeat(100));
    const seen: HeldOpen[] = [];
    const group = held.open(
      30_000,
      true,
      (h) => {
        seen.push(h);
        h.answer(true);
      },
      64,
    );
    try {
      group.hold(dir);
      expect((await opener(join(dir, 'card.txt'))).code).toBe(0);
      expect((await opener(join(dir, 'big.txt'))).code).toBe(0);
    } finally {
      group.close();
    }
    const state = (p: string) => {
      const st = statSync(p);
      return {
        regular: true,
        dev: st.dev,
        ino: st.ino,
        size: st.size,
        mtimeMs: st.mtimeMs,
        ctimeMs: st.ctimeMs,
      };
    };
    expect(seen[0]?.file).toEqual({ ...state(join(dir, 'card.txt')), content: Buffer.from('secret\n') });
    // The read at the event leaves the file's access time alone (O_NOATIME): an access time older
    // than the modification time, which a relatime read would move, is still there.
    const stale = join(dir, 'stale.txt');
    writeFileSync(stale, 'kept\n');
    utimesSync(stale, new Date('2001-01-01T00:00:00Z'), new Date());
    const atime = statSync(stale).atimeMs;
    const reader = held.open(
      30_000,
      true,
      (h) => {
        seen.push(h);
        h.answer(true);
      },
      64,
    );
    try {
      reader.hold(dir);
      expect(await openOnly(stale)).toBe(0);
    } finally {
      reader.close();
    }
    expect(seen.at(-1)?.file?.content).toEqual(Buffer.from('kept\n'));
    expect(statSync(stale).atimeMs).toBe(atime);
    expect(seen[1]?.file).toEqual({ ...state(join(dir, 'big.txt')), content: null });
    // Without a read size, nothing is read at the event.
    const plain: HeldOpen[] = [];
    const other = held.open(30_000, true, (h) => {
      plain.push(h);
      h.answer(true);
    });
    try {
      other.hold(dir);
      expect((await opener(join(dir, 'card.txt'))).code).toBe(0);
    } finally {
      other.close();
    }
    expect(plain[0]?.file).toEqual({ ...state(join(dir, 'card.txt')), content: null });
  });

  it('an open nobody answers gets the default at the deadline, from the addon', async () => {
    const group = held.open(300, false, () => {}); // never answered by JavaScript
    try {
      group.hold(dir);
      const started = process.hrtime.bigint();
      const r = await opener(join(dir, 'card.txt'));
      const waitedMs = Number(process.hrtime.bigint() - started) / 1e6;
      expect(r.code).not.toBe(0);
      expect(waitedMs).toBeGreaterThanOrEqual(290);
    } finally {
      group.close();
    }
  });

  it('a crashed agent leaves no open hanging: the kernel allows it when the descriptor closes', async () => {
    const addon = join(import.meta.dirname, '..', '..', 'native', 'build', 'Release', 'custos_native.node');
    // A holder with a ten-minute deadline that never answers, killed with SIGKILL once it holds.
    const script = `
      const m = { exports: {} };
      process.dlopen(m, ${JSON.stringify(addon)});
      const id = m.exports.fanotifyHold(600000, false, () => process.stdout.write('held\\n'));
      m.exports.fanotifyHoldMark(id, ${JSON.stringify(dir)}, true);
      process.stdout.write('ready\\n');
      setInterval(() => {}, 1000);`;
    const holder = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let said = '';
    const heard = (word: string) =>
      new Promise<void>((resolve) => {
        const check = () => said.includes(word) && resolve();
        holder.stdout.on('data', (d) => {
          said += d;
          check();
        });
        check();
      });
    try {
      await heard('ready');
      const open = opener(join(dir, 'card.txt'));
      await heard('held');
      holder.kill('SIGKILL');
      expect(await open).toMatchObject({ code: 0, out: 'secret\n' });
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('an unprivileged process gets native.access_denied', () => {
    const addon = join(import.meta.dirname, '..', '..', 'native', 'build', 'Release', 'custos_native.node');
    const script = `
      const m = { exports: {} };
      process.dlopen(m, ${JSON.stringify(addon)});
      try { m.exports.fanotifyHold(1000, true, () => {}); console.log('holding'); }
      catch (e) { console.log(JSON.stringify({ code: e.code, syscall: e.syscall })); }`;
    const run = spawnSync(process.execPath, ['-e', script], { uid: 65534, gid: 65534, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ code: 'native.access_denied', syscall: 'fanotify_init' });
  });
});

describe.runIf(isLinux && !isRoot)('held opens unprivileged', () => {
  it('reports them absent with the reason', () => {
    expect(createHeldOpens(root)).toMatchObject({ available: false });
    expect(createHeldOpens(root).reason).toContain('CAP_SYS_ADMIN');
  });
});
