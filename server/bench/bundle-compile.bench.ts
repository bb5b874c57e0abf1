import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemContext } from '../src/http/audit.js';
import { compileAndStoreBundle } from '../src/modules/bundles/compile.js';
import { type Actor, createPolicy, releasedPolicies } from '../src/modules/policies/service.js';
import { createTestApp, ensureTenant, type TestContext } from '../test/helpers/index.js';

// Issue 5: compile and sign a bundle of 1,000 published policies (target under 1 s). Prints the
// figure; asserts only that the bundle holds every policy.
const N = 1000;
let ctx: TestContext;
let tenantId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  tenantId = (await ensureTenant(ctx)).id;
  const actor: Actor = { tenantId, userId: 'bench', canApprove: true, audit: systemContext(tenantId) };
  const deps = {
    db: ctx.db,
    audit: ctx.app.deps.audit,
    now: () => ctx.clock.now(),
    masterKey: ctx.app.deps.keys.master,
  };
  for (let i = 0; i < N; i++)
    await createPolicy(deps, actor, {
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
      released,
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
