import type { NormalisedEvent } from '../../ports/normalised-event.js';
import { MOVE_MS } from './correlation-key.js';
import { within } from './correlation-rules.js';
import { newLocationRow, type PendingLocation } from './incident-rows.js';
import type { Pending } from './incident-write-store.js';

/**
 * Where an incident's content lies (document 2, locations): a path appears, vanishes or is
 * renamed, and the same content leaving one path and appearing at another within 30 seconds is
 * a move (in either order). Runs on the locations already loaded into the batch's hold
 * (correlate.ts loads them as far as these rules need).
 */

/** Where a location's content went when it left: these may complete a move. */
function leftByMove(l: PendingLocation): boolean {
  return l.departure === 'deleted' || l.departure === 'moved_out';
}

/** The location at `path`, made (current, new) when the incident has none; marked for writing. */
export function locationAt(
  p: Pending,
  deviceId: string,
  path: string,
  at: string,
  hash: string | null,
  now: Date,
): PendingLocation {
  let l = p.locations.get(path);
  if (!l) {
    l = newLocationRow(p, deviceId, path, at, hash, now);
    p.locations.set(path, l);
  }
  l.dirty = true;
  return l;
}

/** The event's file is at its path (created, changed, renamed to it, or seen by a walk). */
export function fileAppeared(p: Pending, e: NormalisedEvent, deviceId: string, now: Date): void {
  if (!e.file.path) return;
  const at = e.occurred_at;
  if (e.file.from_path && e.file.from_path !== e.file.path) {
    const from = p.locations.get(e.file.from_path);
    if (from && from.state !== 'moved')
      Object.assign(from, {
        state: 'moved',
        moved_at: at,
        moved_to: e.file.path,
        departure: null,
        dirty: true,
      });
  }
  const l = locationAt(p, deviceId, e.file.path, at, e.file.blake3, now);
  if (at > l.last_seen_at) l.last_seen_at = at;
  if (e.file.blake3) l.content_hash = e.file.blake3;
  if (l.state === 'removed' && (l.removed_at ?? '') <= at)
    Object.assign(l, { state: 'current', departure: null, removed_at: null });
  // The source vanished first: same content gone from another path within 30 s is a move.
  if (!e.file.blake3) return;
  for (const other of p.locations.values()) {
    if (other.path === l.path || other.state !== 'removed' || other.content_hash !== e.file.blake3) continue;
    if (!leftByMove(other)) continue;
    if (!other.removed_at || !within(other.removed_at, at, MOVE_MS)) continue;
    Object.assign(other, {
      state: 'moved',
      moved_at: other.removed_at,
      moved_to: l.path,
      departure: null,
      removed_at: null,
      dirty: true,
    });
  }
}

/** The event's path is gone (deleted, recycled, moved out). */
export function fileGone(p: Pending, e: NormalisedEvent, deviceId: string, now: Date): void {
  const path = e.file.path as string;
  const at = e.occurred_at;
  const l = locationAt(p, deviceId, path, at, null, now);
  Object.assign(l, { state: 'removed', departure: e.file.departure ?? 'deleted', removed_at: at });
  if (at > l.last_seen_at) l.last_seen_at = at;
  if (!l.content_hash || !leftByMove(l)) return;
  // The same content appeared at another path within 30 s: the file moved (equal hashes
  // alone never make a move: this path had to vanish too).
  for (const other of p.locations.values()) {
    if (other.path === path || other.state !== 'current' || other.content_hash !== l.content_hash) continue;
    if (!within(other.first_seen_at, at, MOVE_MS)) continue;
    Object.assign(l, {
      state: 'moved',
      moved_at: at,
      moved_to: other.path,
      departure: null,
      removed_at: null,
    });
    break;
  }
}
