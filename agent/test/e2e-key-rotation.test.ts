import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import type { ApiClient } from './helpers/api-client.js';
import { enrolmentToken } from './helpers/enrolment-token.js';
import { type RunningServer, startServer } from './helpers/server-process.js';

/**
 * Issue 22, trust-key rotation (document 2; docs/signing-keys.md) with a real `dlp-server` and
 * three real `dlp-agent` processes. The third agent is offline through the first transition:
 * retiring the old key is refused (409) until it has checked in and stepped through the overlap
 * revision; bundles signed by the new key are verified by every agent that converged.
 */
interface Keys {
  trust_version: number;
  keys: { key_id: string; state: string }[];
  rotation: { overlap_trust_version: number; endpoints_below_overlap: number } | null;
}
interface Agent {
  state: string;
  id: string;
}

let server: RunningServer;
let owner: ApiClient;
let work: string;
let env: NodeJS.ProcessEnv = {};
const agents: Agent[] = [];

async function runOnce(a: Agent): Promise<Record<string, unknown>> {
  const r = await runAgent(['run', '--once', '--state-dir', a.state], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string);
}

function trustOf(a: Agent): { version: number; keyIds: string[] } {
  const e = JSON.parse(readFileSync(join(a.state, 'enrollment.json'), 'utf8'));
  return {
    version: e.policy_trust_version,
    keyIds: e.policy_signing_keys.map((k: { key_id: string }) => k.key_id).sort(),
  };
}

async function bundleVersionOf(a: Agent): Promise<number> {
  const list = await owner.ok(owner.get<{ items: { id: string; bundle_version: number }[] }>('/agents'));
  return list.items.find((x) => x.id === a.id)?.bundle_version ?? -1;
}

const compile = async () =>
  (await owner.ok(owner.post<{ bundle_version: number }>('/policy-bundles/compile'))).bundle_version;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'dlp-key-rotation-'));
  server = await startServer(join(work, 'server'));
  owner = await server.signIn();
  env = { DLP_AGENT_POLICY_FILE: join(work, 'no-machine-policy.json') };
  for (const n of [1, 2, 3]) {
    const state = join(work, `agent-${n}`);
    mkdirSync(state, { recursive: true, mode: 0o700 });
    const token = await enrolmentToken(owner);
    const r = await enrolAgent({ server: server.url, token, caFile: server.caPath, stateDir: state }, env);
    expect(r.code, r.stderr).toBe(0);
    const id = /enrolled: device ([0-9a-f-]{36})/.exec(r.stdout)?.[1] as string;
    agents.push({ state, id });
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('policy signing key rotation across a fleet of three', { timeout: 180_000 }, () => {
  let oldKey = '';
  let newKey = '';

  it('every agent verifies the first bundle, signed by the enrolment key', async () => {
    const v1 = await compile();
    for (const a of agents) await runOnce(a);
    for (const a of agents) expect(await bundleVersionOf(a)).toBe(v1);
    const keys = await owner.ok(owner.get<Keys>('/system/signing-keys'));
    expect(keys).toMatchObject({ trust_version: 0, rotation: null });
    oldKey = keys.keys[0]?.key_id as string;
    for (const a of agents) expect(trustOf(a)).toEqual({ version: 0, keyIds: [oldKey] });
  });

  it('start: two online agents take the overlap set {old, new}; the third is offline', async () => {
    const started = await owner.ok(owner.post<Keys>('/system/signing-keys/rotation'));
    newKey = started.keys.find((k) => k.state === 'incoming')?.key_id as string;
    expect(started.rotation).toEqual({
      overlap_trust_version: 1,
      endpoints_below_overlap: 3,
      device_ids: expect.any(Array),
    });
    expect((await owner.post('/system/signing-keys/rotation')).body).toMatchObject({
      code: 'signing_key.rotation_in_progress',
    });
    for (const a of agents.slice(0, 2)) await runOnce(a);
    for (const a of agents.slice(0, 2))
      expect(trustOf(a)).toEqual({ version: 1, keyIds: [newKey, oldKey].sort() });
    expect(trustOf(agents[2] as Agent)).toEqual({ version: 0, keyIds: [oldKey] });
    const keys = await owner.ok(owner.get<Keys>('/system/signing-keys'));
    expect(keys.rotation?.endpoints_below_overlap).toBe(1);
  });

  it('finish: bundles are signed by the new key and the converged agents verify them', async () => {
    const finished = await owner.ok(owner.post<Keys>('/system/signing-keys/rotation/finish'));
    expect(finished.keys.map((k) => [k.key_id, k.state]).sort()).toEqual(
      [
        [newKey, 'active'],
        [oldKey, 'rotating'],
      ].sort(),
    );
    const latest = await owner.ok(owner.get<{ version: number }[]>('/policy-bundles'));
    const resigned = Math.max(...latest.map((b) => b.version));
    for (const a of agents.slice(0, 2)) await runOnce(a);
    for (const a of agents.slice(0, 2)) expect(await bundleVersionOf(a)).toBe(resigned);
  });

  it('retire is refused (409) while the offline agent is below the overlap revision', async () => {
    const refused = await owner.post(`/system/signing-keys/${oldKey}/retire`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'signing_key.fleet_not_converged',
      details: [{ field: 'endpoints', message: '1 below 1' }],
    });
    // Only the rotating key can be retired at all.
    expect((await owner.post(`/system/signing-keys/${newKey}/retire`)).body).toMatchObject({
      code: 'signing_key.not_rotating',
    });
    expect(
      (await owner.ok(owner.get<Keys>('/system/signing-keys'))).keys.find((k) => k.key_id === oldKey)?.state,
    ).toBe('rotating');
  });

  it('the offline agent catches up in one run: overlap set, then the bundle signed by the new key', async () => {
    const straggler = agents[2] as Agent;
    await runOnce(straggler);
    expect(trustOf(straggler)).toEqual({ version: 1, keyIds: [newKey, oldKey].sort() });
    expect(await bundleVersionOf(straggler)).toBe(await bundleVersionOf(agents[0] as Agent));
  });

  it('retire succeeds once converged, is audited, and every agent ends trusting only the new key', async () => {
    const retired = await owner.ok(owner.post<Keys>(`/system/signing-keys/${oldKey}/retire`));
    expect(retired.trust_version).toBe(2);
    expect(retired.rotation).toBeNull();
    expect(retired.keys.find((k) => k.key_id === oldKey)?.state).toBe('retired');
    const audit = await owner.ok(
      owner.get<{ items: { action: string; subject_id?: string }[] }>(
        '/audit-events?action=signing_key.retired',
      ),
    );
    expect(audit.items).toHaveLength(1);
    const v3 = await compile();
    for (const a of agents) await runOnce(a);
    for (const a of agents) {
      expect(trustOf(a)).toEqual({ version: 2, keyIds: [newKey] });
      expect(await bundleVersionOf(a)).toBe(v3);
    }
    // The console sees what each endpoint reported (GET /agents, policy_trust_version).
    const rows = await owner.ok(
      owner.get<{ items: { id: string; policy_trust_version: number }[] }>('/agents'),
    );
    expect(rows.items.map((r) => r.policy_trust_version)).toEqual([2, 2, 2]);
  });
});
