import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enrolAgent, startAgent } from './helpers/agent-process.js';
import { VALID_CARDS } from './helpers/card-bundle.js';
import { release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { allIncidentEvents } from './helpers/incidents-api.js';
import { startServer } from './helpers/server-process.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';
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
    const server = await startServer(join(root, 'server'));
    stops.push(() => server.stop());
    const owner = await server.signIn();
    const approver = await server.secondPerson(owner);
    const share = join(root, 'share');
    const state = join(root, 'agent-state');
    mkdirSync(share, { recursive: true });
    mkdirSync(state, { recursive: true, mode: 0o700 });
    const card = join(share, 'statement.txt');
    writeFileSync(card, `Statement\n${VALID_CARDS.join('\n')}\n`);

    const env = { DLP_AGENT_POLICY_FILE: join(root, 'no-policy.json'), ...fixtureHostEnv(root, {}) };
    await owner.ok(owner.post('/agent-groups', { name: 'finance' }));
    const token = await enrolmentToken(owner, 'finance');
    const enrolled = await enrolAgent(
      { server: server.url, token, caFile: server.caPath, stateDir: state },
      env,
    );
    expect(enrolled.code, enrolled.stderr).toBe(0);
    writeFileSync(
      join(state, 'config.json'),
      JSON.stringify({ UploadIntervalSecs: 1, CheckinIntervalSecs: 10 }),
    );
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
