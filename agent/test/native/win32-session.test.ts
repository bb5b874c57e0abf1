import type { DialogAnswer, DialogSpec } from '@custos/native';
import { describe, expect, it } from 'vitest';
import { agentFeatures } from '../../src/capabilities.js';
import { HELPER_RELAUNCH_MS, SessionChannel } from '../../src/people/channel.js';
import type { DesktopPrompt, Platform, SessionSupport } from '../../src/platform/types.js';
import { createWin32Capabilities } from '../../src/platform/win32/capabilities.js';
import { answerOf, dialogSpecFor, NOTICE_MS, openWin32Desktop } from '../../src/platform/win32/desktop.js';
import { createHelperLauncher, helperCommandLine } from '../../src/platform/win32/session-launch.js';
import { peerOfConnect } from '../../src/platform/win32/session-pipe.js';
import { linuxPlatform } from '../helpers/platform.js';

// The Windows session channel's TypeScript half, on Linux: what the native dialogs are asked and
// what their answers mean, the helper launcher's choice of session, the pipe client's verdict as
// the channel takes it, and honest features. The native half runs under Wine
// (agent/native/test/windows/session-under-wine.test.ts).
const justify: DesktopPrompt = {
  kind: 'justify',
  title: 'Custos DLP',
  text: 'Card numbers',
  reasons: ['business_need', 'other'],
  free_text: true,
  min_chars: 15,
};

describe('Windows session channel (TypeScript half)', () => {
  it('maps prompts to native dialogs; only OK passes, anything else is Cancel', () => {
    expect(dialogSpecFor(justify)).toEqual({
      kind: 'justify',
      title: 'Custos DLP',
      text: 'Card numbers',
      reasons: ['business_need', 'other'],
      freeText: true,
      minChars: 15,
    });
    expect(dialogSpecFor({ kind: 'notice', title: 't', text: 'x' })).toMatchObject({ timeoutMs: NOTICE_MS });
    // The service owns the timeout of a prompt that gates something: the dialog has none.
    expect(dialogSpecFor({ kind: 'continue', title: 't', text: 'x' })).not.toHaveProperty('timeoutMs');
    const ok: DialogAnswer = { result: 'ok', category: 'other', text: 'customer asked for it' };
    expect(answerOf(justify, ok)).toEqual({
      result: 'justified',
      category: 'other',
      text: 'customer asked for it',
    });
    expect(answerOf({ ...justify, reasons: [] }, ok)).toMatchObject({ category: null });
    expect(answerOf({ kind: 'continue', title: 't', text: 'x' }, ok)).toEqual({ result: 'continued' });
    for (const result of ['cancel', 'timeout', 'withdrawn'] as const)
      expect(answerOf({ kind: 'continue', title: 't', text: 'x' }, { result })).toEqual({
        result: 'cancelled',
      });
    expect(answerOf({ kind: 'question', title: 't', text: 'x' }, ok)).toEqual({
      result: 'answered',
      text: 'customer asked for it',
    });
  });

  it('a withdrawn prompt closes its dialog; a notice answers at once', async () => {
    const shown: DialogSpec[] = [];
    const closed: number[] = [];
    let answer: ((a: DialogAnswer) => void) | null = null;
    const desktop = openWin32Desktop({
      show: (spec, done) => {
        shown.push(spec);
        answer = done;
        return shown.length;
      },
      close: (id) => {
        closed.push(id);
        return true;
      },
    });
    expect(desktop).toMatchObject({ notifications: true, dialog: 'native', reason: null });
    expect(
      await desktop.ask({ kind: 'notice', title: 't', text: 'x' }, new AbortController().signal),
    ).toEqual({
      result: 'shown',
    });
    const ctl = new AbortController();
    const pending = desktop.ask({ kind: 'continue', title: 't', text: 'x' }, ctl.signal);
    ctl.abort();
    await expect(pending).rejects.toThrow('withdrawn');
    expect(closed).toEqual([2]);
    const asked = desktop.ask(justify, new AbortController().signal);
    answer!({ result: 'ok', category: 'business_need', text: 'a reason long enough' });
    expect(await asked).toEqual({
      result: 'justified',
      category: 'business_need',
      text: 'a reason long enough',
    });
    const none = openWin32Desktop(null);
    expect(none).toMatchObject({ notifications: false, dialog: null });
    await expect(none.ask(justify, new AbortController().signal)).rejects.toThrow('no dialogs');
  });

  it('starts the helper only in the sole signed-in session, with this executable', async () => {
    expect(helperCommandLine('C:\\Custos\\dlp-agent.exe', null)).toEqual({
      application: 'C:\\Custos\\dlp-agent.exe',
      commandLine: '"C:\\Custos\\dlp-agent.exe" session',
    });
    expect(helperCommandLine('C:\\node\\node.exe', 'C:\\agent\\dist\\cli.js').commandLine).toBe(
      '"C:\\node\\node.exe" "C:\\agent\\dist\\cli.js" session',
    );
    const launched: [number, string][] = [];
    const session = (sessionId: number, user: string | null) => ({
      sessionId,
      station: 'Console',
      state: 'active',
      user,
    });
    let sessions = [session(0, null), session(2, 'ann')];
    const launch = createHelperLauncher(
      null,
      {
        sessions: () => ({ activeConsoleSessionId: 2, sessions }),
        launch: (id, _app, line) => {
          launched.push([id, line]);
          return 4242;
        },
      },
      'C:\\Custos\\dlp-agent.exe',
    );
    expect(await launch()).toEqual({ pid: 4242, reason: null });
    expect(launched).toEqual([[2, '"C:\\Custos\\dlp-agent.exe" session']]);
    sessions = [session(2, 'ann'), session(3, 'bob')];
    expect((await launch()).pid).toBeNull();
    sessions = [session(0, null)];
    expect(await launch()).toMatchObject({ pid: null, reason: expect.any(String) });
    expect(launched).toHaveLength(1);
  });

  it('the service starts a helper when none is connected, at most once a minute', async () => {
    let launches = 0;
    const support: SessionSupport = {
      socketPath: () => 'pipe',
      listen: async () => ({ close: async () => {} }),
      connect: () => Promise.reject(new Error('unused')),
      openDesktop: () => Promise.reject(new Error('unused')),
      launchHelper: async () => {
        launches++;
        return { pid: 100 + launches, reason: null };
      },
    };
    const channel = new SessionChannel(
      support,
      { current: async () => ({ user: null, sessions: 0, reason: 'x' }) },
      () => {},
    );
    expect(await channel.keepHelper(0)).toBeNull(); // not listening yet
    await channel.start();
    expect(await channel.keepHelper(1_000)).toBe(101);
    expect(await channel.keepHelper(1_000 + HELPER_RELAUNCH_MS - 1)).toBeNull();
    expect(await channel.keepHelper(1_000 + HELPER_RELAUNCH_MS)).toBe(102);
    await channel.stop();
  });

  it('takes the addon verdict on a pipe client as is: refused stays refused, admitted names its SID', () => {
    expect(
      peerOfConnect({ kind: 'connect', conn: 1, pid: 7, refused: 'the client runs in session 3' }),
    ).toEqual({
      refused: 'the client runs in session 3',
    });
    expect(peerOfConnect({ kind: 'connect', conn: 1 })).toEqual({
      refused: 'the pipe client could not be identified',
    });
    expect(peerOfConnect({ kind: 'connect', conn: 1, pid: 7, userSid: 'S-1-5-21-1-2-3-1001' })).toEqual({
      pid: 7,
      account: 'S-1-5-21-1-2-3-1001',
      label: 'SID S-1-5-21-1-2-3-1001',
    });
  });

  it('a Windows agent with its session channel advertises no held-operation features (nothing is held)', async () => {
    const base = await linuxPlatform({});
    const windowsLike: Platform = {
      ...base,
      heldOpens: undefined,
      capabilities: createWin32Capabilities({
        connectionFilters: () => ({ wanted: 1, in_force: 1, reason: null }),
      }),
    };
    // Connection filters block, and a session channel exists: still nothing can be held while asking.
    expect(windowsLike.capabilities.channels().network_connection?.block).toBe(true);
    expect(windowsLike.session).toBeDefined();
    expect(agentFeatures(windowsLike)).not.toContain('warn_with_continue');
    expect(agentFeatures(windowsLike)).not.toContain('approval_required');
  });
});
