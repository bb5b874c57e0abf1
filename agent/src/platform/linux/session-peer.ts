import type { Socket } from 'node:net';
import { join } from 'node:path';
import { nativeAvailable, nativeFunction } from '@custos/native';
import type { PeerCredentials } from '../types.js';

/**
 * The session socket lives in the service's runtime directory: systemd's `RuntimeDirectory=`
 * (exported as `RUNTIME_DIRECTORY`), `/run/custos-agent` otherwise. `DLP_AGENT_SESSION_SOCKET`
 * names another path (tests, a second agent on one host).
 */
export function sessionSocketPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DLP_AGENT_SESSION_SOCKET) return env.DLP_AGENT_SESSION_SOCKET;
  const runtime = env.RUNTIME_DIRECTORY?.split(':')[0] || '/run/custos-agent';
  return join(runtime, 'session.sock');
}

/**
 * SO_PEERCRED of an accepted Unix socket, through the native addon (Node has no API for it). The
 * kernel records the peer's uid at connect(), so a helper cannot claim another person. Node keeps
 * the descriptor on the socket's handle (`_handle.fd`, Unix only); without it, or without the
 * addon, the peer is unknown and the service refuses it.
 */
export function peerCredentialsOf(socket: Socket): PeerCredentials | null {
  if (!nativeAvailable('peerCredentials')) return null;
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return null;
  try {
    return nativeFunction('peerCredentials')(fd);
  } catch {
    return null;
  }
}
