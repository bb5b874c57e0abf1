import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  startHarness,
} from '../agents/agent-harness.js';
import { signInAs, stepUp } from '../helpers/index.js';

let h: AgentHarness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => h.close());

const call = (method: 'GET' | 'POST', payload?: unknown, headers = h.owner.headers) =>
  h.ctx.app.inject({
    method,
    url: '/api/v1/settings/network-indicators',
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const auditRows = () =>
  h.ctx.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'settings.network_indicators_changed')
    .execute();

describe('network indicators', () => {
  it('starts empty, replaces the lists with a higher revision, normalised and de-duplicated', async () => {
    expect((await call('GET')).json()).toMatchObject({ revision: 0, dns_suffixes: [], ip_ranges: [] });
    await stepUp(h.ctx, h.owner, 'policy_release');
    const r = await call('POST', {
      dns_suffixes: ['.Corp.Example.COM.', 'corp.example.com', 'branch.example.com'],
      ip_ranges: ['10.0.0.0/8', '192.168.10.7', '2001:DB8::/32'],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      revision: 1,
      dns_suffixes: ['branch.example.com', 'corp.example.com'],
      ip_ranges: ['10.0.0.0/8', '192.168.10.7/32', '2001:db8::/32'],
    });
    expect((await call('POST', { dns_suffixes: [], ip_ranges: [] })).json().revision).toBe(2);
    // The audit entry counts; it never holds the company's network.
    const audits = await auditRows();
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain('example.com');
    expect(JSON.stringify(audits)).not.toContain('10.0.0.0');
  });

  it('refuses a bad entry naming its position, and changes nothing', async () => {
    await stepUp(h.ctx, h.owner, 'policy_release');
    await call('POST', { dns_suffixes: ['corp.example.com'], ip_ranges: ['10.0.0.0/8'] });
    for (const [body, field] of [
      [{ dns_suffixes: ['ok.example', 'bad suffix'], ip_ranges: [] }, 'dns_suffixes[1]'],
      [{ dns_suffixes: [], ip_ranges: ['10.0.0.0/33'] }, 'ip_ranges[0]'],
      [{ dns_suffixes: [], ip_ranges: ['0.0.0.0/0'] }, 'ip_ranges[0]'],
      [{ dns_suffixes: [], ip_ranges: ['::/0'] }, 'ip_ranges[0]'],
      [{ dns_suffixes: [], ip_ranges: ['example.com/8'] }, 'ip_ranges[0]'],
      [{ dns_suffixes: [`${'a'.repeat(64)}.example`], ip_ranges: [] }, 'dns_suffixes[0]'],
      [
        { dns_suffixes: Array.from({ length: 51 }, (_, i) => `s${i}.example`), ip_ranges: [] },
        'dns_suffixes',
      ],
    ] as const) {
      const r = await call('POST', body);
      expect(r.statusCode).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
      expect(r.body).not.toContain('bad suffix');
    }
    expect((await call('POST', { dns_suffixes: [] })).statusCode).toBe(422);
    expect((await call('GET')).json()).toMatchObject({
      revision: 1,
      dns_suffixes: ['corp.example.com'],
      ip_ranges: ['10.0.0.0/8'],
    });
  });

  it('needs policies:approve and a fresh policy_release confirmation to change', async () => {
    const body = { dns_suffixes: ['corp.example.com'], ip_ranges: [] };
    const unconfirmed = await call('POST', body);
    expect(unconfirmed.statusCode).toBe(403);
    const analyst = await signInAs(h.ctx, { role: 'security_analyst' });
    expect((await call('GET', undefined, analyst.headers)).statusCode).toBe(200);
    expect((await call('POST', body, analyst.headers)).statusCode).toBe(403);
    expect((await call('GET')).json().revision).toBe(0);
  });

  it('reaches endpoints at check-in', async () => {
    const device = await enrolDevice(h);
    const before = await signed(h, device, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(before.json().network_indicators).toEqual({ revision: 0, dns_suffixes: [], ip_ranges: [] });
    await stepUp(h.ctx, h.owner, 'policy_release');
    await call('POST', { dns_suffixes: ['corp.example.com'], ip_ranges: ['10.0.0.0/8'] });
    const after = await signed(h, device, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(after.json().network_indicators).toEqual({
      revision: 1,
      dns_suffixes: ['corp.example.com'],
      ip_ranges: ['10.0.0.0/8'],
    });
  });
});
