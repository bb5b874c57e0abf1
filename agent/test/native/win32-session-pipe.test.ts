import type { SessionPipeEvent } from '@custos/native';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log.js';
import { SessionChannel } from '../../src/people/channel.js';
import { serveOnce } from '../../src/people/helper.js';
import { startSessionChannel } from '../../src/people/service-start.js';
import type { DesktopPrompts, SessionListenerProblem, SessionSupport } from '../../src/platform/types.js';
import { sessionChannelEnabled } from '../../src/platform/win32/index.js';
import { PipeConnection, type PipeIo, pipeEventRouter } from '../../src/platform/win32/session-pipe.js';
import type { AgentState } from '../../src/service/state.js';

// The Windows pipe's JavaScript half on Linux, fed the event sequences the addon's I/O threads
// post (agent/native/src/win/pipe-conn.cc, session-pipe.cc). The addon itself runs under Wine
// (agent/native/test/windows/session-under-wine.test.ts).

/** The addon's write/end for one connection: `open` false answers as an ended connection does. */
function addonIo(open: () => boolean): PipeIo & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    write: (_conn, bytes) => {
      if (!open()) return false;
      written.push(bytes.toString());
      return true;
    },
    end: () => true,
  };
}

const desktop: DesktopPrompts = {
  notifications: true,
  dialog: 'native',
  reason: null,
  ask: async () => ({ result: 'shown' }),
  close: () => {},
};

const line = (m: unknown) => Buffer.from(`${JSON.stringify(m)}\n`);

function recordingLog(): Logger & { lines: { level: string; msg: string; fields?: unknown }[] } {
  const lines: { level: string; msg: string; fields?: unknown }[] = [];
  const log: Logger = (level, msg, fields) => {
    lines.push({ level, msg, fields });
  };
  return Object.assign(log, { lines });
}

describe('Windows session pipe (JavaScript half)', () => {
  it('a refused helper reports refused even when its hello meets a pipe the service already ended', async () => {
    // The race seen under Wine: the service refuses and ends the pipe before the helper's hello
    // is queued. The addon answers the write "ended" while the refusal line and the close are
    // still on their way to JavaScript.
    const conn = new PipeConnection(
      7,
      addonIo(() => false),
    );
    const end = serveOnce(
      { connect: async () => conn },
      '\\\\.\\pipe\\t',
      desktop,
      () => {},
      new AbortController().signal,
    );
    await new Promise((r) => setImmediate(r));
    conn.deliver({
      kind: 'data',
      conn: 7,
      data: line({ type: 'refused', reason: 'SID S-1-5-21-9 is not the person' }),
    });
    conn.deliver({ kind: 'close', conn: 7, reason: 'closed' });
    expect(await end).toEqual({ kind: 'refused', reason: 'SID S-1-5-21-9 is not the person' });
  });

  it('a write after the end has been delivered fails at once; the end keeps its Windows error', async () => {
    const conn = new PipeConnection(
      3,
      addonIo(() => false),
    );
    const errors: string[] = [];
    conn.on('error', (e) => errors.push(e.message));
    conn.resume();
    conn.deliver({ kind: 'close', conn: 3, reason: 'read failed', syscall: 'ReadFile', osCode: 6 });
    expect(conn.ended).toEqual({ reason: 'read failed', syscall: 'ReadFile', osCode: 6 });
    conn.write('late\n');
    await new Promise((r) => setImmediate(r));
    expect(errors).toEqual(['the pipe connection has ended']);
  });

  it('listener and connection failures reach the channel with the call and the Windows error', () => {
    const problems: SessionListenerProblem[] = [];
    const opened: number[] = [];
    const route = pipeEventRouter(
      (c) => opened.push((c as PipeConnection).conn),
      (p) => problems.push(p),
      addonIo(() => true),
    );
    const events: SessionPipeEvent[] = [
      {
        kind: 'error',
        message: 'ConnectNamedPipe failed: x',
        syscall: 'ConnectNamedPipe',
        osCode: 121,
        fatal: 0,
      },
      { kind: 'connect', conn: 1, pid: 10, userSid: 'S-1-5-21-1' },
      { kind: 'close', conn: 1, reason: 'write failed', syscall: 'WriteFile', osCode: 1450 },
      { kind: 'connect', conn: 2, pid: 11, userSid: 'S-1-5-21-1' },
      { kind: 'close', conn: 2, reason: 'closed' },
      {
        kind: 'error',
        message: 'CreateNamedPipeW failed: y',
        syscall: 'CreateNamedPipeW',
        osCode: 231,
        fatal: 1,
      },
    ];
    for (const e of events) route(e);
    expect(opened).toEqual([1, 2]);
    expect(problems).toEqual([
      { message: 'ConnectNamedPipe failed: x', syscall: 'ConnectNamedPipe', osCode: 121, fatal: false },
      {
        message: 'session pipe connection 1: write failed',
        syscall: 'WriteFile',
        osCode: 1450,
        fatal: false,
      },
      { message: 'CreateNamedPipeW failed: y', syscall: 'CreateNamedPipeW', osCode: 231, fatal: true },
    ]);
  });

  it('the channel logs each failure with its code (a repeat once a minute); a fatal one is in capabilities', async () => {
    let report: ((p: SessionListenerProblem) => void) | undefined;
    const support: SessionSupport = {
      socketPath: () => '\\\\.\\pipe\\t',
      listen: async (_a, _c, onProblem) => {
        report = onProblem;
        return { close: async () => {} };
      },
      connect: async () => {
        throw new Error('unused');
      },
      openDesktop: async () => desktop,
    };
    const log = recordingLog();
    const identity = { current: async () => ({ user: null, sessions: 0, reason: 'nobody' }) };
    const channel = new SessionChannel(support, identity, log);
    await channel.start();
    const accept = {
      message: 'ConnectNamedPipe failed',
      syscall: 'ConnectNamedPipe',
      osCode: 121,
      fatal: false,
    };
    report!(accept);
    report!(accept);
    expect(log.lines).toEqual([
      {
        level: 'warn',
        msg: 'session channel failure',
        fields: {
          error: 'ConnectNamedPipe failed',
          syscall: 'ConnectNamedPipe',
          os_code: 121,
          listening: true,
        },
      },
    ]);
    expect(channel.notifyStatus()).toEqual({
      notify: false,
      reason: 'no session helper (dlp-agent session) is connected',
    });
    report!({
      message: 'CreateNamedPipeW failed: no instances',
      syscall: 'CreateNamedPipeW',
      osCode: 231,
      fatal: true,
    });
    expect(log.lines.at(-1)).toMatchObject({ level: 'error', fields: { os_code: 231, listening: false } });
    expect(channel.notifyStatus()).toEqual({
      notify: false,
      reason: 'no session channel: CreateNamedPipeW failed: no instances',
    });
  });

  it('an exception handling an addon event is reported, never thrown into the addon', () => {
    const problems: SessionListenerProblem[] = [];
    const route = pipeEventRouter(
      () => {
        throw new Error('boom');
      },
      (p) => problems.push(p),
      addonIo(() => true),
    );
    expect(() => route({ kind: 'connect', conn: 1, pid: 10, userSid: 'S-1-5-21-1' })).not.toThrow();
    expect(problems).toEqual([{ message: 'session pipe event connect not handled: boom', fatal: false }]);
  });

  it('a helper whose person cannot be read is dropped with a log line; the channel goes on', async () => {
    let connect: Parameters<SessionSupport['listen']>[1] | undefined;
    const support: SessionSupport = {
      socketPath: () => '\\\\.\\pipe\\t',
      listen: async (_a, onConnection) => {
        connect = onConnection;
        return { close: async () => {} };
      },
      connect: async () => {
        throw new Error('unused');
      },
      openDesktop: async () => desktop,
    };
    const log = recordingLog();
    const identity = {
      current: async () => {
        throw new Error('WTSEnumerateSessionsW failed');
      },
    };
    const channel = new SessionChannel(support, identity, log);
    await channel.start();
    const conn = new PipeConnection(
      4,
      addonIo(() => true),
    );
    connect!(conn, { pid: 10, account: 'S-1-5-21-1', label: 'SID S-1-5-21-1' });
    await new Promise((r) => setImmediate(r));
    expect(log.lines).toEqual([
      {
        level: 'warn',
        msg: 'session helper connection failed',
        fields: { error: 'WTSEnumerateSessionsW failed' },
      },
    ]);
    expect(conn.destroyed).toBe(true);
    expect(channel.helperCount()).toBe(0);
  });

  it('a channel that cannot start leaves the service running; capabilities say why', async () => {
    const support: SessionSupport = {
      socketPath: () => '\\\\.\\pipe\\t',
      listen: async () => {
        throw new Error('another process serves \\\\.\\pipe\\t');
      },
      connect: async () => {
        throw new Error('unused');
      },
      openDesktop: async () => desktop,
    };
    const log = recordingLog();
    const identity = { current: async () => ({ user: null, sessions: 0, reason: 'nobody' }) };
    const channel = new SessionChannel(support, identity, log);
    const s = { session: channel, log, platform: { session: support } } as unknown as AgentState;
    await expect(startSessionChannel(s)).resolves.toBeUndefined();
    expect(channel.notifyStatus()).toEqual({
      notify: false,
      reason: 'no session channel: another process serves \\\\.\\pipe\\t',
    });
    expect(log.lines).toEqual([
      {
        level: 'warn',
        msg: 'session channel not started: nobody can be asked',
        fields: { error: 'another process serves \\\\.\\pipe\\t' },
      },
    ]);
    // Nothing is launched for a channel that does not listen.
    expect(await channel.keepHelper(Date.now())).toBeNull();
  });
});

describe('Windows session channel switch', () => {
  it('is on by default; DLP_AGENT_WINDOWS_SESSION=0 turns it off', () => {
    expect(sessionChannelEnabled({})).toBe(true);
    expect(sessionChannelEnabled({ DLP_AGENT_WINDOWS_SESSION: '1' })).toBe(true);
    expect(sessionChannelEnabled({ DLP_AGENT_WINDOWS_SESSION: '0' })).toBe(false);
  });
});
