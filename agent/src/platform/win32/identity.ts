import {
  type ConsoleSessionList,
  isNativeError,
  nativeFunction,
  type SidName,
  type TokenIdentity,
} from '@custos/native';
import type { InteractiveIdentity, InteractiveUser } from '../types.js';
import { soleSignedInSession, tokenMemberships } from './token-groups.js';

/** Rule 7: "The interactive account SID is read from the same console session token, reused for at most ten seconds." */
export const IDENTITY_REUSE_MS = 10_000;

type Current = Awaited<ReturnType<InteractiveIdentity['current']>>;

/** The addon calls identity needs (tests on Linux pass their own; Wine runs the real ones). */
export interface IdentityApi {
  consoleSessions(): ConsoleSessionList;
  sessionTokenIdentity(sessionId: number): TokenIdentity;
  lookupSid(sid: string): Promise<SidName>;
}

export const nativeIdentityApi: IdentityApi = {
  consoleSessions: () => nativeFunction('consoleSessions')(),
  sessionTokenIdentity: (sessionId) => nativeFunction('sessionTokenIdentity')(sessionId),
  lookupSid: (sid) => nativeFunction('lookupSid')(sid),
};

export interface Win32IdentityOptions {
  now?: () => number;
  api?: IdentityApi;
}

/**
 * The person at the console and their logon-token groups (document 1, rule 7). Group SIDs are
 * offered at once; names come from an asynchronous lookup and appear on a later call, so a
 * decision never waits for a domain controller. Reading another session's token needs the
 * service's LocalSystem rights; without them the reason says so and no groups are supplied.
 */
export function createWin32Identity(options: Win32IdentityOptions = {}): InteractiveIdentity {
  const now = options.now ?? Date.now;
  const api = options.api ?? nativeIdentityApi;
  const names = new Map<string, SidName | null>();
  const pending = new Set<string>();
  let cached: { at: number; value: Current } | null = null;

  const lookUp = (sid: string): void => {
    if (names.has(sid) || pending.has(sid)) return;
    pending.add(sid);
    api
      .lookupSid(sid)
      .then((name) => names.set(sid, name))
      .catch(() => names.set(sid, null))
      .finally(() => pending.delete(sid));
  };
  const nameOf = (sid: string): string | null => {
    const found = names.get(sid);
    if (!found) return null;
    return found.domain ? `${found.domain}\\${found.name}` : found.name;
  };

  return {
    async current() {
      if (cached && now() - cached.at < IDENTITY_REUSE_MS) return cached.value;
      const list = api.consoleSessions();
      const sole = soleSignedInSession(list);
      const sessions = list.sessions.filter((s) => s.user).length;
      let value: Current;
      if (sole.sessionId === null) {
        value = { user: null, sessions, reason: sole.reason };
      } else {
        let token: TokenIdentity | null = null;
        let reason: string | null = null;
        try {
          token = api.sessionTokenIdentity(sole.sessionId);
        } catch (err) {
          reason = `the logon token of session ${sole.sessionId} cannot be read (${isNativeError(err) ? err.code : 'error'})`;
        }
        if (token === null) {
          value = { user: null, sessions, reason };
        } else {
          const sids = tokenMemberships(token.groups);
          for (const sid of [token.userSid, ...sids]) lookUp(sid);
          const user: InteractiveUser = {
            name: nameOf(token.userSid) ?? sole.user,
            id: token.userSid,
            groups: sids.map((sid) => ({ sid, name: nameOf(sid) })),
          };
          value = { user, sessions, reason: null };
        }
      }
      cached = { at: now(), value };
      return value;
    },
  };
}
