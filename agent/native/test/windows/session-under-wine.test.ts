import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_EXE, probe, ready } from './wine.js';

// Issue 18's Windows session channel with the cross-compiled addon inside Windows node.exe under
// Wine 8: the named pipe and its client check, the channel protocol with a real helper process,
// the helper launch and the dialog template. What Wine lacks or fakes is asserted as Wine does it
// and listed in docs/native.md ("Session channel on Windows") as unproven without Windows.
const SCRIPT = resolve(import.meta.dirname, 'session-probe.mjs');
// biome-ignore lint/suspicious/noExplicitAny: JSON answered by a process under Wine
type Loose = Record<string, any>;
const run = (scenario: string) => probe<Loose>(scenario, { script: SCRIPT });

describe('session channel under Wine', () => {
  beforeAll(() => {
    if (!ready()) throw new Error(`Wine test setup missing (${NODE_EXE}); run npm run test:windows`);
  });

  it('the pipe server admits a client of the console session and reports its pid, session and user', () => {
    const { result, run: r } = run('pipe');
    expect(r.status).toBe(0);
    const { me } = result;
    expect(me.userSid).toMatch(/^S-1-5-21-/);
    // The addon's own check: the client token's session is the active console session and its
    // user is that session's user (WTSQueryUserToken), so nothing is refused.
    expect(result.raw).toEqual({
      kind: 'connect',
      conn: expect.any(Number),
      pid: me.pid,
      pipeSessionId: me.sessionId,
      sessionId: me.sessionId,
      userSid: me.userSid,
      consoleSessionId: me.sessionId,
      consoleUserSid: me.userSid,
    });
    expect(result.seen).toEqual([{ pid: me.pid, account: me.userSid, label: `SID ${me.userSid}` }]);
    // Ends that are no failure carry no Windows error (failures do, and the service logs them):
    // the server ended the connection itself, the client saw the pipe broken; nothing went wrong
    // in the listener.
    expect(result.ends).toEqual({
      server: [{ kind: 'close', conn: result.raw.conn, reason: 'ended' }],
      client: [{ kind: 'close', conn: result.rawClient.conn, reason: 'closed' }],
      errors: [],
    });
    // A peer that never reads is cut off once 1 MiB waits for it; later writes are refused.
    expect(result.cut.ends).toEqual([
      { kind: 'close', conn: expect.any(Number), reason: 'cut off: the peer does not read (1 MiB queued)' },
    ]);
    expect(result.cut.writes.slice(0, 3)).toEqual([true, true, true]);
    expect(result.cut.writes).toContain(false);
    expect(result.rawClient).toEqual({
      conn: expect.any(Number),
      serverPid: me.pid,
      serverSessionId: me.sessionId,
    });
    // The helper's check of the server: under Wine the server runs in session 1, not a service's 0.
    expect(result.asService).toBe(
      `the pipe \\\\.\\pipe\\custos-test-${me.pid} is served from session ${me.sessionId}, not by a service (session 0)`,
    );
    expect(result.afterStop).toEqual({ code: 'native.not_found', syscall: 'CreateFileW', osCode: 2 });
    // Wine 8 does not enforce FILE_FLAG_FIRST_PIPE_INSTANCE: a second server of the same name is
    // not refused here (Windows answers ERROR_ACCESS_DENIED; unproven, docs/native.md).
    expect(result.second).toBe('listening');
  });

  it('the channel asks and hears answers over the pipe from a real helper process; a stranger is refused', () => {
    const { result } = run('channel');
    expect(result.continued).toEqual({ asked: true, answer: { result: 'continued' } });
    expect(result.justified).toEqual({
      asked: true,
      answer: { result: 'justified', category: 'business_need', text: 'continued' },
    });
    expect(JSON.parse(result.helperEnd.out).end).toEqual({
      kind: 'lost',
      reason: 'the service closed the connection',
    });
    // Nobody answers: the timeout is the answer (Cancel downstream) and the prompt is withdrawn.
    expect(result.timedOut).toEqual({ asked: true, answer: { result: 'timed_out' } });
    expect(JSON.parse(result.silentEnd.out).withdrawn).toEqual(['continue']);
    // The person at the console is someone else: refused before a word is exchanged, and the
    // helper reads the refusal line before it handles the pipe's end.
    expect(JSON.parse(result.refused.out).end).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(/^SID S-1-5-21-[\d-]+ is not the person signed in at the console$/),
    });
    expect(result.otherStatus.notify).toBe(false);
  });

  it('starts a process in the console session with CreateProcessAsUser (Wine ignores the session)', () => {
    const { result } = run('launch');
    expect(result.launched).toEqual({ threw: false, value: expect.any(Number) });
    // The started process ran: it wrote its own pid.
    expect(result.written).toBe(result.launched.value);
    // Wine's WTSQueryUserToken hands out its one token for any session id; Windows refuses an
    // unknown session (unproven here).
    expect(result.badSession.threw).toBe(false);
  });

  it('builds the dialog template in memory; Wine without a display cannot show it', () => {
    const { result } = run('dialog');
    // DS_SETFONT | DS_MODALFRAME | DS_CENTER | DS_SETFOREGROUND | WS_POPUP | WS_CAPTION | WS_SYSMENU.
    expect(result.template.style).toBe(0x80c80ac0);
    // Message, reason list, text box, the min_chars hint, OK and Cancel; 280 dialog units wide.
    expect(result.template.items).toBe(6);
    expect(result.template.cx).toBe(280);
    const text = Buffer.from(result.template.hex, 'hex').toString('utf16le');
    for (const s of ['Custos DLP', 'Segoe UI', 'Card numbers', 'At least 15 characters.', 'OK', 'Cancel'])
      expect(text).toContain(s);
    expect(result.noticeItems).toBe(2);
    expect(result.shown).toMatchObject({
      threw: true,
      code: 'native.os_error',
      syscall: 'CreateDialogIndirectParamW',
      osCode: 1400,
    });
    expect(result.badKind).toMatchObject({ threw: true, code: 'native.bad_argument' });
  });
});
