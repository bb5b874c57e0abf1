import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgent } from '../../../agent/test/helpers/agent-process.js';
import { cardBundle } from '../../../agent/test/helpers/card-bundle.js';
import { policyKey, sign } from '../../../agent/test/helpers/signing-keys.js';
import type { SignedIn, TestContext } from '../helpers/index.js';
import type { PublishedPolicies } from './agent-harness.js';
import { startHttpsServer } from './https-server.js';

/**
 * The real `dlp-agent` (software key) against the real server over HTTPS: it enrols with a
 * console token, fetches the signed bundle, walks a folder, uploads its events, and the server
 * raises exactly the incident correlation predicts. The agent stamps requests with the machine
 * clock, so the server runs on real time here (startHttpsServer).
 */
const POLICY_ID = '00000000-0000-4000-8000-000000000001';

describe('dlp-agent against the server', () => {
  let ctx: TestContext;
  let owner: SignedIn;
  let port: PublishedPolicies;
  let serverUrl: string;
  let caFile: string;
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'custos-agent-e2e-'));
    ({ ctx, port, owner, serverUrl, caFile } = await startHttpsServer(work));
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('enrols, fetches the bundle, uploads discovery events and the server raises one incident per file', async () => {
    const key = policyKey('key-1');
    port.keys.splice(0, port.keys.length, key.trusted as (typeof port.keys)[number]);
    port.policies.set(POLICY_ID, {
      id: POLICY_ID,
      number: 1,
      name: 'Payment cards',
      severity: 'high',
      raise_every_match: false,
      published_version: 1,
      is_test: false,
    });
    const watched = join(work, 'share');
    await mkdir(watched, { recursive: true });
    await writeFile(join(watched, 'cards.txt'), 'order 4111 1111 1111 1111 paid\n');
    await writeFile(join(watched, 'lookalike.txt'), 'ref 4111 1111 1111 1112\n');

    const token = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/enrollment-tokens',
        headers: owner.headers,
        payload: {},
      })
    ).json().token as string;
    const stateDir = join(work, 'agent-state');
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    const env = { DLP_AGENT_POLICY_FILE: join(stateDir, 'no-machine-policy.json') };
    const common = ['--state-dir', stateDir];
    const enrol = await runAgent(
      [
        'enroll',
        '--server',
        serverUrl,
        '--token',
        token,
        '--ca-file',
        caFile,
        '--key',
        'software',
        '--json',
        ...common,
      ],
      env,
    );
    expect(enrol.code, enrol.stderr).toBe(0);
    expect(`${enrol.stdout}${enrol.stderr}`).not.toContain(token);
    const device = await ctx.db.selectFrom('devices').selectAll().executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      signature_algorithm: 'ed25519',
      key_protection: 'software',
      status: 'active',
    });

    port.bundle = {
      version: 1,
      envelope: sign(cardBundle({ version: 1, monitored: [watched], tenant: device.tenant_id }), key),
      required_capabilities: [],
      created_at: new Date().toISOString(),
    };
    const once = await runAgent(['run', '--once', ...common], env);
    expect(once.code, once.stderr).toBe(0);

    const events = await ctx.db.selectFrom('agent_events').selectAll().execute();
    expect(events.map((e) => [e.channel, e.file_name])).toEqual([['discovery', 'cards.txt']]);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/incidents', headers: owner.headers });
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({
      reference: 'INC-1',
      policy_name: 'Payment cards',
      channel: 'discovery',
      requested_action: 'block',
      event_count: 1,
    });
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/incidents/${list.json().items[0].id}`,
      headers: owner.headers,
    });
    expect(detail.json().detector_summaries[0]).toMatchObject({
      detector_id: 'payment_card',
      match_count: 1,
    });
    expect(JSON.stringify(detail.json())).not.toContain('4111');
    const checked = await ctx.db
      .selectFrom('devices')
      .select(['bundle_version', 'last_seen_at'])
      .executeTakeFirstOrThrow();
    expect(checked.last_seen_at).not.toBeNull();
  }, 120_000);
});
