import { describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { type SignedIn, signInAs, stepUp } from '../helpers/index.js';
import { cardsToUsb, policyApp, refusedFields } from './policy-app.js';

/**
 * Document 1, States and Errors, row by row: the transitions and refusals the other policy test
 * files do not already walk (each with its status code and error code).
 */
const t = policyApp({ also: ['admin', 'security_analyst'] });
const { getAs: get, postAs: post } = t;

const DAY = 86_400_000;

const draft = (over: Record<string, unknown> = {}) => cardsToUsb('states and errors walk', over);

async function create(who: SignedIn, over: Record<string, unknown> = {}): Promise<string> {
  const r = await post(who, '/policies', draft(over));
  expect(r.statusCode).toBe(201);
  return r.json().policy_id as string;
}
async function statuses(id: string): Promise<string[]> {
  return (await get(t.owner, `/policies/${id}/versions`)).json().map((v: { status: string }) => v.status);
}
async function refusals(): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('audit_events')
    .select('metadata')
    .where('action', '=', 'policy.lifecycle_refused')
    .execute();
  return rows.map((r) => JSON.parse(r.metadata).attempted as string).sort();
}
const bundleVersion = async () => (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.version ?? null;

describe('draft → pending_approval: every submit condition', () => {
  it('submits Quarantine, ApprovalRequired offline and a blocking risk step, without a bundle', async () => {
    const cases: Record<string, unknown>[] = [
      { response: 'quarantine' },
      { offline_response: 'approval_required' },
      {
        response: 'inform',
        risk_thresholds: { below: 'inform', steps: [{ at_or_above: 80, action: 'block' }] },
      },
    ];
    for (const [i, c] of cases.entries()) {
      const id = await create(t.owner, { name: `Case ${i}`, ...c });
      const r = await post(t.owner, `/policies/${id}/versions/1/publish`);
      expect(r.json(), `case ${i}`).toEqual({ status: 'pending_approval' });
    }
    expect(await bundleVersion()).toBeNull();
  });
});

describe('release warnings without active endpoints', () => {
  it('a blocking policy scoped to cloud_storage carries the audit-only warning', async () => {
    const id = await create(t.owner, {
      response: 'block',
      scope: { channels: ['cloud_storage'], agent_groups: ['Finance'] },
    });
    expect((await post(t.owner, `/policies/${id}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    const view = (await get(t.owner, `/policies/${id}/lifecycle`)).json();
    expect(view.coverage_warnings.map((w: { kind: string }) => w.kind)).toEqual(['cloud_storage_audit_only']);
    await stepUp(t.ctx, t.admin, 'policy_release');
    const ok = await post(t.admin, `/policies/${id}/versions/1/approve`);
    expect(ok.json().coverage_warnings.map((w: { kind: string }) => w.kind)).toEqual([
      'cloud_storage_audit_only',
    ]);
    // An audit rule there carries none.
    const quiet = await create(t.owner, {
      name: 'Cloud audit',
      condition: { op: 'detector', detector_id: 'iban', min_matches: 1 },
      scope: { channels: ['cloud_storage'], agent_groups: ['Finance'] },
    });
    expect((await post(t.owner, `/policies/${quiet}/versions/1/publish`)).json()).toMatchObject({
      status: 'published',
      coverage_warnings: [],
    });
  });
});

describe('pending_approval → published: who may approve', () => {
  it('refuses a caller without policies:approve (403), the submitter who is not the author (403), and publishes for a third person', async () => {
    const id = await create(t.analyst, { response: 'block' });
    // The t.owner submits the analyst's draft: block needs a second person.
    expect((await post(t.owner, `/policies/${id}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    const noPermission = await post(t.analyst, `/policies/${id}/versions/1/approve`);
    expect(noPermission.statusCode).toBe(403);
    expect(noPermission.json().code).toBe('auth.forbidden');
    await stepUp(t.ctx, t.owner, 'policy_release');
    const submitter = await post(t.owner, `/policies/${id}/versions/1/approve`);
    expect(submitter.statusCode).toBe(403);
    expect(submitter.json().code).toBe('policy.self_approval');
    await stepUp(t.ctx, t.admin, 'policy_release');
    const ok = await post(t.admin, `/policies/${id}/versions/1/approve`);
    expect(ok.json()).toMatchObject({ status: 'published', bundle_version: 1 });
    const version = (await get(t.owner, `/policies/${id}/versions`)).json()[0];
    expect(version).toMatchObject({ created_by: t.analyst.userId, submitted_by: t.owner.userId });
    expect(version.approved_by).toBe(t.admin.userId);
  });

  it('needs a different person even across a role change', async () => {
    const id = await create(t.analyst, { response: 'block' });
    await post(t.analyst, `/policies/${id}/versions/1/publish`);
    // The author is promoted to Admin and now holds policies:approve.
    await t.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', t.analyst.userId).execute();
    await stepUp(t.ctx, t.analyst, 'policy_release');
    const r = await post(t.analyst, `/policies/${id}/versions/1/approve`);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('policy.self_approval');
    expect(await refusals()).toEqual(['approve']);
  });

  it('checks inside the compiling lock: of two simultaneous approvals one publishes, the other is 409', async () => {
    const id = await create(t.owner, { response: 'block' });
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    const second = await signInAs(t.ctx, { role: 'admin', tenant: t.owner.tenantSlug });
    await stepUp(t.ctx, t.admin, 'policy_release');
    await stepUp(t.ctx, second, 'policy_release');
    const answers = await Promise.all([
      post(t.admin, `/policies/${id}/versions/1/approve`),
      post(second, `/policies/${id}/versions/1/approve`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('policy.not_pending');
    expect(await bundleVersion()).toBe(1);
  });
});

describe('pending_approval → draft: reject', () => {
  it('needs policies:approve (403) and a reason (422); a version not pending is 409, audited', async () => {
    const id = await create(t.owner, { response: 'block' });
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    expect(
      (await post(t.analyst, `/policies/${id}/versions/1/reject`, { reason: 'too broad' })).statusCode,
    ).toBe(403);
    const noReason = await post(t.admin, `/policies/${id}/versions/1/reject`, {});
    expect(noReason.statusCode).toBe(422);
    expect(refusedFields(noReason)).toContain('reason');
    expect(
      (await post(t.admin, `/policies/${id}/versions/1/reject`, { reason: 'too broad' })).statusCode,
    ).toBe(204);
    expect(await statuses(id)).toEqual(['draft']);
    const again = await post(t.admin, `/policies/${id}/versions/1/reject`, { reason: 'too broad' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('policy.not_pending');
    expect(await refusals()).toEqual(['reject']);
  });
});

describe('published → disabled → enabled', () => {
  it('reads disabled while switched off, left out of the bundle, and published again when switched on', async () => {
    const id = await create(t.owner);
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'paused for audit' });
    expect(await statuses(id)).toEqual(['disabled']);
    const view = (await get(t.owner, `/policies/${id}/lifecycle`)).json();
    expect(view).toMatchObject({ deployment: 'switched_off', versions: [{ status: 'disabled' }] });
    await post(t.owner, `/policies/${id}/enabled`, { enabled: true, reason: 'audit finished' });
    expect(await statuses(id)).toEqual(['published']);
  });

  it('a disable request is 409 once another version went live', async () => {
    const id = await create(t.owner, { response: 'block' });
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await stepUp(t.ctx, t.admin, 'policy_release');
    await post(t.admin, `/policies/${id}/versions/1/approve`);
    const request = (
      await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'too noisy' })
    ).json().request_id as string;
    await post(t.owner, `/policies/${id}/versions`, draft({ response: 'block', severity: 'low' }));
    await post(t.owner, `/policies/${id}/versions/2/publish`);
    await post(t.admin, `/policies/${id}/versions/2/approve`);
    expect(await statuses(id)).toEqual(['archived', 'published']);
    const stale = await post(t.admin, `/policies/${id}/disable/${request}/approve`);
    expect(stale.statusCode).toBe(409);
    expect(await statuses(id)).toEqual(['archived', 'published']);
  });
});

describe('governed disable', () => {
  it('governs a whole-company policy; a newer request supersedes the pending one (409)', async () => {
    const id = await create(t.owner, { scope: { channels: ['removable_storage'] } });
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await stepUp(t.ctx, t.admin, 'policy_release');
    await post(t.admin, `/policies/${id}/versions/1/approve`);
    const first = await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'too noisy' });
    expect(first.statusCode).toBe(202);
    const second = await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'still noisy' });
    expect(second.statusCode).toBe(202);
    const old = await post(t.admin, `/policies/${id}/disable/${first.json().request_id}/approve`);
    expect(old.statusCode).toBe(409);
    expect(await statuses(id)).toEqual(['published']);
    const row = (await get(t.owner, '/policies')).json()[0];
    expect(row.pending_disable).toMatchObject({ id: second.json().request_id, reason: 'still noisy' });
    const ok = await post(t.admin, `/policies/${id}/disable/${second.json().request_id}/approve`);
    expect(ok.statusCode).toBe(200);
    expect(await statuses(id)).toEqual(['disabled']);
  });
});

describe('published → rollback', () => {
  it('governed: a rollback to a blocking version creates a pending version and leaves the live bundle', async () => {
    const id = await create(t.owner, { response: 'block' });
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await stepUp(t.ctx, t.admin, 'policy_release');
    await post(t.admin, `/policies/${id}/versions/1/approve`);
    await post(t.owner, `/policies/${id}/versions`, draft());
    expect((await post(t.owner, `/policies/${id}/versions/2/publish`)).json().bundle_version).toBe(2);
    const r = await post(t.owner, `/policies/${id}/rollback`, {
      to_version: 1,
      reason: 'audit missed a leak',
    });
    expect(r.json()).toEqual({ status: 'pending_approval' });
    expect(await statuses(id)).toEqual(['archived', 'published', 'pending_approval']);
    const pending = (await get(t.owner, `/policies/${id}/versions`)).json()[2];
    expect(pending.change_reason).toBe('rollback to version 1: audit missed a leak');
    expect(pending.response).toBe('block');
    expect(await bundleVersion()).toBe(2);
    const ok = await post(t.admin, `/policies/${id}/versions/3/approve`);
    expect(ok.json()).toMatchObject({ status: 'published', version: 3, bundle_version: 3 });
  });

  it('direct: all or nothing, 422 when the target no longer validates, and a reason is required', async () => {
    const device = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const trial = {
      scope: { device_ids: [device] },
      sandbox: true,
      effective_until: new Date(t.ctx.clock.now().getTime() + 7 * DAY).toISOString(),
    };
    const id = await create(t.owner, trial);
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    await post(t.owner, `/policies/${id}/versions`, draft({ scope: { device_ids: [device] } }));
    expect((await post(t.owner, `/policies/${id}/versions/2/publish`)).json().bundle_version).toBe(2);
    // The sandbox version has expired: it no longer validates as a release.
    t.ctx.clock.advance(8 * DAY);
    await t.signInOwnerAgain();
    const r = await post(t.owner, `/policies/${id}/rollback`, { to_version: 1, reason: 'back to the trial' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code: 'policy.rollback_target', details: [{ field: 'to_version' }] });
    expect(await statuses(id)).toEqual(['archived', 'published']);
    expect(await bundleVersion()).toBe(2);
    const noReason = await post(t.owner, `/policies/${id}/rollback`, { to_version: 1 });
    expect(noReason.statusCode).toBe(422);
    const live = await post(t.owner, `/policies/${id}/rollback`, { to_version: 2, reason: 'the live one' });
    expect(live.statusCode).toBe(422);
    expect(await refusals()).toEqual(['rollback', 'rollback']);
  });
});

describe('every refused lifecycle action is audited', () => {
  it('records enable, disable, reorder and publish refusals with the refusal code', async () => {
    const id = await create(t.owner);
    await post(t.owner, `/policies/${id}/versions/1/publish`);
    expect(
      (await post(t.owner, `/policies/${id}/enabled`, { enabled: true, reason: 'already on' })).statusCode,
    ).toBe(409);
    await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'paused' });
    expect(
      (await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'again' })).statusCode,
    ).toBe(409);
    await stepUp(t.ctx, t.owner, 'policy_release');
    expect((await post(t.owner, '/policies/reorder', { order: [], reason: 'empty order' })).statusCode).toBe(
      422,
    );
    expect((await post(t.owner, `/policies/${id}/versions/1/publish`)).statusCode).toBe(409);
    // Without a reason the body itself is refused (document 1, Endpoints: 422 without reason).
    const noReason = await post(t.owner, '/policies/reorder', { order: [id] });
    expect(noReason.statusCode).toBe(422);
    expect(refusedFields(noReason)).toContain('reason');
    expect(await refusals()).toEqual(['disable', 'enable', 'publish', 'reorder']);
    const codes = await t.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'policy.lifecycle_refused')
      .execute();
    expect(codes.map((c) => JSON.parse(c.metadata).refusal_code).sort()).toEqual([
      'policy.not_latest_draft',
      'request.invalid',
      'resource.conflict',
      'resource.conflict',
    ]);
  });
});

describe('stored versions and tokens', () => {
  it('refuses to publish a stored version carrying a compiler-only exclusion until saved again', async () => {
    const id = await create(t.owner);
    const row = await t.ctx.db
      .selectFrom('policy_versions')
      .selectAll()
      .where('policy_id', '=', id)
      .executeTakeFirstOrThrow();
    const spec = JSON.parse(row.spec);
    spec.scope.exclude_groups = ['S-1-5-21-1-2-3-512'];
    await t.ctx.db
      .updateTable('policy_versions')
      .set({ spec: JSON.stringify(spec) })
      .where('id', '=', row.id)
      .execute();
    const r = await post(t.owner, `/policies/${id}/versions/1/publish`);
    expect(r.statusCode).toBe(422);
    expect(r.json().details.map((d: { field: string }) => d.field)).toEqual(['scope.exclude_groups']);
    expect(await refusals()).toEqual(['publish']);
    await post(
      t.owner,
      `/policies/${id}/versions`,
      draft({
        scope: {
          channels: ['removable_storage'],
          agent_groups: ['Finance'],
          exclude_targets: [
            {
              kind: 'directory_group',
              source: { type: 'windows_directory', domain_sid: 'S-1-5-21-1-2-3' },
              object_id: 'S-1-5-21-1-2-3-512',
            },
          ],
        },
      }),
    );
    expect((await post(t.owner, `/policies/${id}/versions/2/publish`)).json().status).toBe('published');
  });

  it('a token acts as its creator: a release submitted through it cannot be approved by the same person', async () => {
    const created = await post(t.owner, '/api-tokens', {
      name: 'ci',
      scopes: ['policies:read', 'policies:write', 'policies:publish', 'agents:read'],
    });
    expect(created.statusCode).toBe(201);
    const token = { ...t.owner, headers: { authorization: `Bearer ${created.json().token}` } };
    const id = await create(token);
    // The token lacks policies:approve: its release is submitted.
    expect((await post(token, `/policies/${id}/versions/1/publish`)).json()).toEqual({
      status: 'pending_approval',
    });
    await stepUp(t.ctx, t.owner, 'policy_release');
    const self = await post(t.owner, `/policies/${id}/versions/1/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('policy.self_approval');
  });
});

describe('Errors: invalid field values', () => {
  it('answers 422 naming each field, never the value, and stores nothing', async () => {
    const key = 'AKIA2OGYBAH6TESTKEY7';
    const cases: [Record<string, unknown>, string][] = [
      [{ description: `uses ${key} for uploads` }, 'description'],
      [{ change_reason: `rotated key ${key} today` }, 'change_reason'],
      [{ response: 'inform', notifications: { user_message: `key ${key}` } }, 'notifications.user_message'],
      [
        { response: 'inform', notifications: { user_messages: { en: `key ${key}` } } },
        'notifications.user_messages.en',
      ],
      [{ risk_thresholds: { below: 'audit', steps: [] } }, 'risk_thresholds'],
      [
        {
          exceptions: [{ id: 'ex-1', reason: 'empty', approved_by: 'ciso@example.com', scope: {} }],
        },
        'exceptions',
      ],
      [
        {
          exceptions: [{ id: 'ex-1', reason: 'nobody approved', scope: { agent_groups: ['Finance'] } }],
        },
        'exceptions',
      ],
      [
        {
          scope: {
            include_targets: [
              {
                kind: 'endpoint',
                source: { type: 'svc' },
                object_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
              },
            ],
          },
        },
        'scope.include_targets',
      ],
    ];
    for (const [over, field] of cases) {
      const r = await post(t.owner, '/policies', draft(over));
      expect(r.statusCode, field).toBe(422);
      const fields = r.json().details.map((d: { field: string }) => d.field) as string[];
      expect(
        fields.some((f) => f.startsWith(field)),
        `${field} in ${fields.join()}`,
      ).toBe(true);
      expect(r.body).not.toContain(key);
    }
    expect(await t.ctx.db.selectFrom('policies').selectAll().execute()).toHaveLength(0);
  });

  it('answers 403 and writes nothing when the author lacks directory:read for a directory group', async () => {
    const r = await post(
      t.analyst,
      '/policies',
      draft({
        scope: {
          include_targets: [
            {
              kind: 'directory_group',
              source: { type: 'windows_directory', domain_sid: 'S-1-5-21-1-2-3' },
              object_id: 'S-1-5-21-1-2-3-512',
            },
          ],
        },
      }),
    );
    expect(r.statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('policies').selectAll().execute()).toHaveLength(0);
  });
});
