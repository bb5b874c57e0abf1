import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 256 ids at a time: one call per id cost more than the rest of the id. */
const POOL = Buffer.alloc(16 * 256);
let used = POOL.length;

/**
 * A UUID version 7 (RFC 9562): 48 bits of milliseconds, then random bits. Incidents and their
 * locations are created in time order, so their primary keys (and the event index on incident
 * id) grow at the end of the B-tree instead of touching pages all over it on every batch.
 */
export function timeOrderedId(now: Date): string {
  if (used === POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const b = POOL.subarray(used, used + 16);
  used += 16;
  const ms = now.getTime();
  // 48-bit big-endian milliseconds: the high 16 bits, then the low 32.
  b.writeUInt16BE(Math.floor(ms / 2 ** 32) & 0xffff, 0);
  b.writeUInt32BE(ms % 2 ** 32, 2);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
