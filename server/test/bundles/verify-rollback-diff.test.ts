import { type BundleEnvelope, verifyBundle } from '@custos/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getLatestBundle, getPolicySigningKeys } from '../../src/modules/bundles/public.js';
import { consoleCalls, createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

/**
 * Issue 5, Done when: a compiled bundle verifies with the engine's verifyBundle using only the
 * public key; a rollback yields a higher bundle version an agent accepts over its floor; the diff
 * never carries condition values.
 */
let ctx: TestContext;
let owner: SignedIn;

beforeEach(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterEach(async () => ctx.close());

const { get, post } = consoleCalls(
  () => ctx,
  () => owner.headers,
);

const SERIAL_A = 'SECRET-SERIAL-A1';
const SERIAL_B = 'SECRET-SERIAL-B2';
const PATH_PART = 'payroll-exports';

const draft = (serial: string, minBytes: number) => ({
  name: 'Sticks with payroll files',
  severity: 'high',
  scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
  condition: {
    op: 'and',
    nodes: [
      { op: 'removable_device', serials: [serial], match_mode: 'none_of' },
      { op: 'file_condition', path_contains: [PATH_PART], min_size_bytes: minBytes },
      { op: 'detector', detector_id: 'payment_card', min_matches: 3 },
    ],
  },
  response: 'audit',
  change_reason: 'bundle verification test',
});

/** What an agent holds: the public halves only (no private key, no master key). */
async function publicKeys() {
  const keys = await getPolicySigningKeys(ctx.db, owner.tenantId, ctx.app.deps.keys.master);
  return keys.map((k) => ({
    key_id: k.key_id,
    public_key_b64: k.public_key_b64,
    algorithm: k.algorithm,
    not_after: k.not_after,
  }));
}

function verify(envelope: BundleEnvelope, keys: Awaited<ReturnType<typeof publicKeys>>, floor = 0) {
  return verifyBundle(
    envelope,
    { tenant_id: owner.tenantId, device_id: 'dev-1', agent_group: 'Finance', keys, version_floor: floor },
    { now: ctx.clock.now() },
  );
}

describe('signed bundles', () => {
  it('verify with the public key only; a changed byte or another key is refused', async () => {
    const id = (await post('/policies', draft(SERIAL_A, 1000))).json().policy_id;
    expect((await post(`/policies/${id}/versions/1/publish`)).json().status).toBe('published');
    const envelope = (await getLatestBundle(ctx.db, owner.tenantId))?.envelope as BundleEnvelope;
    const keys = await publicKeys();
    expect(JSON.stringify(keys)).not.toMatch(/private|sealed/i);
    expect(verify(envelope, keys).ok).toBe(true);

    const payload = Buffer.from(envelope.payload_b64, 'base64').toString();
    const tampered = {
      ...envelope,
      payload_b64: Buffer.from(payload.replace('"audit"', '"block"')).toString('base64'),
    };
    expect(verify(tampered, keys).ok).toBe(false);
    const otherTenant = await signInAs(ctx, { role: 'owner' });
    const foreign = await getPolicySigningKeys(ctx.db, otherTenant.tenantId, ctx.app.deps.keys.master);
    expect(
      verify(
        envelope,
        foreign.map((k) => ({ ...k, key_id: keys[0]!.key_id })),
      ).ok,
    ).toBe(false);
  });

  it('a rollback ships a higher version that an agent accepts over the floor it already holds', async () => {
    const id = (await post('/policies', draft(SERIAL_A, 1000))).json().policy_id;
    await post(`/policies/${id}/versions/1/publish`);
    await post(`/policies/${id}/versions`, draft(SERIAL_B, 2000));
    await post(`/policies/${id}/versions/2/publish`);
    const before = (await getLatestBundle(ctx.db, owner.tenantId))!;
    const back = await post(`/policies/${id}/rollback`, { to_version: 1, reason: 'serial list was wrong' });
    expect(back.json()).toMatchObject({ status: 'published', version: 1 });
    const after = (await getLatestBundle(ctx.db, owner.tenantId))!;
    expect(after.version).toBeGreaterThan(before.version);
    expect(back.json().bundle_version).toBe(after.version);
    const verdict = verify(after.envelope as BundleEnvelope, await publicKeys(), before.version);
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(JSON.stringify(verdict.payload)).toContain(SERIAL_A);
    // The bundle it replaced is below the floor an agent now holds: refused.
    expect(verify(before.envelope as BundleEnvelope, await publicKeys(), after.version).ok).toBe(false);
  });

  it('the diff names policies and fields, never serials, paths or thresholds', async () => {
    const id = (await post('/policies', draft(SERIAL_A, 1000))).json().policy_id;
    await post(`/policies/${id}/versions/1/publish`);
    await post(`/policies/${id}/versions`, draft(SERIAL_B, 2000));
    await post(`/policies/${id}/versions/2/publish`);
    const diff = await get('/policy-bundles/diff?from=1&to=2');
    expect(diff.statusCode).toBe(200);
    expect(diff.json().policies.changed).toEqual([{ id, fields: ['condition', 'version'] }]);
    for (const value of [SERIAL_A, SERIAL_B, PATH_PART, '1000', '2000', 'none_of', 'min_size_bytes'])
      expect(diff.body).not.toContain(value);
    expect((await get('/policy-bundles/diff?from=2&to=1')).statusCode).toBe(422);
  });
});
