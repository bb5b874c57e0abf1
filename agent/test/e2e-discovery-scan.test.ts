import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { VALID_CARDS } from './helpers/card-bundle.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';

/**
 * Discovery scans end to end (issue 21; docs/discovery-scans.md): a real `dlp-server` and a real
 * `dlp-agent`. An operator creates a scan of the endpoint; the agent collects it at check-in,
 * walks the monitored share, reports its findings (a card file under a high-severity policy, an
 * address list under a low one); `exposed_only` keeps the card file; a re-run names the first run.
 */
const GROUP = 'scan-endpoints';

let server: RunningServer;
let owner: ApiClient;
let work: string;
let deviceId = '';
let firstScan = '';
const d = { state: '', share: '', outside: '' };
let env: NodeJS.ProcessEnv = {};

interface Scan {
  id: string;
  status: string;
  previous_run_id: string | null;
  findings: { total: number; exposed: number };
  endpoint_runs: {
    agent_id: string;
    status: string;
    files_seen: number;
    files_read: number;
    skipped_paths: string[];
  }[];
}
interface Findings {
  total: number;
  items: { path: string; severity: string; exposed: boolean; detectors: { detector_id: string }[] }[];
}

async function runOnce(): Promise<void> {
  const r = await runAgent(['run', '--once', '--state-dir', d.state], env);
  expect(r.code, r.stderr).toBe(0);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-agent-scan-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  d.state = join(work, 'agent-state');
  d.share = join(work, 'share');
  d.outside = join(work, 'elsewhere');
  for (const p of [d.state, d.share, d.outside]) mkdirSync(p, { recursive: true, mode: 0o700 });
  env = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'), ...fixtureHostEnv(work, {}) };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a discovery scan runs on the endpoint at check-in', { timeout: 120_000 }, () => {
  it('enrols, publishes a card policy (high) and an address policy (low) over the share', async () => {
    await owner.ok(owner.post('/agent-groups', { name: GROUP }));
    const token = await enrolmentToken(owner, GROUP);
    const r = await enrolAgent(
      { server: server.url, token, caFile: server.caPath, stateDir: d.state, extra: ['--json'] },
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    deviceId = JSON.parse(r.stdout).device_id;
    const card = await owner.ok(
      owner.post<{ policy_id: string }>(
        '/policies',
        paymentCardDraft({ agentGroup: GROUP, sources: [d.share] }),
      ),
    );
    expect((await release(owner, null, card.policy_id, 1)).published.status).toBe('published');
    const email = await owner.ok(
      owner.post<{ policy_id: string }>('/policies', {
        ...paymentCardDraft({ agentGroup: GROUP, sources: [d.share] }),
        name: 'Address lists at rest',
        severity: 'low',
        condition: { op: 'detector', detector_id: 'email', min_matches: 1 },
      }),
    );
    expect((await release(owner, null, email.policy_id, 1)).published.status).toBe('published');
    writeFileSync(join(d.share, 'cards.csv'), `name,card\nAda,${VALID_CARDS[0]}\nBob,${VALID_CARDS[1]}\n`);
    writeFileSync(join(d.share, 'contacts.txt'), 'ada@example.com\nbob@example.org\n');
    writeFileSync(join(d.share, 'notes.txt'), 'nothing to see here\n');
    writeFileSync(join(d.outside, 'cards.csv'), `card ${VALID_CARDS[0]}\n`);
    await runOnce();
  });

  it('the operator creates a scan; the agent runs it and its findings arrive', async () => {
    const created = await owner.ok(
      owner.post<Scan>('/discovery-scans', {
        name: 'Share sweep',
        agent_ids: [deviceId],
        paths: [d.share, d.outside],
      }),
    );
    firstScan = created.id;
    expect(created.status).toBe('queued');
    await runOnce();
    const scan = await owner.ok(owner.get<Scan>(`/discovery-scans/${firstScan}`));
    expect(scan.status).toBe('completed');
    expect(scan.endpoint_runs).toEqual([
      expect.objectContaining({
        agent_id: deviceId,
        status: 'completed',
        files_seen: 3,
        files_read: 3,
        // Outside every monitored path: never walked, reported as skipped.
        skipped_paths: [d.outside],
      }),
    ]);
    expect(scan.findings).toMatchObject({ total: 2, exposed: 1 });
    const all = await owner.ok(owner.get<Findings>(`/discovery-scans/${firstScan}/findings`));
    expect(all.items.map((f) => [f.path, f.severity, f.exposed])).toEqual([
      [join(d.share, 'cards.csv'), 'high', true],
      [join(d.share, 'contacts.txt'), 'low', false],
    ]);
    expect(all.items[0]!.detectors.map((x) => x.detector_id)).toContain('payment_card');
    expect(JSON.stringify(all)).not.toContain(VALID_CARDS[0]!.slice(0, 9));
    const exposed = await owner.ok(
      owner.get<Findings>(`/discovery-scans/${firstScan}/findings?exposed_only=true`),
    );
    expect(exposed.items.map((f) => f.path)).toEqual([join(d.share, 'cards.csv')]);
  });

  it('a second run reads every file again and links previous_run_id', async () => {
    const again = await owner.ok(owner.post<Scan>(`/discovery-scans/${firstScan}/rerun`));
    expect(again.previous_run_id).toBe(firstScan);
    await runOnce();
    const scan = await owner.ok(owner.get<Scan>(`/discovery-scans/${again.id}`));
    expect(scan).toMatchObject({
      status: 'completed',
      previous_run_id: firstScan,
      findings: { total: 2, exposed: 1 },
    });
    // Unchanged files the incremental discovery pass skips are read again by a scan.
    expect(scan.endpoint_runs[0]).toMatchObject({ files_seen: 3, files_read: 3 });
  });
});
