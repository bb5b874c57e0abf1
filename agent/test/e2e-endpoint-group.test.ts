import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { VALID_CARDS } from './helpers/card-bundle.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { listIncidents } from './helpers/incidents-api.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';

/**
 * Issue 26, items 2, 3 and 10: a real `dlp-server` and real `dlp-agent` processes. The agent is
 * enrolled the README's way (a token without `agent_group`), so a group-scoped policy does not
 * apply and `dlp-agent scan` says why; the console then moves the endpoint into the group, the
 * move travels with the next check-in, and the policy applies. `GET /agents` shows the bundle the
 * agent accepted as soon as its run is over.
 */
const GROUP = 'finance-laptops';

let server: RunningServer;
let owner: ApiClient;
let work: string;
let deviceId = '';
let groupId = '';
const d = { state: '', watched: '' };
let env: NodeJS.ProcessEnv = {};

async function agentJson(args: string[]): Promise<Record<string, unknown>> {
  const r = await runAgent([...args, '--state-dir', d.state], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().startsWith('{') ? r.stdout : r.stdout.trim().split('\n').at(-1)!);
}

async function agentRow(): Promise<{ bundle_version: number; agent_group: string | null }> {
  const list = await owner.ok(
    owner.get<{ items: { id: string; bundle_version: number; agent_group: string | null }[] }>('/agents'),
  );
  return list.items.find((a) => a.id === deviceId)!;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-agent-group-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  d.state = join(work, 'agent-state');
  d.watched = join(work, 'share');
  for (const p of [d.state, d.watched]) mkdirSync(p, { recursive: true, mode: 0o700 });
  env = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'), ...fixtureHostEnv(work, {}) };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the endpoint group travels at check-in; scope misses say why', { timeout: 90_000 }, () => {
  it('enrolled without a group, a group-scoped policy does not apply and scan names the reason', async () => {
    groupId = (await owner.ok(owner.post<{ id: string }>('/agent-groups', { name: GROUP }))).id;
    // The README's example: no agent_group on the token.
    const token = await enrolmentToken(owner);
    const r = await enrolAgent({ server: server.url, token, caFile: server.caPath, stateDir: d.state }, env);
    expect(r.code, r.stderr).toBe(0);
    // Enrolment already says what this means for group-scoped policies.
    expect(r.stdout).toContain('endpoint group: none (policies scoped to endpoint groups apply once');
    const listed = await owner.ok(owner.get<{ items: { id: string }[] }>('/agents'));
    deviceId = listed.items[0]!.id;
    expect(r.stdout).toContain(`enrolled: device ${deviceId}`);
    writeFileSync(join(d.watched, 'cards.csv'), `name,card\nAda,${VALID_CARDS[0]}\n`);
    const approver = await server.secondPerson(owner);
    const created = await owner.ok(
      owner.post<{ policy_id: string }>(
        '/policies',
        paymentCardDraft({ agentGroup: GROUP, sources: [d.watched] }),
      ),
    );
    const { published, approved } = await release(owner, approver, created.policy_id, 1);
    expect((approved ?? published).status).toBe('published');

    expect(await agentJson(['run', '--once'])).toMatchObject({ checkin: 'ok', bundle_version: 1 });
    // Item 10: the server learns the accepted version in the same run, not an interval later.
    expect(await agentRow()).toMatchObject({ bundle_version: 1, agent_group: null });
    expect(await listIncidents(owner)).toEqual([]);

    const scan = await agentJson(['scan', d.watched, '--json']);
    const [result] = scan.results as {
      outcome: string;
      action: string | null;
      not_matched: { policy_id: string; stage: string; code: string; reason: string }[];
    }[];
    expect(result).toMatchObject({ outcome: 'no_match', action: null });
    expect(result!.not_matched).toEqual([
      {
        policy_id: created.policy_id,
        stage: 'scope',
        code: 'scope.agent_group',
        reason: 'not in scope: endpoint group (this endpoint is in no endpoint group)',
      },
    ]);
    const text = await runAgent(['scan', d.watched, '--state-dir', d.state], env);
    expect(text.stdout).toContain(`no_match   ${join(d.watched, 'cards.csv')}`);
    expect(text.stdout).toContain(`${created.policy_id}: not in scope: endpoint group`);
    expect(text.stdout).not.toContain('4111');
    expect(await agentJson(['status', '--json'])).toMatchObject({ agent_group: null });
  });

  it('a move in the console reaches the agent at check-in; the policy then applies', async () => {
    await owner.ok(owner.post(`/agents/${deviceId}/group`, { group_id: groupId }));
    expect(await agentJson(['run', '--once'])).toMatchObject({ checkin: 'ok', bundle_version: 1 });
    expect(await agentJson(['status', '--json'])).toMatchObject({ agent_group: GROUP });
    // The file was decided for no group before; the unchanged file is decided again for the new one.
    const incidents = await listIncidents(owner);
    expect(incidents.map((i) => [i.channel, i.action])).toEqual([['discovery', 'audit']]);
    const scan = await agentJson(['scan', d.watched, '--json']);
    expect(scan.results).toEqual([expect.objectContaining({ outcome: 'action', action: 'audit' })]);
    // Out of the group again: the agent follows.
    await owner.ok(owner.post(`/agents/${deviceId}/group`, { group_id: null }));
    await agentJson(['run', '--once']);
    expect(await agentJson(['status', '--json'])).toMatchObject({ agent_group: null });
  });
});
