import { randomUUID } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Logger } from '../log.js';
import type { DesktopAnswer, DesktopPrompt, InteractiveIdentity, SessionSupport } from '../platform/types.js';
import { type HelperMessage, readMessages, send } from './protocol.js';

interface Helper {
  socket: Socket;
  uid: string;
  pid: number;
  notifications: boolean;
  dialog: string | null;
  answers: Map<string, (a: DesktopAnswer | { failed: string }) => void>;
}

/** What asking produced: an answer (or the timeout's default), or why nobody was asked. */
export type AskOutcome =
  | { asked: true; answer: DesktopAnswer | { result: 'timed_out' } }
  | { asked: false; reason: string };

/**
 * The service's end of the session channel (issue 18). Session helpers (`dlp-agent session`)
 * connect to a Unix socket; the kernel's record of each peer (SO_PEERCRED) must name the one person
 * signed in at the console, or the connection is refused before a word is exchanged. Prompts go to
 * the helper of that person only; with nobody signed in, several sessions or helpers, or none
 * connected, nobody is asked and the caller records why.
 */
export class SessionChannel {
  private server: Server | null = null;
  private readonly helpers = new Set<Helper>();
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly support: SessionSupport,
    private readonly identity: InteractiveIdentity,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    const path = this.support.socketPath();
    // The directory is the service manager's (systemd RuntimeDirectory=): never created here, so a
    // test or a hand-started agent does not leave /run/custos-agent behind.
    // A socket someone answers on belongs to another running agent: never taken from it.
    if (await answers(path)) throw new Error(`another process serves ${path}`);
    await rm(path, { force: true });
    const server = createServer((s) => void this.accept(s));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
    // Anyone may connect; the peer check below decides who stays.
    await chmod(path, 0o666);
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.helpers.clear();
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }

  /** For capabilities: true only while a helper of the signed-in person can show notifications. */
  notifyStatus(): { notify: boolean; reason: string } {
    const h = [...this.helpers];
    if (h.length === 0)
      return { notify: false, reason: 'no session helper (dlp-agent session) is connected' };
    if (!h.some((x) => x.notifications))
      return { notify: false, reason: 'the session helper has no desktop notification server' };
    return { notify: true, reason: 'notices through the session helper; the operation is not held' };
  }

  private async accept(socket: Socket): Promise<void> {
    socket.on('error', () => {});
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    const peer = this.support.peerOf(socket);
    const refuse = (reason: string) => {
      this.log('warn', 'session helper refused', { reason });
      send(socket, { type: 'refused', reason });
      // Nothing the peer sends is read; resuming lets its close be seen (server.close waits for it).
      socket.end();
      socket.resume();
    };
    if (!peer) return refuse('the peer of the connection is unknown (no SO_PEERCRED)');
    const who = await this.identity.current();
    if (!who.user) return refuse(`nobody to serve: ${who.reason ?? 'no interactive user'}`);
    if (String(peer.uid) !== who.user.id)
      return refuse(`uid ${peer.uid} is not the person signed in at the console`);
    const helper: Helper = {
      socket,
      uid: who.user.id,
      pid: peer.pid,
      notifications: false,
      dialog: null,
      answers: new Map(),
    };
    let hello = false;
    readMessages(socket, (m) => {
      const msg = m as HelperMessage;
      if (!hello) {
        if (msg.type !== 'hello') return void socket.destroy();
        hello = true;
        // One helper per person: a second one (autostart and the user unit both started) is refused,
        // so a prompt never goes to two desktops at once.
        if ([...this.helpers].some((h) => h.uid === helper.uid))
          return refuse('a session helper already serves this person');
        helper.notifications = msg.notifications === true;
        helper.dialog = typeof msg.dialog === 'string' ? msg.dialog : null;
        this.helpers.add(helper);
        send(socket, { type: 'welcome', uid: peer.uid });
        this.log('info', 'session helper connected', {
          uid: helper.uid,
          pid: helper.pid,
          notifications: helper.notifications,
          dialog: helper.dialog,
        });
        return;
      }
      if ((msg.type === 'answer' || msg.type === 'failed') && typeof msg.id === 'string') {
        const done = helper.answers.get(msg.id);
        if (!done) return;
        helper.answers.delete(msg.id);
        done(msg.type === 'answer' ? msg.answer : { failed: String(msg.reason).slice(0, 200) });
      }
    });
    socket.on('close', () => {
      this.helpers.delete(helper);
      for (const done of helper.answers.values()) done({ failed: 'the session helper went away' });
      helper.answers.clear();
    });
  }

  /** Asks the person `uid` (the one the event names); `timeoutMs` gives the default answer (Cancel). */
  async ask(uid: string | null, prompt: DesktopPrompt, timeoutMs: number): Promise<AskOutcome> {
    const who = await this.identity.current();
    if (!who.user) return { asked: false, reason: who.sessions > 1 ? 'several_sessions' : 'no_session' };
    if (who.sessions > 1) return { asked: false, reason: 'several_sessions' };
    if (uid === null || who.user.id !== uid) return { asked: false, reason: 'no_session' };
    const mine = [...this.helpers].filter((h) => h.uid === uid);
    if (mine.length === 0) return { asked: false, reason: 'no_helper' };
    if (mine.length > 1) return { asked: false, reason: 'several_helpers' };
    const h = mine[0]!;
    const needsDialog = prompt.kind === 'justify' || prompt.kind === 'question';
    if (needsDialog && !h.dialog) return { asked: false, reason: 'no_dialog' };
    if (!needsDialog && !h.notifications) return { asked: false, reason: 'no_notifications' };
    const id = randomUUID();
    const answer = await new Promise<DesktopAnswer | { failed: string } | 'timeout'>((resolve) => {
      const timer = setTimeout(() => {
        h.answers.delete(id);
        send(h.socket, { type: 'withdraw', id });
        resolve('timeout');
      }, timeoutMs);
      h.answers.set(id, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
      send(h.socket, { type: 'ask', id, prompt });
    });
    if (answer === 'timeout') return { asked: true, answer: { result: 'timed_out' } };
    if ('failed' in answer) return { asked: false, reason: `helper_failed: ${answer.failed}` };
    return { asked: true, answer };
  }
}

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
