import type { NormalisedEvent } from '../../ports/normalised-event.js';

/**
 * Document 1, rule 8: creating, changing, renaming, copying and deleting known content are one
 * kind of action; taking it out (stick, upload, printer …) is another; a discovery walk is its
 * own kind, matched by content, endpoint and policy with no window.
 */
const AT_REST = new Set([
  'file_create',
  'file_modify',
  'file_rename',
  'file_delete',
  'archive_create',
  'file_open',
]);

export type ActionKind = 'at_rest' | 'egress' | 'discovery';

export function actionKind(channel: string): ActionKind {
  if (channel === 'discovery') return 'discovery';
  return AT_REST.has(channel) ? 'at_rest' : 'egress';
}

/** Document 1, Limits: correlation window. */
export const WINDOW_MS = 24 * 3_600_000;
/** Document 2, locations: a move needs the same content at another path within 30 seconds. */
export const MOVE_MS = 30_000;

/** Same content = same BLAKE3; a file read in part has no hash and is known by its path. */
export function contentOf(e: NormalisedEvent): string {
  if (e.file.blake3) return `b3:${e.file.blake3}`;
  if (e.file.path) return `path:${e.file.path}`;
  return `event:${e.id}`;
}

export function personOf(e: NormalisedEvent): string {
  return (e.user_id ?? e.user_name ?? '').toLowerCase();
}

/**
 * The folding key: same person, action kind, content, policy and endpoint. Test policies use a
 * separate key (document 1, Sandbox policies) so a test never folds into a real incident.
 */
export function correlationKey(
  e: NormalisedEvent,
  policyId: string,
  deviceId: string,
  test: boolean,
): string {
  const kind = actionKind(e.channel);
  const person = kind === 'discovery' ? '' : personOf(e);
  return [test ? 'test' : 'real', kind, policyId, deviceId, person, contentOf(e)].join('|');
}
