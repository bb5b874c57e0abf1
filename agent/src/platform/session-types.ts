import type { Duplex } from 'node:stream';

/** The session channel's types (issue 18; docs/agent.md, "The session helper"). */

/** Who is at the other end of a local connection, as the kernel recorded it (never as claimed). */
export interface PeerCredentials {
  pid: number;
  uid: number;
  gid: number;
}

/**
 * The peer of a session-channel connection as the service may trust it: Linux SO_PEERCRED's uid,
 * Windows the client process token's user SID (checked against the console session by the addon).
 */
export interface SessionPeer {
  pid: number;
  /** Compared with InteractiveUser.id: a uid in decimal (Linux) or an account SID (Windows). */
  account: string;
  /** How `account` is named in messages: `uid 1000`, `SID S-1-5-21-…`. */
  label: string;
}

/** A connection of the session channel: a Unix socket, or a named pipe served by the addon. */
export type SessionConnection = Duplex;

/** A failure of the listener or of one connection, with the OS call and its error code. */
export interface SessionListenerProblem {
  message: string;
  syscall?: string;
  osCode?: number;
  /** The listener accepts nobody any more. */
  fatal: boolean;
}

export interface SessionListener {
  /** Stops accepting; connections already open are the caller's to end. */
  close(): Promise<void>;
}

/** One prompt as the person sees it (the service decides the words; the helper only shows them). */
export type DesktopPrompt =
  | { kind: 'notice'; title: string; text: string }
  | { kind: 'continue'; title: string; text: string }
  | {
      kind: 'justify';
      title: string;
      text: string;
      /** Reason categories to choose from; empty: none offered. */
      reasons: string[];
      free_text: boolean;
      min_chars: number;
    }
  | { kind: 'question'; title: string; text: string };

export type DesktopAnswer =
  | { result: 'shown' }
  | { result: 'continued' }
  | { result: 'cancelled' }
  | { result: 'justified'; category: string | null; text: string }
  | { result: 'answered'; text: string };

/** The desktop of one session (Linux: D-Bus notifications and zenity/kdialog). */
export interface DesktopPrompts {
  /** What this desktop can show, reported to the service at hello and in capabilities. */
  readonly notifications: boolean;
  readonly dialog: string | null;
  /** Why notifications are absent, when they are. */
  readonly reason: string | null;
  /** Shows a prompt; resolves with the person's answer. `signal` withdraws it (timeout). */
  ask(prompt: DesktopPrompt, signal: AbortSignal): Promise<DesktopAnswer>;
  close(): void;
}

export interface SessionSupport {
  /**
   * Where the service listens for session helpers: a Unix socket in the runtime directory (Linux),
   * a named pipe (Windows).
   */
  socketPath(): string;
  /**
   * Listens at `address` (throws `another process serves …` when something already does). Each
   * connection comes with its peer as the kernel recorded it, or with why it is refused. Failures
   * after listening started (accepting, a connection's I/O) go to `onProblem` (Windows pipe).
   */
  listen(
    address: string,
    onConnection: (conn: SessionConnection, peer: SessionPeer | { refused: string }) => void,
    onProblem?: (p: SessionListenerProblem) => void,
  ): Promise<SessionListener>;
  /** The helper's end: connects to `address`; rejects with the reason it cannot. */
  connect(address: string): Promise<SessionConnection>;
  /**
   * Starts the session helper in the person's session when the service must (Windows: the service
   * starts it with WTSQueryUserToken + CreateProcessAsUser); absent where the desktop starts it.
   */
  launchHelper?(): Promise<{ pid: number | null; reason: string | null }>;
  /** Opens the desktop of the session this process runs in (the `dlp-agent session` side). */
  openDesktop(env: NodeJS.ProcessEnv): Promise<DesktopPrompts>;
}
