import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import type { SessionConnection, SessionListener, SessionPeer } from '../types.js';
import { peerCredentialsOf } from './session-peer.js';

/** Whether something accepts connections on the Unix socket `path` (a stale file does not). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The service's Unix socket for session helpers. The directory is the service manager's (systemd
 * RuntimeDirectory=): never created here, so a test or a hand-started agent does not leave
 * /run/custos-agent behind. A socket someone answers on belongs to another running agent: never
 * taken from it. Anyone may connect (0666); SO_PEERCRED decides who stays.
 */
export async function listenUnix(
  path: string,
  onConnection: (conn: SessionConnection, peer: SessionPeer | { refused: string }) => void,
): Promise<SessionListener> {
  if (await answers(path)) throw new Error(`another process serves ${path}`);
  await rm(path, { force: true });
  const server = createServer((socket: Socket) => {
    const cred = peerCredentialsOf(socket);
    onConnection(
      socket,
      cred
        ? { pid: cred.pid, account: String(cred.uid), label: `uid ${cred.uid}` }
        : { refused: 'the peer of the connection is unknown (no SO_PEERCRED)' },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o666);
  return { close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The helper's end of the Unix socket. */
export function connectUnix(path: string): Promise<SessionConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}
