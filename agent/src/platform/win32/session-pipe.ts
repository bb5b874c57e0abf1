import { Duplex } from 'node:stream';
import { isNativeError, nativeFunction, type SessionPipeEvent } from '@custos/native';
import type { SessionConnection, SessionListener, SessionListenerProblem, SessionPeer } from '../types.js';

/** The service's pipe; `DLP_AGENT_SESSION_SOCKET` names another (tests, a second agent). */
export const SESSION_PIPE = '\\\\.\\pipe\\custos-agent-session';

export function sessionPipeName(env: NodeJS.ProcessEnv = process.env): string {
  return env.DLP_AGENT_SESSION_SOCKET || SESSION_PIPE;
}

/** The addon's write and end of one connection (a stand-in in Linux unit tests). */
export interface PipeIo {
  /** False when the connection has already ended in the addon. */
  write(conn: number, bytes: Buffer): boolean;
  end(conn: number, flush: boolean): boolean;
}

const nativePipeIo: PipeIo = {
  write: (conn, bytes) => nativeFunction('sessionPipeWrite')(conn, bytes),
  end: (conn, flush) => nativeFunction('sessionPipeEnd')(conn, flush),
};

/** How a connection ended, as the addon's I/O thread reported it. */
export type PipeEnd = Pick<Extract<SessionPipeEvent, { kind: 'close' }>, 'reason' | 'syscall' | 'osCode'>;

/**
 * One named-pipe connection served by the addon's I/O thread, as a stream: bytes written go to
 * the addon's queue, bytes read arrive as its `data` events, its `close` ends the stream.
 */
export class PipeConnection extends Duplex {
  /** Set when the addon's `close` has been delivered. */
  ended: PipeEnd | null = null;
  private lostWrite: ((err?: Error | null) => void) | null = null;

  constructor(
    readonly conn: number,
    private readonly io: PipeIo = nativePipeIo,
  ) {
    super({ allowHalfOpen: false });
  }

  /** Called with the addon's events for this connection. */
  deliver(e: SessionPipeEvent): void {
    if (e.kind === 'data') this.push(e.data);
    else if (e.kind === 'close') {
      this.ended = { reason: e.reason, syscall: e.syscall, osCode: e.osCode };
      this.push(null);
      // A write the addon refused because the pipe had already ended fails only now, once what
      // the peer sent before its end (a refusal line) has been read.
      const lost = this.lostWrite;
      this.lostWrite = null;
      if (lost) this.once('end', () => lost(new Error('the pipe connection has ended')));
      // Nothing more can reach the peer: after the end is read, the stream closes (even unread).
      setImmediate(() => {
        if (!this.destroyed) this.destroy();
      });
    }
  }

  override _read(): void {
    /* data is pushed as the addon delivers it */
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    if (this.io.write(this.conn, chunk)) cb();
    else if (this.ended) cb(new Error('the pipe connection has ended'));
    // Ended in the addon, but its last bytes and its `close` are still on their way to JS: an
    // error now would destroy the stream and drop them. The write fails after the end is read.
    else this.lostWrite = cb;
  }

  override _final(cb: (err?: Error | null) => void): void {
    this.io.end(this.conn, true);
    cb();
  }

  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    this.io.end(this.conn, false);
    this.lostWrite = null;
    cb(err);
  }
}

/** What the addon checked about a pipe client, as the channel takes it. */
export function peerOfConnect(
  e: Extract<SessionPipeEvent, { kind: 'connect' }>,
): SessionPeer | { refused: string } {
  if (e.refused) return { refused: e.refused };
  if (e.pid === undefined || !e.userSid) return { refused: 'the pipe client could not be identified' };
  return { pid: e.pid, account: e.userSid, label: `SID ${e.userSid}` };
}

/**
 * Routes one listener's addon events: connections (with the addon's verdict on the client) to
 * `onConnection`, their bytes and ends to their stream, and failures — of the listener (accepting,
 * creating the next instance) or of a connection's I/O thread — to `onProblem` with the call and
 * its Windows error, never swallowed.
 */
export function pipeEventRouter(
  onConnection: (conn: SessionConnection, peer: SessionPeer | { refused: string }) => void,
  onProblem: (p: SessionListenerProblem) => void,
  io?: PipeIo,
): (e: SessionPipeEvent) => void {
  const conns = new Map<number, PipeConnection>();
  // A connection's I/O thread starts before the addon announces it: its first bytes (the helper's
  // hello) may arrive ahead of `connect`, and wait here for it.
  const early = new Map<number, SessionPipeEvent[]>();
  // Ids grow; the addon announces this listener's connections in order. An event for an announced
  // connection that has already closed is dropped, never kept.
  let announced = 0;
  const route = (e: SessionPipeEvent) => {
    if (e.kind === 'error') {
      onProblem({ message: e.message, syscall: e.syscall, osCode: e.osCode, fatal: e.fatal === 1 });
      return;
    }
    if (e.kind === 'close' && e.syscall)
      onProblem({
        message: `session pipe connection ${e.conn}: ${e.reason}`,
        syscall: e.syscall,
        osCode: e.osCode,
        fatal: false,
      });
    if (e.kind === 'connect') {
      announced = e.conn;
      const c = new PipeConnection(e.conn, io);
      conns.set(e.conn, c);
      c.on('close', () => conns.delete(e.conn));
      onConnection(c, peerOfConnect(e));
      for (const x of early.get(e.conn) ?? []) c.deliver(x);
      early.delete(e.conn);
      return;
    }
    const c = conns.get(e.conn);
    if (c) c.deliver(e);
    else if (e.conn > announced) early.set(e.conn, [...(early.get(e.conn) ?? []), e]);
  };
  // An exception here would be thrown from the addon's callback and end the service process.
  return (e) => {
    try {
      route(e);
    } catch (err) {
      onProblem({
        message: `session pipe event ${e.kind} not handled: ${(err as Error).message}`,
        fatal: false,
      });
    }
  };
}

/**
 * The service's named pipe (docs/native.md, "Session channel on Windows"): the addon owns the name
 * (first instance), admits interactive users only, rejects remote clients and checks each client's
 * token against the active console session before it is handed over.
 */
export async function listenPipe(
  address: string,
  onConnection: (conn: SessionConnection, peer: SessionPeer | { refused: string }) => void,
  onProblem: (p: SessionListenerProblem) => void = () => {},
): Promise<SessionListener> {
  let id: number;
  try {
    id = nativeFunction('sessionPipeListen')(address, pipeEventRouter(onConnection, onProblem));
  } catch (err) {
    // FILE_FLAG_FIRST_PIPE_INSTANCE: the name is another process's (another agent, or a squatter).
    if (isNativeError(err) && err.code === 'native.access_denied')
      throw new Error(`another process serves ${address}`);
    throw err;
  }
  return {
    close: async () => {
      nativeFunction('sessionPipeStop')(id);
    },
  };
}

/**
 * The helper's end. Against the service's own pipe the server must run in session 0 (a service):
 * a process of a signed-in person that took the name first would otherwise be shown the prompts'
 * answers. A pipe named by hand (`--socket`, tests) is taken as named.
 */
export async function connectPipe(address: string, requireService: boolean): Promise<SessionConnection> {
  // The addon's events reach JS only after this call returns: `conn` is set by then.
  let conn: PipeConnection | null = null;
  const opened = nativeFunction('sessionPipeConnect')(address, (e) => conn?.deliver(e));
  conn = new PipeConnection(opened.conn);
  if (requireService && opened.serverSessionId !== 0) {
    conn.destroy();
    throw new Error(
      `the pipe ${address} is served from session ${opened.serverSessionId}, not by a service (session 0)`,
    );
  }
  return conn;
}
