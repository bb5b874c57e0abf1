import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noticeReference } from '@custos/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgent } from './helpers/agent-process.js';
import { cardBundle, cardPolicy, VALID_CARDS } from './helpers/card-bundle.js';
import { scriptedDesktop } from './helpers/desktop-session.js';
import { enrolledPeerAgent } from './helpers/peer-agent.js';
import { policyKey, sign } from './helpers/signing-keys.js';
import { whenTrue } from './helpers/wait.js';

/**
 * Issue 18 with both processes real: `dlp-agent run` (the service, enrolled with an HTTPS peer)
 * and `dlp-agent session` (the helper) on a real D-Bus session bus with a scripted notification
 * server and a scripted zenity. A require_justification policy on a file with card numbers asks
 * the signed-in person; the justification travels on the event, and the check-in reports notify
 * on the observed channels once the helper is connected.
 */
const stops: (() => Promise<unknown> | unknown)[] = [];
// afterEach, not afterAll: the agent must be stopped before helpers/tmp.ts's afterEach removes its
// state directory (after-hooks run last-registered first), or the removal races its writes.
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

describe('dlp-agent run with dlp-agent session', () => {
  it('asks the signed-in person for a justification through the helper, reports notify, relays a question', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dlp-session-svc-'));
    stops.push(() => rmSync(root, { recursive: true, force: true }));
    const desktop = await scriptedDesktop(root, stops, {
      list: 'business_need',
      entry: 'Quarterly statement for the auditors',
    });
    const { dialog, sessionEnv } = desktop;
    const watched = join(root, 'watched');
    mkdirSync(watched);

    const key = policyKey();
    const { peer, stateDir, env } = await enrolledPeerAgent({
      started: (p) => {
        stops.push(() => p.stop());
        p.policySigningKeys = [key.trusted];
      },
    });
    writeFileSync(
      join(stateDir, 'config.json'),
      JSON.stringify({ UploadIntervalSecs: 1, CheckinIntervalSecs: 10 }),
    );
    const policy = cardPolicy({
      response: 'require_justification',
      notifications: {
        user_message: 'Card numbers need a reason.',
        justification: { reasons: ['business_need', 'customer_request'], free_text: true, min_chars: 12 },
      },
    });
    peer.policyResponse = {
      bundle_version: 1,
      bundle: sign({ ...cardBundle({ version: 1, monitored: [watched] }), policies: [policy] }, key),
    };
    peer.policyUpdate = true;
    const agent = startAgent(['run', '--state-dir', stateDir], { ...env, ...sessionEnv });
    stops.push(async () => {
      agent.child.kill('SIGTERM');
      await agent.done;
    });
    let log = '';
    agent.child.stderr!.on('data', (d) => {
      log += d;
    });
    // Checked on each chunk the agent prints (the log listener above has run by then).
    const inLog = (cond: () => boolean, what: string) =>
      whenTrue([agent.child.stderr!], 'data', cond, what, 30_000);
    await inLog(() => log.includes('"msg":"session channel listening"'), 'the session socket');

    desktop.startHelper();
    await inLog(() => log.includes('"msg":"session helper connected"'), 'the helper');
    await inLog(
      () => log.includes('"msg":"watching"') && log.includes('"msg":"discovery pass done"'),
      'watcher and pass',
    );

    writeFileSync(join(watched, 'statement.txt'), `${VALID_CARDS.join('\n')}\n`);
    await peer.until(() => peer.events.some((x) => x.channel === 'file_create'), 'the file_create event');
    const ev = peer.events.find((x) => x.channel === 'file_create')!;
    expect(ev).toMatchObject({
      requested_action: 'require_justification',
      // Nothing is held on Linux: with a helper that can notify, rule 3 leaves a notice.
      action: 'inform',
      person_prompt: {
        kind: 'justify',
        held: false,
        asked: true,
        result: 'justified',
        outcome: 'justified',
        justification: {
          category: 'business_need',
          text: 'Quarterly statement for the auditors',
          text_length: 36,
        },
      },
    });
    expect(readFileSync(desktop.dialogLog, 'utf8')).toContain('Card numbers need a reason.');
    // The dialog showed the event's notice reference, and the event records it (search finds it).
    const reference = noticeReference(ev.event_id as string);
    expect(ev.person_prompt).toMatchObject({ notice_reference: reference });
    expect(readFileSync(desktop.dialogLog, 'utf8')).toContain(`Reference: ${reference}`);
    // The agent's log never carries what the person typed.
    expect(log).not.toContain('Quarterly statement');

    // A check-in after the helper connected reports notify where the agent observes. SIGHUP asks for
    // it at once (docs/agent.md) instead of waiting out the 10 s interval.
    agent.child.kill('SIGHUP');
    await peer.until(
      () =>
        peer.checkins.some(
          (c) =>
            (c.capabilities as { channels: Record<string, { notify: boolean }> }).channels.file_create
              ?.notify === true,
        ),
      'a check-in reporting notify',
    );
    const last = peer.checkins.at(-1)!.capabilities as {
      channels: Record<string, { notify: boolean; block: boolean }>;
      features: string[];
    };
    expect(last.channels.file_create).toMatchObject({ notify: true, block: false });
    expect(last.channels.print?.notify).toBe(false);
    // Holding needs a channel that can block: file_open with fanotify permission events, as root only.
    expect(last.features.includes('warn_with_continue')).toBe(last.channels.file_open?.block === true);

    // An analyst's question (AskPerson at check-in) is shown and its answer sent back.
    writeFileSync(join(dialog, 'entry'), 'I sent it to the auditor\n');
    const questionId = randomUUID();
    peer.commands.push({
      id: randomUUID(),
      kind: 'AskPerson',
      payload: {
        question_id: questionId,
        reference: 'INC-7',
        question: 'Why did the statement go out?',
        lapses_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
      created_at: new Date().toISOString(),
    });
    agent.child.kill('SIGHUP');
    await peer.until(() => peer.answers.length > 0, 'the answer');
    expect(peer.answers).toEqual([{ question_id: questionId, answer: 'I sent it to the auditor' }]);
    expect(readFileSync(desktop.dialogLog, 'utf8')).toContain('Why did the statement go out?');
    expect(log).not.toContain('I sent it to the auditor');
    expect(log).not.toContain('Why did the statement go out?');
  }, 90_000);
});
