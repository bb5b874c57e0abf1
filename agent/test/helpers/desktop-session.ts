import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { startAgent } from './agent-process.js';
import {
  FakeNotificationServer,
  sessionsFor,
  startSessionBus,
  writeFakeZenity,
} from './fake-notifications.js';
import { whenTrue } from './wait.js';

/**
 * What a process writes on stderr (the agent's JSON log), and a wait for what it says: `until` is
 * checked at once and again at each chunk the process writes — the real event, nothing polls —
 * and fails at once when the process exits first.
 */
export class ProcessLog {
  text = '';
  constructor(private readonly child: ChildProcess) {
    child.stderr!.on('data', (d) => {
      this.text += d;
    });
  }

  /** Waits until `cond` holds over the text written so far. */
  until(cond: (text: string) => boolean, what: string, ms = 30_000): Promise<void> {
    const child = this.child;
    return whenTrue([child.stderr!], 'data', () => cond(this.text), what, ms, {
      source: child,
      event: 'exit',
      describe: () => `the process exited (${child.exitCode ?? child.signalCode})`,
    });
  }

  /** Waits for a log line whose message is `msg` (`"msg":"…"`). */
  message(msg: string, what = msg, ms = 30_000): Promise<void> {
    return this.until((text) => text.includes(`"msg":"${msg}"`), what, ms);
  }
}

/** The person's desktop for issue 18 tests: a real session bus, a scripted notification server and zenity. */
export interface ScriptedDesktop {
  notes: FakeNotificationServer;
  /** `list` answers the category question, `entry` the text; a missing file is Cancel. */
  dialog: string;
  dialogLog: string;
  /** For the service and the helper: the session socket, the signed-in person, the prompt timeout. */
  sessionEnv: Record<string, string>;
  /** Starts `dlp-agent session` on this desktop; its stop is registered. */
  startHelper(): void;
}

/** Builds the desktop under `root`; every stop is pushed onto `stops` (run them in reverse). */
export async function scriptedDesktop(
  root: string,
  stops: (() => Promise<unknown> | unknown)[],
  answers: { list: string; entry: string },
): Promise<ScriptedDesktop> {
  const bus = await startSessionBus(root);
  stops.push(() => bus.stop());
  const notes = await FakeNotificationServer.start(bus.address);
  stops.push(() => notes.close());
  writeFakeZenity(join(root, 'bin'));
  const dialog = join(root, 'dialog');
  mkdirSync(dialog);
  writeFileSync(join(dialog, 'list'), `${answers.list}\n`);
  writeFileSync(join(dialog, 'entry'), `${answers.entry}\n`);
  mkdirSync(join(root, 'run'));
  const sessionEnv = {
    DLP_AGENT_SESSION_SOCKET: join(root, 'run', 'session.sock'),
    DLP_AGENT_SESSIONS_DIR: sessionsFor(join(root, 'sessions'), [
      { uid: process.getuid?.() ?? 0, name: userInfo().username },
    ]),
    DLP_AGENT_PROMPT_TIMEOUT_SECS: '20',
  };
  const dialogLog = join(root, 'dialog.log');
  return {
    notes,
    dialog,
    dialogLog,
    sessionEnv,
    startHelper() {
      const helper = startAgent(['session'], {
        ...sessionEnv,
        DBUS_SESSION_BUS_ADDRESS: bus.address,
        PATH: `${join(root, 'bin')}:${process.env.PATH}`,
        FAKE_DIALOG_DIR: dialog,
        FAKE_DIALOG_LOG: dialogLog,
      });
      stops.push(async () => {
        helper.child.kill('SIGTERM');
        await helper.done;
      });
    },
  };
}
