import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../src/content/read-content.js';
import type { PersonPrompt } from '../src/people/ask-step.js';
import { BurstMemo } from '../src/people/burst.js';
import { SessionChannel } from '../src/people/channel.js';
import { DecisionPipeline } from '../src/pipeline.js';
import type { Platform, SessionSupport } from '../src/platform/types.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { tellRefusedConnection } from '../src/service/connection-filters.js';
import { AGENT_BIN, startAgent } from './helpers/agent-process.js';
import { cardBundle, cardPolicy, VALID_CARDS } from './helpers/card-bundle.js';
import {
  FakeNotificationServer,
  sessionsFor,
  startSessionBus,
  writeFakeZenity,
} from './helpers/fake-notifications.js';
import type { NodeProcess } from './helpers/node-process.js';
import { linuxPlatform } from './helpers/platform.js';

/**
 * Issue 18, the Linux session channel with real parts: Debian's dbus-daemon, a scripted
 * notification server on it, a fake zenity on PATH, the service's SessionChannel (SO_PEERCRED
 * through the native addon) and real `dlp-agent session` processes.
 */
const root = mkdtempSync(join(tmpdir(), 'dlp-session-'));
const uid = process.getuid?.() ?? 0;
let bus: Awaited<ReturnType<typeof startSessionBus>>;
let notes: FakeNotificationServer;
let platform: Platform;
let channel: SessionChannel;
let helper: NodeProcess | null = null;
const sock = join(root, 'run', 'session.sock');
const dialogDir = join(root, 'dialog');

const REFUSED = {
  occurred_at: '2026-01-15T09:00:00Z',
  application: 'tool.exe',
  address: '203.0.113.7',
  port: 443,
  policy_ids: [],
};

function support(p: Platform, path: string): SessionSupport {
  return { ...p.session!, socketPath: () => path };
}

async function until(what: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

function startHelper(socket: string): NodeProcess {
  const h = startAgent(['session', '--socket', socket, '--once'], {
    DBUS_SESSION_BUS_ADDRESS: bus.address,
    PATH: `${join(root, 'bin')}:${process.env.PATH}`,
    FAKE_DIALOG_DIR: dialogDir,
    FAKE_DIALOG_LOG: join(root, 'dialog.log'),
  });
  return { ...h, output: () => ({ stdout: '', stderr: '' }) } as NodeProcess;
}

function pipelineFor(
  response: 'warn_with_continue' | 'require_justification',
  timeoutMs: number,
  burst?: BurstMemo<PersonPrompt>,
) {
  const queue = new EventQueue(join(mkdtempSync(join(root, 'q-')), 'q.db'), 100, 'refuse_new');
  const policy = cardPolicy({
    response,
    notifications: {
      user_message: 'Card numbers are protected.',
      ...(response === 'require_justification'
        ? {
            justification: { reasons: ['business_need', 'customer_request'], free_text: true, min_chars: 15 },
          }
        : {}),
    },
  });
  const runtime = prepareRuntime({ ...cardBundle(), policies: [policy] });
  const pipeline = new DecisionPipeline({
    platform,
    queue,
    runtime: () => runtime,
    device: { id: 'dev-1', agent_group: () => null },
    offline: () => false,
    log: () => {},
    prompts: { channel, timeoutMs, ...(burst ? { burst } : {}) },
  });
  const observe = async (name: string) => {
    const path = join(root, name);
    writeFileSync(path, `card ${VALID_CARDS[0]}\n`);
    await pipeline.handle({
      channel: 'file_create',
      path,
      content: await readContent(path, 1 << 20),
      occurred_at: new Date().toISOString(),
    });
    // Each observation is read back and acknowledged, as the uploader would.
    const batch = queue.nextBatch(100)!;
    queue.applyAcks(
      batch.batch_id,
      batch.events.map((e) => ({ event_id: e.event_id, status: 'Accepted' as const, reason: null })),
    );
    return batch.events.at(-1)!.body as Record<string, unknown>;
  };
  return { observe, pipeline };
}

beforeAll(async () => {
  chmodSync(root, 0o755);
  mkdirSync(join(root, 'run'));
  mkdirSync(dialogDir);
  writeFakeZenity(join(root, 'bin'));
  bus = await startSessionBus(root);
  notes = await FakeNotificationServer.start(bus.address);
  platform = await linuxPlatform({
    sessionsDir: sessionsFor(join(root, 'sessions'), [{ uid, name: userInfo().username }]),
  });
  channel = new SessionChannel(support(platform, sock), platform.identity, () => {});
  await channel.start();
}, 30_000);

afterAll(async () => {
  helper?.child.kill();
  await channel?.stop();
  notes?.close();
  bus?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('session channel (Linux, real D-Bus)', () => {
  it('a warn_with_continue notice answered Continue is recorded; notify is reported while the helper is there', async () => {
    const { observe } = pipelineFor('warn_with_continue', 10_000);
    // No helper yet: nobody is asked, and the capability report says so.
    const before = await observe('early.txt');
    expect(before.person_prompt).toEqual({
      kind: 'continue',
      held: false,
      asked: false,
      not_asked: '[not_asked] no_helper',
    });
    expect(channel.notifyStatus().notify).toBe(false);

    helper = startHelper(sock);
    await until(() => channel.notifyStatus().notify);
    notes.script = { click: 'continue' };
    const ev = await observe('cards.txt');
    expect(ev.person_prompt).toEqual({
      kind: 'continue',
      held: false,
      asked: true,
      result: 'continued',
      outcome: 'user_continued',
      notice_reference: expect.stringMatching(/^[A-Z0-9]{6}$/),
    });
    // With notify reported, rule 3 clamps the warning to a notice (nothing can be held here).
    expect(ev.action).toBe('inform');
    const shown = notes.shown.at(-1)!;
    // The person sees the six-character reference the event carries (document 2: incident search).
    expect(shown.body).toBe(
      `Card numbers are protected.\nReference: ${(ev.person_prompt as { notice_reference: string }).notice_reference}`,
    );
    expect(shown.actions).toEqual(['continue', 'Continue', 'cancel', 'Cancel']);
  }, 30_000);

  it('no answer before the timeout is Cancel, and the notification is withdrawn', async () => {
    const { observe } = pipelineFor('warn_with_continue', 700);
    notes.script = { click: null };
    const ev = await observe('late.txt');
    expect(ev.person_prompt).toMatchObject({ asked: true, result: 'timed_out', outcome: 'user_cancelled' });
    await until(() => notes.shown.at(-1)!.closed);
    notes.script = { click: 'cancel' };
    const cancelled = await pipelineFor('warn_with_continue', 10_000).observe('cancel.txt');
    expect(cancelled.person_prompt).toMatchObject({ result: 'cancelled', outcome: 'user_cancelled' });
  }, 30_000);

  it('a justification comes from the dialog with its category; too short a reason is refused', async () => {
    const { observe } = pipelineFor('require_justification', 10_000);
    writeFileSync(join(dialogDir, 'list'), 'customer_request\n');
    writeFileSync(join(dialogDir, 'entry'), 'Statement for the customer who asked today\n');
    const ev = await observe('justify.txt');
    expect(ev.person_prompt).toMatchObject({
      kind: 'justify',
      asked: true,
      result: 'justified',
      justification: {
        category: 'customer_request',
        text: 'Statement for the customer who asked today',
        text_length: 42,
      },
    });
    const log = readFileSync(join(root, 'dialog.log'), 'utf8');
    expect(log).toMatch(/--list --radiolist [\s\S]*business_need .*customer_request/);
    expect(log).toMatch(/--entry [\s\S]*at least 15 characters/);
    writeFileSync(join(dialogDir, 'entry'), 'too short\n');
    const short = await observe('short.txt');
    expect(short.person_prompt).toMatchObject({ result: 'cancelled', outcome: 'user_cancelled' });
    // Document 2's rules: long enough, but one word repeated is no reason.
    writeFileSync(join(dialogDir, 'entry'), 'need need need need need\n');
    const repeated = await observe('repeated.txt');
    expect(repeated.person_prompt).toMatchObject({
      result: 'cancelled',
      outcome: 'user_cancelled',
      refused: 'justification_rules',
      refused_because: ['write the reason in at least three different words', 'the reason repeats a word'],
    });
  }, 30_000);

  it('an analyst question is shown and answered; a second helper for the same person is refused', async () => {
    writeFileSync(join(dialogDir, 'entry'), 'I sent it to the auditor\n');
    const r = await channel.ask(
      String(uid),
      { kind: 'question', title: 'Custos DLP', text: 'Why did this file go to a USB stick?' },
      10_000,
    );
    expect(r).toEqual({ asked: true, answer: { result: 'answered', text: 'I sent it to the auditor' } });
    const second = await startHelper(sock).done;
    expect(second.code).toBe(5);
    expect(second.stderr).toContain('a session helper already serves this person');
    expect(channel.notifyStatus().notify).toBe(true);
  }, 30_000);

  it('one answer covers a burst: same policy and folder, five minutes', async () => {
    let now = 1_000_000;
    const { observe } = pipelineFor('warn_with_continue', 10_000, new BurstMemo(() => now));
    notes.script = { click: 'continue' };
    const shownBefore = notes.shown.length;
    expect((await observe('burst-1.txt')).person_prompt).toMatchObject({ result: 'continued' });
    now += 4 * 60_000;
    expect((await observe('burst-2.txt')).person_prompt).toEqual({
      kind: 'continue',
      held: false,
      asked: true,
      result: 'continued',
      outcome: 'user_continued',
      covered_by_burst: true,
      notice_reference: expect.stringMatching(/^[A-Z0-9]{6}$/),
    });
    expect(notes.shown.length).toBe(shownBefore + 1);
    now += 60_000;
    const again = await observe('burst-3.txt');
    expect(again.person_prompt).toMatchObject({ result: 'continued' });
    expect(again.person_prompt).not.toHaveProperty('covered_by_burst');
    expect(notes.shown.length).toBe(shownBefore + 2);
  }, 30_000);

  it('a second service does not take the socket of a running one', async () => {
    const second = new SessionChannel(support(platform, sock), platform.identity, () => {});
    await expect(second.start()).rejects.toThrow(`another process serves ${sock}`);
    expect(channel.notifyStatus().notify).toBe(true);
  });

  it('a refused connection is told to the sole signed-in person as a notice (document 1)', async () => {
    notes.script = { click: null };
    const before = notes.shown.length;
    expect(await tellRefusedConnection(channel, platform.identity, REFUSED)).toBe('shown');
    expect(notes.shown.length).toBe(before + 1);
    expect(notes.shown.at(-1)!.body).toBe(
      "tool.exe was not allowed to connect to 203.0.113.7 (port 443) by your organisation's policy.",
    );
  }, 30_000);

  it('two sessions of one person: nobody is asked', async () => {
    const two = await linuxPlatform({
      sessionsDir: sessionsFor(join(root, 'two'), [
        { uid, name: userInfo().username },
        { uid, name: userInfo().username },
      ]),
    });
    const ch = new SessionChannel(support(two, join(root, 'run', 'two.sock')), two.identity, () => {});
    expect(await ch.ask(String(uid), { kind: 'notice', title: 't', text: 'x' }, 1_000)).toEqual({
      asked: false,
      reason: 'several_sessions',
    });
    expect(await tellRefusedConnection(ch, two.identity, REFUSED)).toBe('[not_asked] several_sessions');
  });

  it('with the helper gone nobody is asked: [not_asked] and notify false', async () => {
    const { observe } = pipelineFor('warn_with_continue', 5_000);
    helper!.child.kill('SIGTERM');
    await helper!.done;
    helper = null;
    await until(() => !channel.notifyStatus().notify);
    const ev = await observe('gone.txt');
    expect(ev.person_prompt).toMatchObject({ asked: false, not_asked: '[not_asked] no_helper' });
    expect(ev.action).toBe('audit');
  }, 30_000);

  it('a peer whose uid is not the signed-in person is refused (the kernel says who connected)', async () => {
    // The signed-in person is uid 4242; this test process (the helper's uid) is not.
    const other = await linuxPlatform({
      sessionsDir: sessionsFor(join(root, 'other'), [{ uid: 4242, name: 'ann' }]),
    });
    const otherSock = join(root, 'run', 'other.sock');
    const ch = new SessionChannel(support(other, otherSock), other.identity, () => {});
    await ch.start();
    try {
      const r = await startHelper(otherSock).done;
      expect(r.code).toBe(5);
      expect(r.stderr).toContain(
        `refused by the service: uid ${uid} is not the person signed in at the console`,
      );
      expect(ch.notifyStatus().notify).toBe(false);
    } finally {
      await ch.stop();
    }
  }, 30_000);

  it.skipIf(uid !== 0)(
    'a helper running as another user is refused by its real uid',
    async () => {
      const child = spawn(process.execPath, [AGENT_BIN, 'session', '--socket', sock, '--once'], {
        uid: 65534,
        gid: 65534,
        env: { PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: bus.address },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (d) => {
        stderr += d;
      });
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      expect(stderr).toContain('uid 65534 is not the person signed in at the console');
      expect(code).toBe(5);
    },
    30_000,
  );
});
