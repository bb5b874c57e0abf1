import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { VALID_CARDS } from './helpers/card-bundle.js';
import { paymentCardDraft, release } from './helpers/card-policy-api.js';
import { listIncidents } from './helpers/incidents-api.js';
import { type RunningServer, startServer } from './helpers/server-process.js';
import { mountinfoFixture, sysfsFixture } from './helpers/sysfs-fixture.js';

/**
 * Issue 16, "Done when": a real `dlp-server` and real `dlp-agent` processes. A policy version asks
 * for `full_file`; the agent decides on a file, spools a copy verified by BLAKE3, uploads it after
 * the event, and removes it once the server has it; an Owner downloads it after an
 * `evidence_file` step-up and gets the same bytes.
 */
const GROUP = 'evidence-endpoints';

let server: RunningServer;
let owner: ApiClient;
let work: string;
const d = { state: '', watched: '' };
let env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-agent-evidence-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  d.state = join(work, 'agent-state');
  d.watched = join(work, 'share');
  for (const p of [d.state, d.watched]) mkdirSync(p, { recursive: true, mode: 0o700 });
  const sys = join(work, 'sys');
  mkdirSync(sys);
  sysfsFixture(sys);
  const mountinfo = join(work, 'mountinfo');
  mountinfoFixture(mountinfo, {});
  env = {
    DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json'),
    DLP_AGENT_SYSFS_ROOT: sys,
    DLP_AGENT_MOUNTINFO: mountinfo,
  };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a full_file copy from the endpoint to an Owner’s download', { timeout: 120_000 }, () => {
  it('the agent uploads the copy; after a step-up the Owner downloads identical bytes', async () => {
    await owner.ok(owner.post('/agent-groups', { name: GROUP }));
    const { token } = await owner.ok(
      owner.post<{ token: string }>('/enrollment-tokens', {
        max_uses: 1,
        ttl_minutes: 30,
        agent_group: GROUP,
      }),
    );
    const enrolled = await enrolAgent(
      { server: server.url, token, caFile: server.caPath, stateDir: d.state },
      env,
    );
    expect(enrolled.code, enrolled.stderr).toBe(0);
    // Bytes that are not all text: the copy must be the file, not what the detectors saw.
    const bytes = Buffer.concat([
      Buffer.from(`name,card\nAda,${VALID_CARDS[0]}\n`),
      Buffer.from([0xe2, 0x82, 0xac, 0x0a]),
      Buffer.from('x'.repeat(30_000)),
    ]);
    writeFileSync(join(d.watched, 'cards.csv'), bytes);
    const created = await owner.ok(
      owner.post<{ policy_id: string }>('/policies', {
        ...paymentCardDraft({ agentGroup: GROUP, sources: [d.watched] }),
        evidence: { metadata: true, full_file: true },
      }),
    );
    const { published } = await release(owner, null, created.policy_id, 1);
    expect(published.status).toBe('published');

    const run = await runAgent(['run', '--once', '--state-dir', d.state], env);
    expect(run.code, run.stderr).toBe(0);
    const [incident] = await listIncidents(owner);
    expect(incident).toBeDefined();
    // The spool is empty once the server has the copy.
    expect(readdirSync(join(d.state, 'evidence')).filter((n) => !n.endsWith('.tmp'))).toEqual([]);

    const files = await owner.ok(
      owner.get<{ items: { id: string; state: string; size_bytes: number }[] }>(
        `/incidents/${incident!.id}/evidence-files`,
      ),
    );
    expect(files.items).toEqual([expect.objectContaining({ state: 'stored', size_bytes: bytes.length })]);
    const fileId = files.items[0]!.id;
    // The sealed copy on the server's disk is not the plain file.
    const sealed = readFileSync(join(work, 'server', 'evidence', tenantOf(), `${fileId}.sealed`));
    expect(sealed.includes(Buffer.from(VALID_CARDS[0]!))).toBe(false);

    const url = `/incidents/${incident!.id}/evidence-files/${fileId}/download`;
    const refused = await owner.post(url, { justification: 'Case file for the card audit.' });
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([403, 'auth.step_up_required']);
    await owner.ok(owner.post('/auth/step-up', { purpose: 'evidence_file', password: server.password }));
    const res = await request(`${owner.baseUrl}/api/v1${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ justification: 'Case file for the card audit.' }),
      dispatcher: owner.dispatcher,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-${fileId}.bin"`);
    const got = Buffer.from(await res.body.arrayBuffer());
    expect(got.equals(bytes)).toBe(true);
  });
});

/** The tenant id, from the only directory under the server's evidence store. */
function tenantOf(): string {
  const [tenant] = readdirSync(join(work, 'server', 'evidence'));
  return tenant!;
}
