import { describe, expect, it } from 'vitest';
import { up as migrateWarnToInform } from '../../src/db/migrations/0206_policy_actions_warn_to_inform.js';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { policyApp } from './policy-app.js';

/**
 * Issue 14 item 5 (document 1, Response actions): `warn` is the historical name of `inform`;
 * stored versions are migrated to inform, new writes store inform, and the inventory `action`
 * filter names the same thing under both names. Signed bundles and audit events keep their bytes.
 */
const t = policyApp();
const { get, post } = t;

const notice = {
  name: 'Sticks notice',
  severity: 'low',
  scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
  condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
  response: 'warn',
  offline_response: 'warn',
  change_reason: 'tell people about sticks',
};

describe('warn is stored and listed as inform', () => {
  it('stores a new warn as inform and filters by inform or warn alike', async () => {
    const id = (await post('/policies', notice)).json().policy_id as string;
    await post('/policies', { ...notice, name: 'Audit only', response: 'audit', offline_response: 'audit' });
    const [v1] = (await get(`/policies/${id}/versions`)).json();
    expect([v1.response, v1.offline_response]).toEqual(['inform', 'inform']);
    for (const action of ['inform', 'warn']) {
      const r = await get(`/policies/inventory?action=${action}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().items.map((i: { id: string; response: string }) => [i.id, i.response])).toEqual([
        [id, 'inform'],
      ]);
    }
    expect((await get('/policies/inventory?action=shout')).statusCode).toBe(422);
  });

  it('migrates stored versions, leaving signed bundles and audit events as they were', async () => {
    const id = (await post('/policies', { ...notice, response: 'audit', offline_response: 'audit' })).json()
      .policy_id as string;
    expect((await post(`/policies/${id}/versions/1/publish`)).json().status).toBe('published');
    // A version stored before the rename: warn in every action-valued field.
    const legacy = {
      ...notice,
      exceptions: [
        {
          id: 'e1',
          reason: 'trial',
          approved_by: 'ciso',
          scope: { agent_groups: ['Lab'] },
          downgrade_to: 'warn',
        },
      ],
      risk_thresholds: {
        below: 'warn',
        steps: [
          { at_or_above: 80, action: 'block' },
          { at_or_above: 40, action: 'warn' },
        ],
      },
    };
    await t.ctx.db
      .updateTable('policy_versions')
      .set({ spec: JSON.stringify(legacy) })
      .where('policy_id', '=', id)
      .execute();
    const bundleBefore = await getLatestBundle(t.ctx.db, t.owner.tenantId);
    const auditBefore = await t.ctx.db.selectFrom('audit_events').selectAll().execute();
    await migrateWarnToInform(t.ctx.db as never);
    const row = await t.ctx.db
      .selectFrom('policy_versions')
      .select('spec')
      .where('policy_id', '=', id)
      .executeTakeFirstOrThrow();
    const spec = JSON.parse(row.spec);
    expect(spec).toMatchObject({
      response: 'inform',
      offline_response: 'inform',
      exceptions: [{ downgrade_to: 'inform' }],
      risk_thresholds: { below: 'inform', steps: [{ action: 'block' }, { action: 'inform' }] },
    });
    expect(row.spec).not.toContain('"warn"');
    expect(await getLatestBundle(t.ctx.db, t.owner.tenantId)).toEqual(bundleBefore);
    expect(await t.ctx.db.selectFrom('audit_events').selectAll().execute()).toEqual(auditBefore);
  });
});
