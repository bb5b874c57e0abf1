import type { ConsoleSessionList, SidName, TokenIdentity } from '@custos/native';
import { describe, expect, it } from 'vitest';
import {
  createWin32Identity,
  IDENTITY_REUSE_MS,
  type IdentityApi,
} from '../../src/platform/win32/identity.js';

// Document 1, rule 7, in the Windows backend. The token and session data are what Windows (and
// Wine, see test:windows) hand over; here an in-memory api drives the backend's own rules.
const token: TokenIdentity = {
  userSid: 'S-1-5-21-1-2-3-1001',
  sessionId: 1,
  groups: [
    { sid: 'S-1-5-21-1-2-3-2001', attributes: 7 },
    { sid: 'S-1-5-32-544', attributes: 0x10 },
    { sid: 'S-1-5-5-0-99', attributes: 0xc0000007 },
  ],
};

function api(sessions: ConsoleSessionList['sessions'], lookups: Map<string, SidName>) {
  const calls = { sessions: 0, tokens: 0 };
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const value: IdentityApi = {
    consoleSessions: () => {
      calls.sessions++;
      return { activeConsoleSessionId: 1, sessions };
    },
    sessionTokenIdentity: () => {
      calls.tokens++;
      return token;
    },
    lookupSid: async (sid) => {
      await gate;
      const found = lookups.get(sid);
      if (!found) throw Object.assign(new Error('none mapped'), { code: 'native.not_found' });
      return found;
    },
  };
  return { value, calls, release };
}

const alice = [{ sessionId: 1, station: 'Console', state: 'active', user: 'alice' }];
const names = new Map<string, SidName>([
  ['S-1-5-21-1-2-3-1001', { sid: 'S-1-5-21-1-2-3-1001', name: 'alice', domain: 'ACME', type: 1 }],
  ['S-1-5-21-1-2-3-2001', { sid: 'S-1-5-21-1-2-3-2001', name: 'Finance', domain: 'ACME', type: 2 }],
]);

describe('windows interactive identity', () => {
  it('offers enabled group SIDs at once; names appear later, never awaited by a decision', async () => {
    let now = 0;
    const fake = api(alice, names);
    const identity = createWin32Identity({ now: () => now, api: fake.value });
    const first = await identity.current(); // the lookups are still blocked behind the gate
    expect(first.user).toEqual({
      name: 'alice',
      id: 'S-1-5-21-1-2-3-1001',
      groups: [{ sid: 'S-1-5-21-1-2-3-2001', name: null }],
    });
    fake.release();
    await new Promise((r) => setTimeout(r, 0));
    now += IDENTITY_REUSE_MS;
    const later = await identity.current();
    expect(later.user?.name).toBe('ACME\\alice');
    expect(later.user?.groups).toEqual([{ sid: 'S-1-5-21-1-2-3-2001', name: 'ACME\\Finance' }]);
  });

  it('reuses the identity for at most ten seconds', async () => {
    let now = 0;
    const fake = api(alice, names);
    const identity = createWin32Identity({ now: () => now, api: fake.value });
    await identity.current();
    now += IDENTITY_REUSE_MS - 1;
    await identity.current();
    expect(fake.calls.tokens).toBe(1);
    now += 1;
    await identity.current();
    expect(fake.calls.tokens).toBe(2);
  });

  it('with two people signed in there is no user and no groups', async () => {
    const fake = api([...alice, { sessionId: 2, station: 'RDP-Tcp#0', state: 'active', user: 'bob' }], names);
    const result = await createWin32Identity({ api: fake.value }).current();
    expect(result).toMatchObject({ user: null, sessions: 2 });
    expect(result.reason).toContain('more than one person');
    expect(fake.calls.tokens).toBe(0);
  });

  it('a token that cannot be read (not LocalSystem) is a reason, not a guess', async () => {
    const fake = api(alice, names);
    fake.value.sessionTokenIdentity = () => {
      throw Object.assign(new Error('denied'), { code: 'native.access_denied', details: [] });
    };
    const result = await createWin32Identity({ api: fake.value }).current();
    expect(result.user).toBeNull();
    expect(result.reason).toContain('native.access_denied');
  });
});
