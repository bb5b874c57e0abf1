import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Every connection of one listener, from the moment the kernel hands it over (before any TLS
 * handshake) until it closes, with the requests in flight on it. Node's own `server.close()`
 * closes only connections that are idle at that instant: a socket in the TLS handshake, a TLS
 * connection that never sent a request, half-sent headers, or a keep-alive connection whose
 * request finishes after the close (answered with a 72 s keep-alive) would each hold the process
 * (docs/architecture.md, Shutdown).
 */
export interface ConnectionDrain {
  /**
   * Stops the listener's connections from lingering: destroys at once every connection without a
   * request in flight (idle keep-alive, handshaking, silent, half-sent headers), answers requests
   * in flight with `Connection: close`, and closes each remaining connection as soon as its last
   * answer is written. Connections that arrive meanwhile are destroyed.
   */
  begin(): void;
  /** The deadline: destroys every connection still open; answers how many there were. */
  destroyAll(): number;
}

/** A live TCP connection's identity, the same for the raw socket and the TLS socket over it. */
function keyOf(socket: Socket): string | null {
  const { remoteAddress, remotePort, localAddress, localPort } = socket;
  if (remoteAddress === undefined || remotePort === undefined) return null;
  return `${remoteAddress}|${remotePort}|${localAddress}|${localPort}`;
}

/** Ends the socket once what is queued on it is written, then frees it. */
function closeAfterWrites(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket.writableFinished) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  if (!socket.writableEnded) socket.end();
}

interface Tracked {
  raw: Socket;
  inFlight: number;
}

/**
 * Tracks the connections of `server` (HTTP or HTTPS). Call before the server listens. For HTTPS
 * the raw socket of `connection` is the one destroyed: it carries the TLS socket with it, and it
 * exists before the handshake ends (a TLS socket is only seen once the handshake succeeds).
 */
export function trackConnections(server: Server): ConnectionDrain {
  const tracked = new Map<string, Tracked>();
  const answering = new Set<ServerResponse>();
  let closing = false;

  server.on('connection', (raw: Socket) => {
    const key = keyOf(raw);
    if (closing || key === null) {
      raw.destroy();
      return;
    }
    tracked.set(key, { raw, inFlight: 0 });
    raw.once('close', () => {
      if (tracked.get(key)?.raw === raw) tracked.delete(key);
    });
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const key = keyOf(request.socket);
    const entry = key === null ? undefined : tracked.get(key);
    if (entry) entry.inFlight += 1;
    answering.add(response);
    if (closing && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => {
      answering.delete(response);
      if (!entry) return;
      entry.inFlight -= 1;
      // An answer whose headers left before the shutdown began kept the connection alive.
      if (closing && entry.inFlight === 0) closeAfterWrites(request.socket);
    });
  });

  return {
    begin() {
      if (closing) return;
      closing = true;
      for (const response of answering) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      for (const entry of tracked.values()) {
        if (entry.inFlight === 0) entry.raw.destroy();
      }
    },
    destroyAll() {
      let count = 0;
      for (const entry of tracked.values()) {
        if (!entry.raw.destroyed) count += 1;
        entry.raw.destroy();
      }
      return count;
    },
  };
}
