/**
 * The transmitted form of a corpus's fingerprints (bundle and database): for each document, the
 * count of exact then normalised hashes and each sorted list as gaps from the previous value, all
 * as unsigned LEB128 varints, then base64. Sorted 53-bit hashes of a large corpus differ by far
 * less than 2^53, so gaps take 4–6 bytes instead of 8.
 */
import type { DocumentFingerprints } from './corpus.js';

const MAX_HASH = 2 ** 53;

class Writer {
  private buf = new Uint8Array(1024);
  private len = 0;
  uint(value: number): void {
    if (this.len + 8 > this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    let v = value;
    while (v >= 0x80) {
      this.buf[this.len++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.len++] = v;
  }
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}

export class CorpusDecodeError extends Error {}

class Reader {
  private at = 0;
  constructor(private readonly buf: Uint8Array) {}
  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.buf.length) throw new CorpusDecodeError('corpus data ends early');
      const b = this.buf[this.at++]!;
      value += (b & 0x7f) * scale;
      if (value >= MAX_HASH) throw new CorpusDecodeError('corpus value out of range');
      if (b < 0x80) return value;
      scale *= 0x80;
    }
  }
  done(): boolean {
    return this.at === this.buf.length;
  }
}

function writeList(w: Writer, list: readonly number[]): void {
  w.uint(list.length);
  let prev = 0;
  for (const h of list) {
    w.uint(h - prev);
    prev = h;
  }
}

function readList(r: Reader): number[] {
  const n = r.uint();
  const out: number[] = new Array(n);
  let prev = 0;
  for (let i = 0; i < n; i += 1) {
    prev += r.uint();
    if (prev >= MAX_HASH) throw new CorpusDecodeError('corpus value out of range');
    out[i] = prev;
  }
  return out;
}

export function encodeFingerprints(documents: readonly DocumentFingerprints[]): string {
  const w = new Writer();
  w.uint(documents.length);
  for (const d of documents) {
    writeList(w, d.exact);
    writeList(w, d.normalised);
  }
  return Buffer.from(w.bytes()).toString('base64');
}

export function decodeFingerprints(data: string): DocumentFingerprints[] {
  const r = new Reader(new Uint8Array(Buffer.from(data, 'base64')));
  const count = r.uint();
  const out: DocumentFingerprints[] = [];
  for (let i = 0; i < count; i += 1) out.push({ exact: readList(r), normalised: readList(r) });
  if (!r.done()) throw new CorpusDecodeError('corpus data has trailing bytes');
  return out;
}
