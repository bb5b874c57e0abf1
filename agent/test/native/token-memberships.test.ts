import type { ConsoleSessionList } from '@custos/native';
import { describe, expect, it } from 'vitest';
import { soleSignedInSession, tokenMemberships } from '../../src/platform/win32/token-groups.js';

// Document 1, rule 7. Attribute values are the ones Wine 8 and Windows put in a logon token.
describe('token memberships (rule 7)', () => {
  it('offers enabled groups and drops deny-only groups, the logon SID and the integrity label', () => {
    const groups = [
      { sid: 'S-1-1-0', attributes: 7 },
      { sid: 'S-1-5-32-544', attributes: 0x10 }, // deny-only Administrators (UAC filtered token)
      { sid: 'S-1-5-5-0-123', attributes: 0xc0000007 }, // logon SID
      { sid: 'S-1-16-8192', attributes: 0x60 }, // medium integrity label
      { sid: 'S-1-5-21-1-2-3-1105', attributes: 0x3 }, // mandatory but not enabled
      { sid: 'S-1-5-21-1-2-3-1106', attributes: 0xf },
    ];
    expect(tokenMemberships(groups)).toEqual(['S-1-1-0', 'S-1-5-21-1-2-3-1106']);
  });

  it('treats an S-1-16 SID as an integrity label even without the attribute bit', () => {
    expect(tokenMemberships([{ sid: 'S-1-16-12288', attributes: 7 }])).toEqual([]);
  });

  const list = (
    sessions: ConsoleSessionList['sessions'],
    console: number | null = 1,
  ): ConsoleSessionList => ({
    activeConsoleSessionId: console,
    sessions,
  });

  it('finds the sole signed-in person, preferring the active console session', () => {
    const result = soleSignedInSession(
      list(
        [
          { sessionId: 0, station: 'Services', state: 'disconnected', user: null },
          { sessionId: 3, station: 'RDP-Tcp#1', state: 'disconnected', user: 'alice' },
          { sessionId: 1, station: 'Console', state: 'active', user: 'Alice' },
        ],
        1,
      ),
    );
    expect(result).toEqual({ sessionId: 1, user: 'Alice' });
  });

  it('supplies no session when two people are signed in (a group-scoped rule then matches nobody)', () => {
    const result = soleSignedInSession(
      list([
        { sessionId: 1, station: 'Console', state: 'active', user: 'alice' },
        { sessionId: 2, station: 'RDP-Tcp#0', state: 'disconnected', user: 'bob' },
      ]),
    );
    expect(result).toMatchObject({ sessionId: null, people: 2 });
  });

  it('reports nobody signed in for an empty list (what Wine 8 answers)', () => {
    expect(soleSignedInSession(list([]))).toMatchObject({ sessionId: null, people: 0 });
  });
});
