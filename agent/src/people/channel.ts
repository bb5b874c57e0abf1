import { randomUUID } from 'node:crypto';
import type { Logger } from '../log.js';
import type {
  DesktopAnswer,
  DesktopPrompt,
  InteractiveIdentity,
  SessionConnection,
  SessionListener,
  SessionListenerProblem,
  SessionPeer,
  SessionSupport,
} from '../platform/types.js';
import { type HelperMessage, readMessages, send } from './protocol.js';

interface Helper {
  socket: SessionConnection;
  uid: string;
  pid: number;
  notifications: boolean;
  dialog: string | null;
  answers: Map<string, (a: DesktopAnswer | { failed: string }) => void>;
}

/** A helper started by the service gets this long to connect before another is started. */
export const HELPER_RELAUNCH_MS = 60_000;

/** What asking produced: an answer (or the timeout's default), or why nobody was asked. */
export type AskOutcome =
  | { asked: true; answer: DesktopAnswer | { result: 'timed_out' } }
  | { asked: false; reason: string };

/**
 * The service's end of the session channel (issue 18). Session helpers (`dlp-agent session`)
 * connect to a Unix socket (Linux) or a named pipe (Windows, served by the addon); the kernel's
 * record of each peer (SO_PEERCRED's uid; the client process token's SID) must name the one person
 * signed in at the console, or the connection is refused before a word is exchanged. Prompts go to
 * the helper of that person only; with nobody signed in, several sessions or helpers, or none
 * connected, nobody is asked and the caller records why.
 */
export class SessionChannel {
  private server: SessionListener | null = null;
  private lastLaunch = Number.NEGATIVE_INFINITY;
  private lastLaunchReason: string | null = null;
  private readonly helpers = new Set<Helper>();
  private readonly sockets = new Set<SessionConnection>();
  /** Why nobody can connect (the listener could not start, or failed since); null while it serves. */
  private down: string | null = null;
  private lastProblem = { key: '', at: Number.NEGATIVE_INFINITY };

  constructor(
    private readonly support: SessionSupport,
    private readonly identity: InteractiveIdentity,
    private readonly log: Logger,
  ) {}

  /** Listens for helpers; throws why it cannot (the caller records it with `unavailable`). */
  async start(): Promise<void> {
    this.server = await this.support.listen(
      this.support.socketPath(),
      (c, peer) =>
        void this.accept(c, peer).catch((e: Error) => {
          // A failure serving one helper (its identity unreadable, say) ends that connection only.
          this.log('warn', 'session helper connection failed', { error: e.message });
          c.destroy();
        }),
      (p) => this.problem(p),
    );
    this.down = null;
  }

  /** The channel could not start: nobody is asked, and capabilities say why. */
  unavailable(reason: string): void {
    this.down = reason;
  }

  /**
   * A failure of the listener or of a connection, logged with its OS error code. The same failure
   * repeating is logged once a minute; a fatal one leaves the channel down until the next start.
   */
  private problem(p: SessionListenerProblem, now = Date.now()): void {
    const key = `${p.syscall ?? ''}:${p.osCode ?? ''}:${p.fatal}`;
    if (key !== this.lastProblem.key || now - this.lastProblem.at >= 60_000) {
      this.lastProblem = { key, at: now };
      this.log(p.fatal ? 'error' : 'warn', 'session channel failure', {
        error: p.message,
        syscall: p.syscall ?? null,
        os_code: p.osCode ?? null,
        listening: !p.fatal,
      });
    }
    if (p.fatal) this.down = p.message;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.helpers.clear();
    const s = this.server;
    this.server = null;
    if (s) await s.close();
  }

  /** How many helpers are connected (the Windows service starts one when there is none). */
  helperCount(): number {
    return this.helpers.size;
  }

  /**
   * Where the service starts the helper itself (Windows): starts one in the console session when
   * none is connected, at most once per HELPER_RELAUNCH_MS. Answers the pid started, or null.
   */
  async keepHelper(now: number): Promise<number | null> {
    const launch = this.support.launchHelper;
    if (!launch || !this.server || this.helpers.size > 0 || now - this.lastLaunch < HELPER_RELAUNCH_MS)
      return null;
    this.lastLaunch = now;
    let r: { pid: number | null; reason: string | null };
    try {
      r = await launch();
    } catch (e) {
      r = { pid: null, reason: `the helper could not be started: ${(e as Error).message}` };
    }
    if (r.pid !== null) this.log('info', 'session helper started', { pid: r.pid });
    else if (r.reason !== this.lastLaunchReason)
      this.log('info', 'session helper not started', { reason: r.reason });
    this.lastLaunchReason = r.reason;
    return r.pid;
  }

  /** For capabilities: true only while a helper of the signed-in person can show notifications. */
  notifyStatus(): { notify: boolean; reason: string } {
    if (this.down) return { notify: false, reason: `no session channel: ${this.down}` };
    const h = [...this.helpers];
    if (h.length === 0)
      return { notify: false, reason: 'no session helper (dlp-agent session) is connected' };
    if (!h.some((x) => x.notifications))
      return { notify: false, reason: 'the session helper has no desktop notification server' };
    return { notify: true, reason: 'notices through the session helper; the operation is not held' };
  }

  private async accept(socket: SessionConnection, peer: SessionPeer | { refused: string }): Promise<void> {
    socket.on('error', () => {});
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    const refuse = (reason: string) => {
      this.log('warn', 'session helper refused', { reason });
      send(socket, { type: 'refused', reason });
      // Nothing the peer sends is read; resuming lets its close be seen (server.close waits for it).
      socket.end();
      socket.resume();
    };
    if ('refused' in peer) return refuse(peer.refused);
    const who = await this.identity.current();
    if (!who.user) return refuse(`nobody to serve: ${who.reason ?? 'no interactive user'}`);
    if (peer.account !== who.user.id)
      return refuse(`${peer.label} is not the person signed in at the console`);
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
        send(socket, { type: 'welcome', account: peer.account });
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
