import { type BundleEnvelope, verifyBundle } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { getLatestBundle, getPolicySigningKeys } from '../../src/modules/bundles/public.js';
import { getPolicyForIncident, policiesNamingAgentGroup } from '../../src/modules/policies/public.js';
import { signInAs, stepUp } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

const targeted = (over: Record<string, unknown> = {}) => ({
  name: 'Cards to USB',
  severity: 'high',
  scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
  condition: { op: 'detector', detector_id: 'payment_card', require_validated: true, min_matches: 1 },
  response: 'audit',
  change_reason: '[CHG-7] audit card data copied to USB',
  ...over,
});

const t = policyApp();
const { getAs: get, postAs: post } = t;

async function audits(action: string) {
  return t.ctx.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();
}

describe('policies and versions', () => {
  it('numbers policies POL-1, POL-2 and keeps versions increasing per policy', async () => {
    const a = await post(t.owner, '/policies', targeted());
    const b = await post(t.owner, '/policies', targeted({ name: 'Second' }));
    expect(a.statusCode).toBe(201);
    expect([a.json().number, b.json().number]).toEqual([1, 2]);
    const v2 = await post(t.owner, `/policies/${a.json().policy_id}/versions`, targeted({ severity: 'low' }));
    expect(v2.json().version).toBe(2);
    const list = await get(t.owner, `/policies/${a.json().policy_id}/versions`);
    expect(list.json().map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(list.json()[0].change_reason).toBe('[CHG-7] audit card data copied to USB');
  });

  it('refuses a missing change_reason and a direct exclude_* field with 422 naming the field', async () => {
    const r1 = await post(t.owner, '/policies', targeted({ change_reason: undefined }));
    expect(r1.statusCode).toBe(422);
    expect(r1.json().details.map((d: { field: string }) => d.field)).toContain('change_reason');
    const r2 = await post(
      t.owner,
      '/policies',
      targeted({ scope: { agent_groups: ['Finance'], exclude_groups: ['S-1-5-21-1-2-3-500'] } }),
    );
    expect(r2.statusCode).toBe(422);
    expect(r2.json().details.map((d: { field: string }) => d.field)).toContain('scope.exclude_groups');
    expect(await t.ctx.db.selectFrom('policies').selectAll().execute()).toHaveLength(0);
  });

  it('answers 403 and writes nothing when the author lacks agents:read for an endpoint group', async () => {
    const auditor = await signInAs(t.ctx, { role: 'auditor', tenant: t.owner.tenantSlug });
    const r = await post(auditor, '/policies', targeted());
    expect(r.statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('policies').selectAll().execute()).toHaveLength(0);
  });

  it('answers the same 404 for another tenant’s policy and a missing one', async () => {
    const id = (await post(t.owner, '/policies', targeted())).json().policy_id;
    const other = await signInAs(t.ctx, { role: 'owner' });
    const foreign = await get(other, `/policies/${id}`);
    const missing = await get(other, '/policies/00000000-0000-4000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});

describe('release lifecycle', () => {
  it('publishes a targeted low-risk draft directly and signs a bundle the public key verifies', async () => {
    const id = (await post(t.owner, '/policies', targeted())).json().policy_id;
    const r = await post(t.owner, `/policies/${id}/versions/1/publish`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'published', bundle_version: 1, policy_disabled: false });
    const latest = await getLatestBundle(t.ctx.db, t.owner.tenantId);
    const keys = await getPolicySigningKeys(t.ctx.db, t.owner.tenantId, Buffer.alloc(32));
    const verdict = verifyBundle(
      latest?.envelope as BundleEnvelope,
      { tenant_id: t.owner.tenantId, device_id: 'dev-1', agent_group: 'Finance', keys, version_floor: 0 },
      { now: t.ctx.clock.now() },
    );
    expect(verdict.ok).toBe(true);
    if (verdict.ok) {
      expect(verdict.payload.policies.map((p) => [p.policy_id, p.priority])).toEqual([[id, 1]]);
      expect(verdict.payload.detectors.map((d) => d.detector_id)).toEqual(['payment_card']);
    }
    expect(await audits('policy.published')).toHaveLength(1);
    expect(await audits('policy_bundle.compiled')).toHaveLength(1);
    expect((await getPolicyForIncident(t.ctx.db, t.owner.tenantId, id))?.published_version).toBe(1);
    expect(await policiesNamingAgentGroup(t.ctx.db, t.owner.tenantId, 'finance')).toEqual([id]);
  });

  it('submits a blocking or whole-company draft for approval without compiling', async () => {
    const block = (await post(t.owner, '/policies', targeted({ response: 'block' }))).json().policy_id;
    const wide = (
      await post(t.owner, '/policies', targeted({ scope: { channels: ['removable_storage'] } }))
    ).json().policy_id;
    expect((await post(t.owner, `/policies/${block}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    expect((await post(t.owner, `/policies/${wide}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    expect(await getLatestBundle(t.ctx.db, t.owner.tenantId)).toBeUndefined();
  });

  it('submits when the caller lacks policies:approve; the author cannot approve; another approver publishes', async () => {
    const analyst = await signInAs(t.ctx, { role: 'security_analyst', tenant: t.owner.tenantSlug });
    const id = (await post(analyst, '/policies', targeted())).json().policy_id;
    expect((await post(analyst, `/policies/${id}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    // One pending version at a time, and it is the latest: no newer version is written meanwhile.
    const newer = await post(analyst, `/policies/${id}/versions`, targeted({ severity: 'low' }));
    expect(newer.statusCode).toBe(409);
    expect(newer.json().code).toBe('policy.pending_exists');
    expect((await post(t.owner, `/policies/${id}/versions/2/publish`)).statusCode).toBe(404);

    const selfSubmit = (await post(t.owner, '/policies', targeted({ response: 'block' }))).json().policy_id;
    await post(t.owner, `/policies/${selfSubmit}/versions/1/publish`);
    expect((await post(t.owner, `/policies/${selfSubmit}/versions/1/approve`)).json().code).toBe(
      'auth.step_up_required',
    );
    await stepUp(t.ctx, t.owner, 'policy_release');
    const own = await post(t.owner, `/policies/${selfSubmit}/versions/1/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('policy.self_approval');
    const refused = await audits('policy.lifecycle_refused');
    expect(refused.map((a) => JSON.parse(a.metadata).attempted)).toContain('approve');

    const ok = await post(t.owner, `/policies/${id}/versions/1/approve`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'published', bundle_version: 1 });
  });

  it('rejects back to draft; approving a non-pending version is 409', async () => {
    const id = (await post(t.owner, '/policies', targeted({ response: 'block' }))).json().policy_id;
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    const admin = await signInAs(t.ctx, { role: 'admin', tenant: t.owner.tenantSlug });
    expect((await post(admin, `/policies/${id}/versions/1/reject`, { reason: 'too broad' })).statusCode).toBe(
      204,
    );
    expect((await get(t.owner, `/policies/${id}/versions`)).json()[0].status).toBe('draft');
    await stepUp(t.ctx, admin, 'policy_release');
    expect((await post(admin, `/policies/${id}/versions/1/approve`)).statusCode).toBe(409);
  });

  it('only the latest draft is publishable; a rollback yields a higher bundle version', async () => {
    const id = (await post(t.owner, '/policies', targeted())).json().policy_id;
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await post(t.owner, `/policies/${id}/versions`, targeted({ severity: 'low' }));
    await post(t.owner, `/policies/${id}/versions`, targeted({ severity: 'medium' }));
    const old = await post(t.owner, `/policies/${id}/versions/2/publish`);
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('policy.not_latest_draft');
    expect((await post(t.owner, `/policies/${id}/versions/3/publish`)).json().bundle_version).toBe(2);
    const back = await post(t.owner, `/policies/${id}/rollback`, {
      to_version: 1,
      reason: 'medium was noisy',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ version: 1, status: 'published', bundle_version: 3 });
    const statuses = (await get(t.owner, `/policies/${id}/versions`))
      .json()
      .map((v: { status: string }) => v.status);
    expect(statuses).toEqual(['published', 'draft', 'rolled_back']);
    expect(
      (await post(t.owner, `/policies/${id}/rollback`, { to_version: 2, reason: 'never published' }))
        .statusCode,
    ).toBe(422);
  });
});

describe('bundles', () => {
  it('lists bundles bare or paged and diffs them by ids and field names, never values', async () => {
    const id = (await post(t.owner, '/policies', targeted())).json().policy_id;
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await post(
      t.owner,
      `/policies/${id}/versions`,
      targeted({ condition: { op: 'detector', detector_id: 'payment_card', min_matches: 7 } }),
    );
    await post(t.owner, `/policies/${id}/versions/2/publish`);
    const bare = await get(t.owner, '/policy-bundles');
    expect(bare.json().map((b: { version: number }) => b.version)).toEqual([2, 1]);
    const paged = await get(t.owner, '/policy-bundles?paged=true&limit=1');
    expect(paged.json()).toMatchObject({ total: 2, limit: 1, offset: 0 });
    const diff = await get(t.owner, '/policy-bundles/diff?from=1&to=2');
    expect(diff.statusCode).toBe(200);
    expect(diff.json().policies.changed).toEqual([{ id, fields: ['condition', 'version'] }]);
    expect(diff.body).not.toContain('min_matches');
    expect(diff.body).not.toContain('"7"');
    expect(diff.json().content_unchanged).toBe(false);
    expect((await get(t.owner, '/policy-bundles/diff?from=1&to=9')).statusCode).toBe(404);
    const manual = await post(t.owner, '/policy-bundles/compile');
    expect(manual.json().bundle_version).toBe(3);
    expect((await get(t.owner, '/policy-bundles/diff?from=2&to=3')).json().content_unchanged).toBe(true);
  });
});

describe('lookup permissions for named objects', () => {
  it('needs agents:read for endpoints and groups, directory:read for directory groups', async () => {
    const { checkLookupPermissions } = await import('../../src/modules/policies/lookup-permissions.js');
    const writer = new Set(['policies:write'] as const);
    expect(() => checkLookupPermissions({ scope: { agent_groups: ['Finance'] } }, writer)).toThrow(
      /agents:read/,
    );
    const dirTarget = {
      scope: {
        include_targets: [
          {
            kind: 'directory_group',
            source: { type: 'windows_directory', domain_sid: 'S-1-5-21-1-2-3' },
            object_id: 'S-1-5-21-1-2-3-512',
          },
        ],
      },
    };
    expect(() =>
      checkLookupPermissions(dirTarget, new Set(['policies:write', 'agents:read'] as const)),
    ).toThrow(/directory:read/);
    expect(() => checkLookupPermissions(dirTarget, new Set(['directory:read'] as const))).not.toThrow();
    expect(() => checkLookupPermissions({ scope: { channels: ['print'] } }, writer)).not.toThrow();
  });
});

describe('lifecycle view', () => {
  it('names author, publisher and the allowed and refused actions per version', async () => {
    const id = (await post(t.owner, '/policies', targeted())).json().policy_id;
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await post(t.owner, `/policies/${id}/versions`, targeted({ severity: 'low' }));
    await post(t.owner, `/policies/${id}/versions/2/publish`);
    await post(t.owner, `/policies/${id}/versions`, targeted({ severity: 'medium' }));
    const r = await get(t.owner, `/policies/${id}/lifecycle`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.deployment).toBe('changes_unpublished');
    const [v1, v2, v3] = body.versions;
    expect(v1).toMatchObject({ status: 'archived', author: t.owner.userId, publisher: t.owner.userId });
    const verdict = (v: { actions: { action: string; allowed: boolean }[] }, a: string) =>
      v.actions.find((x) => x.action === a)?.allowed;
    expect(verdict(v1, 'rollback')).toBe(true);
    expect(verdict(v2, 'rollback')).toBe(false);
    expect(verdict(v2, 'publish')).toBe(false);
    expect(verdict(v3, 'publish')).toBe(true);
  });
});
