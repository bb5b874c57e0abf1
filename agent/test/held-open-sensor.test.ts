import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BundlePolicy } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { DecisionPipeline, heldVerdict } from '../src/pipeline.js';
import type { HeldOpen, HeldOpenFile, HeldOpens } from '../src/platform/types.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { HeldOpenSensor } from '../src/sensors/held-opens.js';
import { cardBundle, cardPolicy, VALID_CARDS } from './helpers/card-bundle.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';
import { pollUntil } from './helpers/wait.js';

/** `cat FILE` in a child (opens by the agent's own process are never held); its exit code. */
function cat(path: string): Promise<number | null> {
  return new Promise((resolve) => {
    spawn('cat', [path], { stdio: 'ignore' }).on('exit', (code) => resolve(code));
  });
}

/**
 * Issue 18, the file_open sensor with the real pipeline and engine over real fanotify permission
 * events (root: CI). An audit policy lets the open go and records it once per file state; a block
 * policy refuses it; a verdict is reused only for the same unchanged file.
 */
async function setup(response: BundlePolicy['response']) {
  const dir = realpathSync(tempDir());
  const share = join(dir, 'share');
  mkdirSync(share);
  const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
  const platform = await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') });
  const runtime = prepareRuntime({
    ...cardBundle({ monitored: [share] }),
    policies: [cardPolicy({ response, scope: { channels: ['file_open'], sources: [share] } })],
  });
  const pipeline = new DecisionPipeline({
    platform,
    queue,
    runtime: () => runtime,
    device: { id: 'dev-1', agent_group: () => null },
    offline: () => false,
    log: () => {},
  });
  const warnings: string[] = [];
  const sensor = new HeldOpenSensor({
    heldOpens: platform.heldOpens!,
    sink: pipeline,
    maxReadBytes: 1 << 20,
    promptTimeoutMs: 5_000,
    bundleVersion: () => runtime.bundle_version,
    skip: () => false,
    log: (_level, msg) => warnings.push(msg),
  });
  await sensor.sync([share]);
  /** The queued events once `n` are queued: an event is made durable just after its verdict. */
  const events = async (n: number) => {
    await pollUntil(async () => queue.depth() >= n, `${n} queued events`, 10_000);
    const b = queue.nextBatch(500);
    return b ? b.events.map((e) => e.body) : [];
  };
  return { share, sensor, events, warnings };
}

describe.runIf(process.platform === 'linux' && process.getuid?.() === 0)(
  'held opens with the pipeline',
  () => {
    it('audit: the open goes ahead and is recorded once per file state', async () => {
      const { share, sensor, events } = await setup('audit');
      try {
        const card = join(share, 'cards.txt');
        writeFileSync(card, `${VALID_CARDS.join('\n')}\n`);
        expect(await cat(card)).toBe(0);
        expect(await cat(card)).toBe(0); // the same unchanged file: the verdict is reused, no event
        appendFileSync(card, 'one more line\n');
        expect(await cat(card)).toBe(0); // changed: decided again
        const got = await events(2);
        // One event per state: the second open of the unchanged file found the verdict, even
        // though it came while the first event was still being queued (it is remembered before
        // the open goes on), so the two events are the two states, in order.
        expect(
          got.map((e) => [e.channel, e.action, e.enforcement, (e.file as { size_bytes: number }).size_bytes]),
        ).toEqual([
          ['file_open', 'audit', 'applied', 58],
          ['file_open', 'audit', 'applied', 72],
        ]);
        expect(got[0]!.person_prompt).toBeUndefined();
      } finally {
        sensor.close();
      }
    });

    it('block: the open is refused (file_open can block where opens are held), a plain file is not', async () => {
      const { share, sensor, events } = await setup('block');
      try {
        writeFileSync(join(share, 'cards.txt'), `${VALID_CARDS.join('\n')}\n`);
        writeFileSync(join(share, 'notes.txt'), 'nothing to see here\n');
        expect(await cat(join(share, 'cards.txt'))).not.toBe(0);
        expect(await cat(join(share, 'notes.txt'))).toBe(0);
        // A FIFO is not read (reading it could block the agent): its open goes ahead at once.
        execFileSync('mkfifo', [join(share, 'pipe')]);
        const reader = spawn('cat', [join(share, 'pipe')], { stdio: ['ignore', 'pipe', 'ignore'] });
        let piped = '';
        reader.stdout.on('data', (d) => {
          piped += d;
        });
        writeFileSync(join(share, 'pipe'), 'through the pipe\n');
        expect(await new Promise((r) => reader.on('exit', r))).toBe(0);
        expect(piped).toBe('through the pipe\n'); // the agent read none of it
        expect((await events(1)).map((e) => [e.channel, e.requested_action, e.action])).toEqual([
          ['file_open', 'block', 'block'],
        ]);
      } finally {
        sensor.close();
      }
      // Closed: nothing is held any more.
      expect(await cat(join(share, 'cards.txt'))).toBe(0);
    });
  },
);

describe('a held open whose file the platform read at the event', () => {
  it('is decided on those bytes, not on what its path names by then, and reused by that state', async () => {
    const dir = realpathSync(tempDir());
    const share = join(dir, 'share');
    mkdirSync(share);
    // What the path names now: no findings. What the opener opened: card numbers.
    writeFileSync(join(share, 'swapped.txt'), 'nothing to see here\n');
    const opened = Buffer.from(`${VALID_CARDS.join('\n')}\n`);
    const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
    const runtime = prepareRuntime({
      ...cardBundle({ monitored: [share] }),
      policies: [cardPolicy({ response: 'block', scope: { channels: ['file_open'], sources: [share] } })],
    });
    const platform = await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') });
    const pipeline = new DecisionPipeline({
      platform,
      queue,
      runtime: () => runtime,
      device: { id: 'dev-1', agent_group: () => null },
      offline: () => false,
      log: () => {},
    });
    let onOpen: ((h: HeldOpen) => void) | null = null;
    let readBytes = -1;
    const heldOpens: HeldOpens = {
      available: true,
      reason: null,
      open(_timeout, _default, callback, bytes) {
        onOpen = callback;
        readBytes = bytes ?? 0;
        return { hold: () => {}, release: () => {}, close: () => {} };
      },
    };
    const sensor = new HeldOpenSensor({
      heldOpens,
      sink: pipeline,
      maxReadBytes: 1 << 20,
      promptTimeoutMs: 5_000,
      bundleVersion: () => runtime.bundle_version,
      skip: () => false,
      log: () => {},
    });
    await sensor.sync([share]);
    // The sensor asks the platform for the bytes of files up to its own read limit.
    expect(readBytes).toBe(1 << 20);
    const file = {
      regular: true,
      dev: 1,
      ino: 42,
      size: opened.length,
      mtimeMs: 1,
      ctimeMs: 1,
      content: opened,
    };
    const ask = (f: HeldOpenFile) =>
      new Promise<boolean>((resolve) =>
        onOpen!({
          path: join(share, 'swapped.txt'),
          pid: 1,
          exe: null,
          file: f,
          answer: (a) => {
            resolve(a);
            return true;
          },
        }),
      );
    expect(await ask(file)).toBe(false);
    // The same state again: the verdict is reused (no second event).
    expect(await ask({ ...file, content: null })).toBe(false);
    await pollUntil(async () => queue.depth() >= 1, 'one queued event', 10_000);
    const got = queue.nextBatch(500)!.events.map((e) => e.body);
    expect(got.map((e) => [e.action, (e.file as { size_bytes: number }).size_bytes])).toEqual([
      ['block', opened.length],
    ]);
    // Another state of the path, without bytes: read by path, which has no findings now.
    expect(await ask({ ...file, ino: 43, size: 20, content: null })).toBe(true);
    sensor.close();
    queue.close();
  });
});

describe('the verdict on a held operation', () => {
  const d = (action: string) => ({ action }) as Parameters<typeof heldVerdict>[0];
  const asked = (result: string) =>
    ({ kind: 'continue', held: true, asked: true, result, outcome: 'shown' }) as Parameters<
      typeof heldVerdict
    >[1];
  it('audit and a notice allow; block, quarantine and approval refuse', () => {
    expect(heldVerdict(d('audit'), null)).toBe(true);
    expect(heldVerdict(d('inform'), null)).toBe(true);
    for (const a of ['block', 'quarantine', 'approval_required']) expect(heldVerdict(d(a), null)).toBe(false);
  });
  it('a warning needs Continue, a justification an accepted reason; no answer is Cancel', () => {
    expect(heldVerdict(d('warn_with_continue'), asked('continued'))).toBe(true);
    expect(heldVerdict(d('warn_with_continue'), asked('timed_out'))).toBe(false);
    expect(heldVerdict(d('warn_with_continue'), null)).toBe(false);
    expect(heldVerdict(d('require_justification'), asked('justified'))).toBe(true);
    expect(heldVerdict(d('require_justification'), asked('cancelled'))).toBe(false);
    expect(
      heldVerdict(d('require_justification'), {
        kind: 'justify',
        held: true,
        asked: false,
        not_asked: '[not_asked] no_helper',
      }),
    ).toBe(false);
  });
});
