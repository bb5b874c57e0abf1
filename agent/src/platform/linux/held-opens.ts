import { tmpdir } from 'node:os';
import { type HeldOpenEvent, isNativeError, nativeAvailable, nativeFunction } from '@custos/native';
import type { HeldOpens } from '../types.js';

/**
 * Held opens on Linux: fanotify permission events (FAN_OPEN_PERM) on the directories the agent
 * marks. The kernel keeps the opener waiting until the agent answers; the addon answers the default
 * itself at the deadline, and the kernel allows every waiting open when the agent's descriptor
 * closes (stop or crash). Needs CAP_SYS_ADMIN: probed once, otherwise absent with the reason.
 */
/** The addon reads files up to this size itself (fanotify-hold.cc, kMaxReadBytes). */
const READ_AT_EVENT_MAX = 16 << 20;

export function createHeldOpens(probeDir = tmpdir()): HeldOpens {
  let reason: string | null = null;
  if (!nativeAvailable('fanotifyHold')) {
    reason = 'the native addon has no fanotify permission events on this platform';
  } else {
    try {
      const id = nativeFunction('fanotifyHold')(1000, true, () => {});
      try {
        nativeFunction('fanotifyHoldMark')(id, probeDir, true);
      } finally {
        nativeFunction('fanotifyHoldClose')(id);
      }
    } catch (err) {
      const code = isNativeError(err) ? err.code : 'native.os_error';
      reason =
        code === 'native.access_denied'
          ? 'holding file opens needs CAP_SYS_ADMIN (fanotify permission events)'
          : `fanotify permission events are not usable here (${code})`;
    }
  }
  return {
    available: reason === null,
    reason,
    open(timeoutMs, defaultAllow, onOpen, readBytes = 0) {
      const answer = nativeFunction('fanotifyHoldAnswer');
      const id = nativeFunction('fanotifyHold')(
        timeoutMs,
        defaultAllow,
        (e: HeldOpenEvent) =>
          onOpen({
            path: e.path,
            pid: e.pid,
            exe: e.exe,
            file: e.file,
            answer: (allow) => answer(id, e.id, allow),
          }),
        Math.min(readBytes, READ_AT_EVENT_MAX),
      );
      return {
        hold: (dir) => void nativeFunction('fanotifyHoldMark')(id, dir, true),
        release: (dir) => {
          try {
            nativeFunction('fanotifyHoldMark')(id, dir, false);
          } catch {
            /* already gone with its directory */
          }
        },
        close: () => void nativeFunction('fanotifyHoldClose')(id),
      };
    },
  };
}
