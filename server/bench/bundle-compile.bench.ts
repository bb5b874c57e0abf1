import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AgentEventsTable, seenRemovableDevices } from '../src/modules/agent-events/public.js';
import { compileAndStoreBundle } from '../src/modules/bundles/compile.js';
import { bundleRelease } from '../src/modules/policies/bundle-release.js';
import { overlapWarnings } from '../src/modules/policies/overlap.js';
import { listPolicyRows } from '../src/modules/policies/policy-list.js';
import { createPolicy, releasedPolicies } from '../src/modules/policies/service.js';
import { type ServiceContext, systemServiceContext } from '../src/service-context.js';
import { createTestApp, ensureTenant, type TestContext } from '../test/helpers/index.js';

// Issue 5: compile and sign a bundle of 1,000 published policies (target under 1 s). Prints the
// figure; asserts only that the bundle holds every policy.
const N = 1000;
let ctx: TestContext;
let tenantId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  tenantId = (await ensureTenant(ctx)).id;
  const bench: ServiceContext = {
    ...systemServiceContext(ctx.app.deps, tenantId),
    actor: { tenantId, type: 'user', id: 'bench' },
  };
  for (let i = 0; i < N; i++)
    await createPolicy(bench, {
      name: `Policy ${i}`,
      severity: 'high',
      scope: { channels: ['removable_storage', 'browser_upload'], agent_groups: [`Group ${i % 20}`] },
      condition: {
        op: 'and',
        nodes: [
          { op: 'detector', detector_id: 'payment_card', require_validated: true, min_matches: 1 + (i % 5) },
          { op: 'file_condition', extensions: ['xlsx', 'csv'] },
        ],
      },
      response: 'audit',
      change_reason: `bench policy number ${i}`,
    });
  await ctx.db
    .updateTable('policy_versions')
    .set({ status: 'published' })
    .where('tenant_id', '=', tenantId)
    .execute();
});
afterAll(async () => ctx.close());

it(`compiles and signs a bundle of ${N} policies`, async () => {
  const rounds: number[] = [];
  let size = 0;
  for (let r = 0; r < 3; r++) {
    const started = performance.now();
    const released = await releasedPolicies(ctx.db, tenantId);
    const bundle = await compileAndStoreBundle(
      ctx.db,
      tenantId,
      ctx.app.deps.keys.master,
      await bundleRelease(ctx.db, tenantId, released),
      'bench',
      ctx.clock.now(),
    );
    rounds.push(performance.now() - started);
    expect(bundle.payload.policies).toHaveLength(N);
    size = JSON.stringify(bundle.payload).length;
  }
  const sorted = [...rounds].sort((a, b) => a - b);
  console.log(
    `bundle compile+sign, ${N} policies (read from SQLite, compiled, graph revalidated, canonical JSON, Ed25519, stored): ` +
      `median ${sorted[1]?.toFixed(0)} ms, rounds ${rounds.map((x) => x.toFixed(0)).join('/')} ms, payload ${(size / 1024).toFixed(0)} KiB`,
  );
});

it(`checks a release for overlaps against ${N} published policies and lists their rows`, async () => {
  const released = await releasedPolicies(ctx.db, tenantId);
  // Another action than the published set, so every policy is compared in full.
  const draft = { ...released[0]!.version, policy_id: 'bench-draft', response: 'inform' as const };
  const deps = systemServiceContext(ctx.app.deps, tenantId);
  const overlap: number[] = [];
  const rows: number[] = [];
  let found = 0;
  for (let r = 0; r < 3; r++) {
    let started = performance.now();
    found = (await overlapWarnings(ctx.db, tenantId, draft)).length;
    overlap.push(performance.now() - started);
    started = performance.now();
    expect(await listPolicyRows(deps, tenantId)).toHaveLength(N);
    rows.push(performance.now() - started);
  }
  // Every 20th policy shares the endpoint group of policy 0 (itself included, the draft being
  // another policy): those overlap.
  expect(found).toBe(N / 20);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]?.toFixed(0);
  console.log(
    `overlap check of one release against ${N} published policies: median ${median(overlap)} ms (${found} overlaps); ` +
      `GET /policies rows for ${N} policies: median ${median(rows)} ms`,
  );
});

const EVENTS = 50_000;

it(`lists policy rows and seen devices over ${EVENTS} ingested events`, async () => {
  const released = await releasedPolicies(ctx.db, tenantId);
  const deviceId = randomUUID();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('devices')
    .values({
      id: deviceId,
      tenant_id: tenantId,
      group_id: null,
      hostname: 'bench-host',
      os: 'linux',
      os_version: '1',
      agent_version: '1.0.0',
      hardware_id: deviceId,
      public_key_b64: Buffer.alloc(32).toString('base64'),
      signature_algorithm: 'ed25519',
      key_protection: 'software',
      status: 'active',
      revoked_at: null,
      enrolled_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      capabilities: '{}',
      health: '{}',
      bundle_version: 0,
      policy_trust_version: 0,
      certificate_serial: deviceId,
      certificate_expires_at: now.toISOString(),
      stored_events: 0,
      quota_episode: null,
    })
    .execute();
  // Stored events as the ingest module writes them (its table): spread over ten days, every
  // fifth one clamped, every tenth one a removable-storage copy of one of 500 sticks.
  for (let i = 0; i < EVENTS; i += 500) {
    const rows: AgentEventsTable[] = [];
    for (let j = i; j < i + 500; j++) {
      const stick = j % 10 === 0;
      const payload = JSON.stringify({
        explanation: [],
        detectors: [],
        removable_device: stick
          ? { device_class: 'usb_storage', serial: `STICK-${(j / 10) % 500}`, vendor: null, model: null }
          : null,
      });
      rows.push({
        id: randomUUID(),
        tenant_id: tenantId,
        device_id: deviceId,
        batch_id: `bench-${i}`,
        received_at: now.toISOString(),
        occurred_at: new Date(now.getTime() - (j % 10) * 86_400_000 - j).toISOString(),
        occurred_at_reported: null,
        channel: stick ? 'removable_storage' : 'browser_upload',
        action: j % 5 === 0 ? 'audit' : 'block',
        requested_action: 'block',
        severity: 'high',
        decided_by_policy_id: released[j % released.length]!.version.policy_id,
        evaluated_offline: 0,
        policy_version: 1,
        user_name: null,
        user_id: null,
        hostname: 'bench-host',
        file_path: null,
        file_name: null,
        file_blake3: null,
        file_size_bytes: null,
        file_mark_zone: null,
        file_mark_host: null,
        file_mark_referrer_host: null,
        match_count: 1,
        evidence_requested: 0,
        incident_id: null,
        payload,
        size_bytes: payload.length,
      });
    }
    for (let k = 0; k < rows.length; k += 25)
      await ctx.db
        .insertInto('agent_events')
        .values(rows.slice(k, k + 25))
        .execute();
  }
  const deps = systemServiceContext(ctx.app.deps, tenantId);
  const rows: number[] = [];
  const seen: number[] = [];
  let listed: Awaited<ReturnType<typeof listPolicyRows>> = [];
  let devices = 0;
  for (let r = 0; r < 3; r++) {
    let started = performance.now();
    listed = await listPolicyRows(deps, tenantId);
    rows.push(performance.now() - started);
    started = performance.now();
    devices = (await seenRemovableDevices(ctx.db, tenantId)).length;
    seen.push(performance.now() - started);
  }
  const events = listed.reduce((n, p) => n + p.enforcement_7d.events, 0);
  // Seven of the ten days fall in the window.
  expect(events).toBe((EVENTS * 7) / 10);
  expect(devices).toBe(500);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]?.toFixed(0);
  console.log(
    `GET /policies rows for ${N} policies over ${EVENTS} events (${events} in 7 days): median ${median(rows)} ms; ` +
      `GET /approved-devices/seen over ${EVENTS / 10} removable-storage events (500 serials): median ${median(seen)} ms`,
  );
});
