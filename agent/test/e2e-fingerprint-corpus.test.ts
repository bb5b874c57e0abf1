import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { release } from './helpers/card-policy-api.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { incidentEvents, listIncidents } from './helpers/incidents-api.js';
import { type RunningServer, startServer } from './helpers/server-process.js';

/**
 * Issue 25, document fingerprints end to end with real processes: a corpus built on a real
 * `dlp-server` from a contract's text protects it through a published policy; a real `dlp-agent`
 * finds a copy with every letter's case changed in a watched folder and raises an incident,
 * while an unrelated file next to it raises nothing.
 */
const GROUP = 'legal-endpoints';

/** A made-up supply contract, deterministic: clauses over a shared legal vocabulary. */
function contract(seed: number, clauses: number): string {
  const parties = ['the Supplier', 'the Buyer', 'the Carrier', 'the Guarantor', 'either party'];
  const verbs = [
    'shall deliver',
    'may inspect',
    'must invoice',
    'will indemnify',
    'shall notify',
    'may terminate',
  ];
  const things = ['the goods', 'each shipment', 'the warranty claim', 'the payment schedule', 'all records'];
  const when = ['within thirty days', 'before the delivery date', 'on written notice', 'at its own cost'];
  let s = seed;
  const pick = <T>(list: T[]): T => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return list[(s >>> 8) % list.length]!;
  };
  const out: string[] = [];
  for (let i = 1; i <= clauses; i += 1)
    out.push(
      `${i}. ${pick(parties)} ${pick(verbs)} ${pick(things)} ${pick(when)}, as set out in schedule ${(s >>> 4) % 40}.`,
    );
  return out.join('\n');
}

const CONTRACT = `SUPPLY AGREEMENT Nr. 7741 between Halden Works and Ostrava Freight\n${contract(7, 50)}`;

let server: RunningServer;
let owner: ApiClient;
let work: string;
const d = { state: '', watched: '', ca: '' };
const env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-fingerprint-e2e-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  d.state = join(work, 'agent-state');
  d.watched = join(work, 'contracts-share');
  for (const p of [d.state, d.watched]) mkdirSync(p, { recursive: true, mode: 0o700 });
  d.ca = join(work, 'ca.pem');
  writeFileSync(d.ca, server.caPem);
  writeFileSync(join(d.state, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
  env.DLP_AGENT_POLICY_FILE = join(work, 'no-machine-policy.json');
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a fingerprint corpus protects a contract on the endpoint', { timeout: 120_000 }, () => {
  let policyId = '';
  let corpusId = '';

  it('builds the corpus on the server and publishes a policy naming it over a watched folder', async () => {
    await owner.ok(owner.post('/agent-groups', { name: GROUP }));
    const token = await enrolmentToken(owner, GROUP);
    const r = await enrolAgent({ server: server.url, token, caFile: d.ca, stateDir: d.state }, env);
    expect(r.code, r.stderr).toBe(0);

    const corpus = await owner.ok(
      owner.post<{ id: string }>('/fingerprint-corpora', { name: 'Signed contracts' }),
    );
    corpusId = corpus.id;
    const built = await owner.ok(
      owner.post<{ documents: { status: string }[] }>(`/fingerprint-corpora/${corpusId}/build`, {
        documents: [{ content_base64: Buffer.from(CONTRACT).toString('base64') }],
      }),
    );
    expect(built.documents).toEqual([{ status: 'kept' }]);
    const created = await owner.ok(
      owner.post<{ policy_id: string }>('/policies', {
        name: 'Signed contracts stay on the share',
        severity: 'high',
        scope: { agent_groups: [GROUP], sources: [d.watched] },
        condition: { op: 'fingerprint', corpus_id: corpusId, match: 'normalised' },
        response: 'audit',
        change_reason: 'copies of signed contracts are reported wherever they appear',
      }),
    );
    policyId = created.policy_id;
    expect((await release(owner, null, policyId, 1)).published.status).toBe('published');
  });

  it('a copy with changed case raises an incident; an unrelated file raises nothing', async () => {
    writeFileSync(join(d.watched, 'agreement-copy.txt'), CONTRACT.toUpperCase());
    writeFileSync(join(d.watched, 'minutes.txt'), contract(91, 50));
    const run = await runAgent(['run', '--once', '--state-dir', d.state], env);
    expect(run.code, run.stderr).toBe(0);

    const incidents = await listIncidents(owner);
    expect(incidents.map((i) => i.policy_id)).toEqual([policyId]);
    const events = await incidentEvents(owner, incidents[0]!.id);
    expect(events.map((e) => e.file_name)).toEqual(['agreement-copy.txt']);
    expect(events[0]!.decided_by_policy_id).toBe(policyId);

    // The server's own database: the unrelated file sent no event at all, and the agent received
    // the corpus only as shingle hashes (no word of the contract in any stored bundle).
    const db = new Database(join(work, 'server', 'custos.db'), { readonly: true });
    try {
      const names = db.prepare('SELECT file_name FROM agent_events').all() as { file_name: string }[];
      expect(names.map((n) => n.file_name)).toEqual(['agreement-copy.txt']);
      const bundles = db.prepare('SELECT envelope FROM policy_bundles').all() as { envelope: string }[];
      const payloads = bundles.map((b) =>
        Buffer.from((JSON.parse(b.envelope) as { payload_b64: string }).payload_b64, 'base64').toString(),
      );
      expect(payloads.some((p) => p.includes(corpusId))).toBe(true);
      for (const p of payloads) expect(p).not.toContain('Halden');
    } finally {
      db.close();
    }
  });
});
