/**
 * Document 1, rule 7: "Each enabled group is offered as its SID ... Deny-only groups, the
 * per-logon SID and the integrity label are not memberships. ... With more than one person
 * signed in, no groups are supplied." The addon hands over the token as Windows holds it; these
 * pure functions apply the rule, so it is tested on every platform.
 */
import type { ConsoleSessionList, TokenGroup } from '@custos/native';

export const SE_GROUP_ENABLED = 0x00000004;
export const SE_GROUP_USE_FOR_DENY_ONLY = 0x00000010;
export const SE_GROUP_INTEGRITY = 0x00000020;
export const SE_GROUP_LOGON_ID = 0xc0000000;

export function tokenMemberships(groups: TokenGroup[]): string[] {
  const out = new Set<string>();
  for (const group of groups) {
    const attributes = group.attributes >>> 0;
    if ((attributes & SE_GROUP_ENABLED) === 0) continue;
    if ((attributes & SE_GROUP_USE_FOR_DENY_ONLY) !== 0) continue;
    if ((attributes & SE_GROUP_LOGON_ID) >>> 0 === SE_GROUP_LOGON_ID) continue;
    // Mandatory integrity labels are S-1-16-*; some tokens carry them without SE_GROUP_INTEGRITY.
    if ((attributes & SE_GROUP_INTEGRITY) !== 0 || group.sid.startsWith('S-1-16-')) continue;
    out.add(group.sid);
  }
  return [...out];
}

const SIGNED_IN_STATES = new Set(['active', 'connected', 'disconnected']);

export type SoleSession =
  | { sessionId: number; user: string }
  | { sessionId: null; reason: string; people: number };

/**
 * The one person signed in, counted by distinct account across sessions (a disconnected session
 * is still a signed-in person). The active console session is preferred when that person has several.
 */
export function soleSignedInSession(list: ConsoleSessionList): SoleSession {
  const signedIn = list.sessions.filter((s) => s.user && SIGNED_IN_STATES.has(s.state));
  const people = new Set(signedIn.map((s) => s.user!.toLowerCase()));
  if (people.size === 0) return { sessionId: null, reason: 'nobody is signed in', people: 0 };
  if (people.size > 1) {
    return {
      sessionId: null,
      reason: 'more than one person is signed in; no groups are supplied',
      people: people.size,
    };
  }
  const chosen =
    signedIn.find((s) => s.sessionId === list.activeConsoleSessionId) ??
    signedIn.find((s) => s.state === 'active') ??
    signedIn[0]!;
  return { sessionId: chosen.sessionId, user: chosen.user! };
}
