import { describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { policyApp } from './policy-app.js';

const t = policyApp();
const { post } = t;

const connection = (over: Record<string, unknown> = {}) => ({
  name: 'Only the VPN client',
  severity: 'high',
  scope: { operating_systems: ['windows'], agent_groups: ['Finance'] },
  condition: { op: 'not', node: { op: 'and', nodes: [] } },
  response: 'block',
  connection: {
    mode: 'allow_only',
    applications: ['vpnclient.exe'],
    destinations: [{ address: '10.0.0.0/8', ports: [443] }],
  },
  change_reason: 'connection policy for finance',
  ...over,
});

const fields = async (body: unknown) =>
  ((await post('/policies', body)).json().details as { field: string }[]).map((d) => d.field);

describe('connection policies', () => {
  it('stores a valid connection policy and refuses each bad part naming its field', async () => {
    expect((await post('/policies', connection())).statusCode).toBe(201);
    expect(await fields(connection({ response: 'audit' }))).toContain('response');
    expect(await fields(connection({ condition: { op: 'always' } }))).toContain('condition');
    expect(await fields(connection({ scope: { channels: ['print'], agent_groups: ['Finance'] } }))).toContain(
      'scope',
    );
    const starts = (list: string[], prefix: string) => list.some((f) => f.startsWith(prefix));
    expect(
      starts(
        await fields(
          connection({ connection: { mode: 'deny', applications: ['C:\\bin\\x.exe'], destinations: [] } }),
        ),
        'connection.applications',
      ),
    ).toBe(true);
    expect(
      starts(
        await fields(
          connection({
            connection: { mode: 'deny', applications: ['x.exe'], destinations: [{ address: 'example.com' }] },
          }),
        ),
        'connection.destinations',
      ),
    ).toBe(true);
    expect(await t.ctx.db.selectFrom('policies').selectAll().execute()).toHaveLength(1);
  });
});

describe('sandbox versions', () => {
  it('publishes a sandbox version that ships with status test', async () => {
    const device = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const body = {
      name: 'Trial rule',
      severity: 'low',
      scope: { device_ids: [device] },
      condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
      response: 'audit',
      sandbox: true,
      effective_until: new Date(t.ctx.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      change_reason: 'try the rule on one machine',
    };
    const created = await post('/policies', body);
    expect(created.statusCode).toBe(201);
    const r = await post(`/policies/${created.json().policy_id}/versions/1/publish`);
    expect(r.json().status).toBe('published');
    const env = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.envelope as { payload_b64: string };
    const payload = JSON.parse(Buffer.from(env.payload_b64, 'base64').toString());
    expect(payload.policies[0].status).toBe('test');
    const tooLong = await post('/policies', {
      ...body,
      effective_until: new Date(t.ctx.clock.now().getTime() + 40 * 86_400_000).toISOString(),
    });
    expect(tooLong.statusCode).toBe(422);
  });
});
