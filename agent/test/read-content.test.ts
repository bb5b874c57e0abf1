import { chmodSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentOfBytes, readContent } from '../src/content/read-content.js';
import { tempDir } from './helpers/tmp.js';

/** A file whose access time (2001) is older than its modification time: a relatime read updates it. */
function staleAtime(path: string): number {
  writeFileSync(path, 'abc');
  utimesSync(path, new Date('2001-01-01T00:00:00Z'), new Date());
  return statSync(path).atimeMs;
}

describe('size-bounded content reader', () => {
  // Where the file system records access times on read (relatime, as here), a plain read of such a
  // file moves its atime; the agent's read must not.
  const probe = join(tempDir(), 'probe.txt');
  const before = staleAtime(probe);
  readFileSync(probe);
  const recordsAccess = statSync(probe).atimeMs !== before;

  it.runIf(process.platform === 'linux' && recordsAccess)(
    "leaves the file's access time as it was (O_NOATIME)",
    async () => {
      const p = join(tempDir(), 'seen.txt');
      const atime = staleAtime(p);
      expect((await readContent(p, 1024)).text).toBe('abc');
      expect(statSync(p).atimeMs).toBe(atime);
    },
  );

  it('reads a small text file whole, with its BLAKE3', async () => {
    const p = join(tempDir(), 'a.txt');
    writeFileSync(p, 'abc');
    const r = await readContent(p, 1024);
    expect(r).toMatchObject({ text: 'abc', size_bytes: 3, bytes_read: 3, not_read: null });
    // BLAKE3("abc"), from the reference implementation's test vectors.
    expect(r.blake3).toBe('6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85');
  });

  it('inspects only the first bytes of a file over the limit and says so', async () => {
    const p = join(tempDir(), 'big.txt');
    writeFileSync(p, 'x'.repeat(10_000));
    const r = await readContent(p, 4096);
    expect(r.bytes_read).toBe(4096);
    expect(r.text).toHaveLength(4096);
    expect(r.blake3).toBeNull();
    expect(r.not_read).toMatchObject({ cause: 'too_large' });
  });

  it('does not pretend to read inside containers or binaries', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'x.zip'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    writeFileSync(join(d, 'x.bin'), Buffer.from([1, 0, 2, 0, 3]));
    expect((await readContent(join(d, 'x.zip'), 1024)).not_read).toMatchObject({
      cause: 'unsupported_format',
    });
    const bin = await readContent(join(d, 'x.bin'), 1024);
    expect(bin.text).toBeNull();
    expect(bin.not_read?.reason).toBe('binary content');
  });

  it('decodes UTF-16LE with a byte-order mark', async () => {
    const p = join(tempDir(), 'u16.txt');
    writeFileSync(p, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('card 4111', 'utf16le')]));
    expect((await readContent(p, 1024)).text).toBe('card 4111');
  });

  it('names a vanished file and an unreadable one', async () => {
    expect((await readContent(join(tempDir(), 'gone.txt'), 1024)).not_read).toMatchObject({
      cause: 'vanished',
    });
    if (process.getuid?.() === 0) return; // root reads anything: the permission case cannot be shown
    const p = join(tempDir(), 'secret.txt');
    writeFileSync(p, 'x');
    chmodSync(p, 0o000);
    expect((await readContent(p, 1024)).not_read).toMatchObject({
      cause: 'unreadable',
      reason: 'open failed: EACCES',
    });
  });

  it("gives bytes already read (a held open's file) the same answer as reading the file", async () => {
    const d = tempDir();
    const files: [string, Buffer][] = [
      ['a.txt', Buffer.from('abc')],
      ['big.txt', Buffer.from('x'.repeat(10_000))],
      ['x.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])],
      ['x.bin', Buffer.from([1, 0, 2, 0, 3])],
      ['u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi there', 'utf16le')])],
      ['empty.txt', Buffer.alloc(0)],
    ];
    for (const [name, bytes] of files) {
      writeFileSync(join(d, name), bytes);
      expect(await contentOfBytes(bytes, 4096), name).toEqual(await readContent(join(d, name), 4096));
    }
  });
});
