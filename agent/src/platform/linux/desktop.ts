import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DesktopAnswer, DesktopPrompt, DesktopPrompts } from '../types.js';
import { askByDialog } from './dialog.js';

const DEST = ['--session', '--dest', 'org.freedesktop.Notifications'];
const PATH_ARGS = ['--object-path', '/org/freedesktop/Notifications'];
const IFACE = 'org.freedesktop.Notifications';

/** A program on PATH, or null (zenity, kdialog, gdbus are detected, never assumed). */
export function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(':')) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** GVariant text for a string: gdbus parses every argument as GVariant. */
export function gvString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env, timeout: timeoutMs }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

type Signal = { kind: 'action'; key: string } | { kind: 'closed' };

/**
 * Desktop notifications with actions over D-Bus `org.freedesktop.Notifications`, spoken through
 * `gdbus` (GLib's client, present on GNOME, KDE and most desktops): `gdbus call` sends `Notify` and
 * `CloseNotification`, one long-lived `gdbus monitor` reads `ActionInvoked` and
 * `NotificationClosed`. No D-Bus library enters the agent's dependencies (docs/agent.md).
 */
class GdbusNotifications {
  private monitor: ChildProcess | null = null;
  private readonly waiting = new Map<number, (s: Signal) => void>();
  private early = new Map<number, Signal>();

  constructor(
    private readonly gdbus: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Starts the signal monitor; resolves once it watches the bus name. */
  start(): Promise<void> {
    const m = spawn(this.gdbus, ['monitor', ...DEST, ...PATH_ARGS], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.monitor = m;
    return new Promise((resolve, reject) => {
      let ready = false;
      m.once('error', reject);
      m.once('exit', () => {
        if (!ready) reject(new Error('gdbus monitor ended'));
      });
      const lines = createInterface({ input: m.stdout! });
      lines.on('error', () => {});
      lines.on('line', (line) => {
        if (!ready && /owned by|Monitoring signals/.test(line)) {
          ready = true;
          resolve();
        }
        const hit = /\.(ActionInvoked|NotificationClosed) \(uint32 (\d+), (?:'([^']*)'|uint32 \d+)\)/.exec(
          line,
        );
        if (!hit) return;
        const id = Number(hit[2]);
        const sig: Signal =
          hit[1] === 'ActionInvoked' ? { kind: 'action', key: hit[3] ?? '' } : { kind: 'closed' };
        const w = this.waiting.get(id);
        if (w) w(sig);
        else if (!this.early.has(id)) this.early.set(id, sig);
      });
    });
  }

  async notify(
    title: string,
    text: string,
    actions: string[],
    urgency: number,
    expireMs: number,
  ): Promise<number> {
    const out = await run(
      this.gdbus,
      [
        'call',
        ...DEST,
        ...PATH_ARGS,
        '--method',
        `${IFACE}.Notify`,
        gvString('Custos DLP'),
        'uint32 0',
        gvString('dialog-warning'),
        gvString(title),
        gvString(text),
        `@as [${actions.map(gvString).join(', ')}]`,
        `@a{sv} {'urgency': <byte ${urgency}>}`,
        `int32 ${expireMs}`,
      ],
      this.env,
      10_000,
    );
    const id = /uint32 (\d+)/.exec(out);
    if (!id) throw new Error('Notify answered without an id');
    return Number(id[1]);
  }

  /** The first action or close of notification `id`; `signal` closes it (timeout). */
  waitFor(id: number, signal: AbortSignal): Promise<Signal> {
    const seen = this.early.get(id);
    if (seen) {
      this.early.delete(id);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiting.delete(id);
        run(
          this.gdbus,
          ['call', ...DEST, ...PATH_ARGS, '--method', `${IFACE}.CloseNotification`, `uint32 ${id}`],
          this.env,
          5_000,
        ).catch(() => {});
        reject(new Error('withdrawn'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, (s) => {
        this.waiting.delete(id);
        signal.removeEventListener('abort', onAbort);
        resolve(s);
      });
    });
  }

  close(): void {
    this.monitor?.kill();
    this.monitor = null;
  }
}

/** Opens the desktop of this session: notifications when a server answers, a dialog tool when present. */
export async function openLinuxDesktop(env: NodeJS.ProcessEnv): Promise<DesktopPrompts> {
  const dialog = onPath('zenity', env) ? 'zenity' : onPath('kdialog', env) ? 'kdialog' : null;
  const gdbus = onPath('gdbus', env);
  let notes: GdbusNotifications | null = null;
  let reason: string | null = null;
  if (!gdbus) reason = 'gdbus is not installed (package libglib2.0-bin)';
  else if (!env.DBUS_SESSION_BUS_ADDRESS && !env.XDG_RUNTIME_DIR)
    reason = 'no D-Bus session bus in this session';
  else {
    try {
      await run(
        gdbus,
        ['call', ...DEST, ...PATH_ARGS, '--method', `${IFACE}.GetServerInformation`],
        env,
        5_000,
      );
      notes = new GdbusNotifications(gdbus, env);
      await notes.start();
    } catch (e) {
      notes?.close();
      notes = null;
      reason = `no notification server answers on the session bus (${(e as Error).message.split('\n')[0]})`;
    }
  }
  return {
    notifications: notes !== null,
    dialog,
    reason,
    async ask(prompt: DesktopPrompt, signal: AbortSignal): Promise<DesktopAnswer> {
      if (prompt.kind === 'justify' || prompt.kind === 'question') {
        if (!dialog) throw new Error('no dialog tool (zenity or kdialog) in this session');
        return askByDialog(dialog, prompt, env, signal);
      }
      if (!notes) throw new Error(reason ?? 'no notifications');
      if (prompt.kind === 'notice') {
        await notes.notify(prompt.title, prompt.text, [], 1, 10_000);
        return { result: 'shown' };
      }
      const id = await notes.notify(
        prompt.title,
        prompt.text,
        ['continue', 'Continue', 'cancel', 'Cancel'],
        2,
        0,
      );
      const s = await notes.waitFor(id, signal);
      return s.kind === 'action' && s.key === 'continue' ? { result: 'continued' } : { result: 'cancelled' };
    },
    close() {
      notes?.close();
    },
  };
}
