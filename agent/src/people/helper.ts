import type { DesktopPrompts, SessionSupport } from '../platform/types.js';
import { readMessages, type ServiceMessage, send } from './protocol.js';

export type HelperEnd =
  | { kind: 'refused'; reason: string }
  | { kind: 'lost'; reason: string }
  | { kind: 'stopped' };

/**
 * One connection of `dlp-agent session` to the service: says what this desktop can show (hello),
 * then shows each prompt the service sends and answers it; a withdrawn prompt (the service's
 * timeout) is closed on the desktop. Resolves when the connection ends, saying why.
 */
export async function serveOnce(
  support: Pick<SessionSupport, 'connect'>,
  address: string,
  desktop: DesktopPrompts,
  onWelcome: () => void,
  stop: AbortSignal,
): Promise<HelperEnd> {
  if (stop.aborted) return { kind: 'stopped' };
  let socket: Awaited<ReturnType<SessionSupport['connect']>>;
  try {
    socket = await support.connect(address);
  } catch (e) {
    return { kind: 'lost', reason: (e as Error).message };
  }
  return new Promise((resolve) => {
    const open = new Map<string, AbortController>();
    let end: HelperEnd | null = null;
    // The first end seen wins, except that the service's refusal line, once read, names the end
    // even when a failed write reported the pipe lost first.
    const finish = (e: HelperEnd) => {
      if (end === null || (end.kind === 'lost' && e.kind === 'refused')) end = e;
    };
    const onStop = () => {
      finish({ kind: 'stopped' });
      socket.destroy();
    };
    stop.addEventListener('abort', onStop, { once: true });
    send(socket, {
      type: 'hello',
      notifications: desktop.notifications,
      dialog: desktop.dialog,
      reason: desktop.reason,
    });
    socket.on('error', (e) => finish({ kind: 'lost', reason: e.message }));
    socket.on('close', () => {
      stop.removeEventListener('abort', onStop);
      for (const c of open.values()) c.abort();
      resolve(end ?? { kind: 'lost', reason: 'the service closed the connection' });
    });
    readMessages(socket, (m) => {
      const msg = m as ServiceMessage;
      if (msg.type === 'welcome') return onWelcome();
      if (msg.type === 'refused')
        return finish({ kind: 'refused', reason: String(msg.reason).slice(0, 300) });
      if (msg.type === 'withdraw') return open.get(String(msg.id))?.abort();
      if (msg.type !== 'ask' || typeof msg.id !== 'string') return;
      const id = msg.id;
      const ctl = new AbortController();
      open.set(id, ctl);
      desktop
        .ask(msg.prompt, ctl.signal)
        .then((answer) => {
          if (!ctl.signal.aborted) send(socket, { type: 'answer', id, answer });
        })
        .catch((e: Error) => {
          if (!ctl.signal.aborted) send(socket, { type: 'failed', id, reason: e.message });
        })
        .finally(() => open.delete(id));
    });
  });
}
