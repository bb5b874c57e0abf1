import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAgent } from './helpers/agent-process.js';
import { cardBundle, cardPolicy, VALID_CARDS } from './helpers/card-bundle.js';
import { ProcessLog, scriptedDesktop } from './helpers/desktop-session.js';
import { enrolledPeerAgent } from './helpers/peer-agent.js';
import { policyKey, sign } from './helpers/signing-keys.js';

/**
 * Issue 18, a held open gated by the person: `dlp-agent run` as root holds the open of a card file
 * under a `require_justification` policy for `file_open`, asks the person through `dlp-agent
 * session` (scripted zenity), and lets the open go on an accepted reason; Cancel refuses it.
 */
const stops: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

function cat(path: string): Promise<number | null> {
  return new Promise((resolve) => spawn('cat', [path], { stdio: 'ignore' }).on('exit', resolve));
}

describe.runIf(process.platform === 'linux' && process.getuid?.() === 0)(
  'held open with a justification',
  () => {
    it('the reason releases the open; Cancel refuses it', async () => {
      const root = mkdtempSync(join(tmpdir(), 'dlp-held-justify-'));
      stops.push(() => rmSync(root, { recursive: true, force: true }));
      const desktop = await scriptedDesktop(root, stops, {
        list: 'business_need',
        entry: 'Quarterly statement for the auditors',
      });
      const share = join(root, 'share');
      mkdirSync(join(share, 'sub'), { recursive: true });
      const card = join(share, 'statement.txt');
      writeFileSync(card, `${VALID_CARDS.join('\n')}\n`);
      const key = policyKey();
      const { peer, stateDir, env } = await enrolledPeerAgent({
        started: (p) => {
          stops.push(() => p.stop());
          p.policySigningKeys = [key.trusted];
        },
      });
      writeFileSync(join(stateDir, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
      const policy = cardPolicy({
        response: 'require_justification',
        scope: { channels: ['file_open'], sources: [share] },
        notifications: {
          user_message: 'Card numbers need a reason.',
          justification: { reasons: ['business_need'], free_text: true, min_chars: 12 },
        },
      });
      peer.policyResponse = {
        bundle_version: 1,
        bundle: sign({ ...cardBundle({ version: 1, monitored: [share] }), policies: [policy] }, key),
      };
      peer.policyUpdate = true;
      const agent = startAgent(['run', '--state-dir', stateDir], { ...env, ...desktop.sessionEnv });
      stops.push(async () => {
        agent.child.kill('SIGTERM');
        await agent.done;
      });
      const log = new ProcessLog(agent.child);
      await log.message('session channel listening', 'the session socket');
      desktop.startHelper();
      await log.message('session helper connected', 'the helper');
      await log.message('holding opens', 'held opens');

      expect(await cat(card)).toBe(0);
      await peer.until(() => peer.events.some((e) => e.channel === 'file_open'), 'the file_open event');
      expect(peer.events.find((e) => e.channel === 'file_open')).toMatchObject({
        requested_action: 'require_justification',
        action: 'require_justification',
        enforcement: 'applied',
        person_prompt: {
          kind: 'justify',
          held: true,
          asked: true,
          result: 'justified',
          justification: { category: 'business_need', text: 'Quarterly statement for the auditors' },
        },
      });

      // Same person, policy and folder within five minutes: the earlier answer covers the burst.
      unlinkSync(join(desktop.dialog, 'list')); // from now on the person cancels
      const other = join(share, 'other.txt');
      writeFileSync(other, `${VALID_CARDS[0]}\n`);
      expect(await cat(other)).toBe(0);
      await peer.until(
        () => peer.events.filter((e) => e.channel === 'file_open').length >= 2,
        'the second event',
      );
      expect(peer.events.filter((e) => e.channel === 'file_open')[1]).toMatchObject({
        person_prompt: { held: true, result: 'justified', covered_by_burst: true },
      });

      // Another folder is another burst: the person is asked, cancels, and the open is refused.
      const elsewhere = join(share, 'sub', 'third.txt');
      writeFileSync(elsewhere, `${VALID_CARDS[1]}\n`);
      expect(await cat(elsewhere)).not.toBe(0);
      await peer.until(
        () => peer.events.filter((e) => e.channel === 'file_open').length >= 3,
        'the third event',
      );
      expect(peer.events.filter((e) => e.channel === 'file_open')[2]).toMatchObject({
        action: 'require_justification',
        person_prompt: { held: true, asked: true, result: 'cancelled', outcome: 'user_cancelled' },
      });
    }, 120_000);
  },
);
