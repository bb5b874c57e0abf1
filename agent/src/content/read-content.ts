import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { createBLAKE3, IHasher } from 'hash-wasm';

/** Why a file was not read whole (the event's `not_read`; document 2 incident field of that name). */
export type NotReadCause = 'too_large' | 'unsupported_format' | 'unreadable' | 'changed' | 'vanished';

export interface NotRead {
  cause: NotReadCause;
  reason: string;
}

export interface ContentRead {
  /** Decoded text to scan; null when nothing could be decoded. */
  text: string | null;
  size_bytes: number;
  bytes_read: number;
  /** BLAKE3 (lower hex) of the whole file; null unless the file was read whole. */
  blake3: string | null;
  not_read: NotRead | null;
}

const CHUNK = 1024 * 1024;

// One hasher for the process: init, update and digest run synchronously with no await between them,
// so concurrent readers never interleave on it (creating a WebAssembly hasher per file is costly).
// hash-wasm is loaded on the first file read, not at start: an idle service whose files are all
// remembered never reads one (issue 7, idle memory). Its BLAKE3-only build is loaded, not the index,
// which carries every algorithm's WebAssembly as text (284 KB of source against 22 KB; ~1.5 MB less
// resident). hash-wasm is pinned to an exact version that ships this file; the types are the index's.
let sharedHasher: Promise<IHasher> | null = null;
function hasher(): Promise<IHasher> {
  sharedHasher ??= (
    createRequire(import.meta.url)('hash-wasm/dist/blake3.umd.min.js') as {
      createBLAKE3: typeof createBLAKE3;
    }
  ).createBLAKE3();
  return sharedHasher;
}

function blake3Hex(h: IHasher, data: Uint8Array): string {
  h.init();
  h.update(data);
  return h.digest('hex');
}

/** BLAKE3 (lower hex) of bytes with the process's shared hasher (evidence copies check theirs). */
export async function blake3Bytes(data: Uint8Array): Promise<string> {
  return blake3Hex(await hasher(), data);
}

/** Formats whose text lives inside a container this agent does not unpack. */
const CONTAINER_MAGIC: { magic: number[]; name: string }[] = [
  { magic: [0x50, 0x4b, 0x03, 0x04], name: 'zip container (office document or archive)' },
  { magic: [0x25, 0x50, 0x44, 0x46], name: 'PDF' },
  { magic: [0x1f, 0x8b], name: 'gzip' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf], name: '7-Zip' },
  { magic: [0x52, 0x61, 0x72, 0x21], name: 'RAR' },
  { magic: [0xd0, 0xcf, 0x11, 0xe0], name: 'OLE compound document' },
];

function decode(buf: Buffer): { text: string | null; why: string | null } {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe)
    return { text: buf.subarray(2).toString('utf16le'), why: null };
  for (const c of CONTAINER_MAGIC) {
    if (c.magic.every((b, i) => buf[i] === b))
      return { text: null, why: `${c.name}: contents not extracted` };
  }
  // NUL bytes in the first 8 KiB mean binary content no text detector applies to.
  const head = buf.subarray(0, 8192);
  if (head.includes(0)) return { text: null, why: 'binary content' };
  return { text: buf.toString('utf8'), why: null };
}

/** What was read (`data`: the file's first bytes, whole when `size` <= `maxBytes`), decoded and hashed. */
function contentOf(data: Buffer, size: number, maxBytes: number, h: IHasher): ContentRead {
  const { text, why } = decode(data);
  if (size > maxBytes) {
    return {
      text,
      size_bytes: size,
      bytes_read: data.length,
      blake3: null,
      not_read: {
        cause: 'too_large',
        reason: `only the first ${maxBytes} of ${size} bytes were inspected`,
      },
    };
  }
  return {
    text,
    size_bytes: size,
    bytes_read: data.length,
    blake3: blake3Hex(h, data),
    not_read: why ? { cause: 'unsupported_format', reason: why } : null,
  };
}

/**
 * A whole file's bytes already read (a held open's file, read by the platform through the opener's
 * own descriptor): the same answer `readContent` gives for that file, without reading it again.
 */
export async function contentOfBytes(data: Buffer, maxBytes: number): Promise<ContentRead> {
  return contentOf(
    data.length > maxBytes ? data.subarray(0, maxBytes) : data,
    data.length,
    maxBytes,
    await hasher(),
  );
}

/**
 * Opens a file to read without changing its last-access time where the platform allows it (Linux
 * `O_NOATIME`: the agent's reads leave a file's access time as its users left it). The flag needs
 * the file's owner or CAP_FOWNER (the service runs as root); otherwise, and where there is no such
 * flag, the file is opened plainly.
 */
export async function openUntouched(path: string): Promise<Awaited<ReturnType<typeof open>>> {
  const noAtime = constants.O_NOATIME;
  if (noAtime === undefined) return open(path, 'r');
  try {
    return await open(path, constants.O_RDONLY | noAtime);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    return open(path, 'r');
  }
}

/**
 * Size-bounded content reader. Reads at most `maxBytes`; anything not read whole says why. The file is
 * stat'ed before and after: a file that changed while being read is reported `changed`, never scanned
 * as if it were consistent.
 */
export async function readContent(path: string, maxBytes: number): Promise<ContentRead> {
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await openUntouched(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return {
        text: null,
        size_bytes: 0,
        bytes_read: 0,
        blake3: null,
        not_read: { cause: 'vanished', reason: 'file gone before it could be read' },
      };
    }
    return {
      text: null,
      size_bytes: 0,
      bytes_read: 0,
      blake3: null,
      not_read: { cause: 'unreadable', reason: `open failed: ${code ?? 'error'}` },
    };
  }
  try {
    const before = await fh.stat();
    const size = before.size;
    const limit = Math.min(size, maxBytes);
    const buf = Buffer.allocUnsafe(limit);
    const h = await hasher();
    let off = 0;
    while (off < limit) {
      const { bytesRead } = await fh.read(buf, off, Math.min(CHUNK, limit - off), off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    const after = await fh.stat();
    const data = buf.subarray(0, off);
    if (after.size !== before.size || after.mtimeMs !== before.mtimeMs || off !== limit) {
      return {
        text: null,
        size_bytes: after.size,
        bytes_read: off,
        blake3: null,
        not_read: { cause: 'changed', reason: 'file changed while being read' },
      };
    }
    return contentOf(data, size, maxBytes, h);
  } catch (err) {
    return {
      text: null,
      size_bytes: 0,
      bytes_read: 0,
      blake3: null,
      not_read: {
        cause: 'unreadable',
        reason: `read failed: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
      },
    };
  } finally {
    await fh.close();
  }
}
