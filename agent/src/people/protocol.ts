import { createInterface } from 'node:readline';
import type { Duplex } from 'node:stream';
import type { DesktopAnswer, DesktopPrompt } from '../platform/types.js';

/**
 * The session channel's messages: one JSON object per line over the local socket or named pipe
 * (docs/agent.md, "The session helper"). The service speaks first only after the peer check.
 */
export type HelperMessage =
  | { type: 'hello'; notifications: boolean; dialog: string | null; reason: string | null }
  | { type: 'answer'; id: string; answer: DesktopAnswer }
  | { type: 'failed'; id: string; reason: string };

export type ServiceMessage =
  | { type: 'welcome'; account: string }
  | { type: 'refused'; reason: string }
  | { type: 'ask'; id: string; prompt: DesktopPrompt }
  | { type: 'withdraw'; id: string };

/** A line longer than this ends the connection: no message of ours comes near it. */
export const MAX_LINE = 64 * 1024;

export function send(socket: Duplex, msg: HelperMessage | ServiceMessage): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(msg)}\n`);
}

/** Calls `onMessage` for each well-formed object line; a malformed or oversized line closes the socket. */
export function readMessages(socket: Duplex, onMessage: (m: Record<string, unknown>) => void): void {
  let pending = 0;
  socket.on('data', (chunk: Buffer) => {
    const nl = chunk.lastIndexOf(10);
    pending = nl < 0 ? pending + chunk.length : chunk.length - nl - 1;
    if (pending > MAX_LINE) socket.destroy();
  });
  const lines = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY });
  // The socket's own error handler decides; readline would re-throw it as its own.
  lines.on('error', () => {});
  lines.on('line', (line) => {
    if (line.length > MAX_LINE) return void socket.destroy();
    let m: unknown;
    try {
      m = JSON.parse(line);
    } catch {
      return void socket.destroy();
    }
    if (m && typeof m === 'object' && !Array.isArray(m) && typeof (m as { type?: unknown }).type === 'string')
      onMessage(m as Record<string, unknown>);
    else socket.destroy();
  });
}
