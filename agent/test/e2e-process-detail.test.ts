import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAgent } from './helpers/agent-process.js';
import { release } from './helpers/card-policy-api.js';
import { heldOpenSetup } from './helpers/held-open-e2e.js';
import { allIncidentEvents } from './helpers/incidents-api.js';
import { pollUntil } from './helpers/wait.js';

/**
 * Issue 16: the agent fills document 2's `process_detail` where its sensor knows the acting
 * process. Real `dlp-server` and `dlp-agent run` processes (root: fanotify permission events hold
 * the open): `cat` opens a card file under an audit policy on `file_open`, and the incident's
 * timeline (`GET /incidents/{id}/events`) names `cat`'s executable with its SHA-256; Linux
 * reports no signature or integrity level (null, not a guess).
 */
const stops: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

function run(cmd: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => spawn(cmd, args, { stdio: 'ignore' }).on('exit', resolve));
}

describe.runIf(process.platform === 'linux' && process.getuid?.() === 0)('process_detail end to end', () => {
  it("a held open's event carries the opening process's executable and hash to the timeline", async () => {
    const root = mkdtempSync(join(tmpdir(), 'dlp-process-e2e-'));
    stops.push(() => rmSync(root, { recursive: true, force: true }));
    const { owner, approver, share, state, card, env } = await heldOpenSetup(root, stops);
    const created = await owner.ok(
      owner.post<{ policy_id: string }>('/policies', {
        name: 'Card files opened',
        severity: 'high',
        scope: { agent_groups: ['finance'], sources: [share], channels: ['file_open'] },
        condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
        response: 'audit',
        change_reason: 'record who opens card files',
      }),
    );
    await release(owner, approver, created.policy_id, 1);

    const agent = startAgent(['run', '--state-dir', state], env);
    let log = '';
    agent.child.stderr!.on('data', (d) => {
      log += d;
    });
    stops.push(async () => {
      agent.child.kill('SIGTERM');
      await agent.done;
    });
    await pollUntil(async () => log.includes('"msg":"holding opens"'), 'held opens on the share', 60_000);

    const cat = realpathSync('/usr/bin/cat');
    expect(await run(cat, [card])).toBe(0);
    await pollUntil(
      async () => (await allIncidentEvents(owner)).some((e) => e.channel === 'file_open'),
      'the file_open event on the server',
      60_000,
    );
    const event = (await allIncidentEvents(owner)).find((e) => e.channel === 'file_open')!;
    expect(event.process_detail).toEqual({
      executable_path: cat,
      executable_hash: createHash('sha256').update(readFileSync(cat)).digest('hex'),
      signed_publisher: null,
      signature: null,
      integrity_level: null,
      withheld_fields: [],
    });
  }, 180_000);
});
