import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signed } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { startTriage, type Triage } from './triage-harness.js';

/**
 * Issue 19: a refused connection's `connection {application, address, port}` and an
 * `apply_label`'s `label_applied {value, policy_id, outcome}` are kept with the event and shown
 * in the incident timeline; malformed ones Reject that event alone (docs/agent-interface.md).
 */
let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

async function send(events: Record<string, unknown>[]) {
  const r = await signed(t.h, t.d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  return r.json().acks as { event_id: string; status: string; reason: string | null }[];
}

async function timelineOf(path: string) {
  const rows = await t.h.ctx.db
    .selectFrom('incidents')
    .select(['id'])
    .where('file_path', '=', path)
    .execute();
  expect(rows).toHaveLength(1);
  const r = await t.call('GET', `/incidents/${rows[0]!.id}/events`);
  expect(r.statusCode).toBe(200);
  return r.json().items[0] as Record<string, unknown>;
}

describe('connection and label outcome on events', () => {
  it('keeps both, withholds an unsafe application name and rejects malformed records', async () => {
    const connection = {
      application: 'C:\\Program Files\\Tool\\tool.exe',
      address: '203.0.113.7',
      port: 443,
    };
    const label = { value: 'Confidential', policy_id: randomUUID(), outcome: 'written' };
    const base = { policy: t.policy, channel: 'network_connection' };
    const acks = await send([
      agentEvent({ ...base, path: '/srv/c1', content: 'c1', connection, label_applied: label }),
      agentEvent({
        ...base,
        path: '/srv/c2',
        content: 'c2',
        connection: { application: 'tool\u202Eexe.txt', address: 'fe80::1%eth0', port: null },
      }),
      agentEvent({ ...base, path: '/srv/c3', content: 'c3', connection: { address: 'a b', port: 1 } }),
      agentEvent({
        ...base,
        path: '/srv/c4',
        content: 'c4',
        connection: { address: '10.0.0.1', port: 70_000 },
      }),
      agentEvent({ ...base, path: '/srv/c5', content: 'c5', connection: 'tool.exe' }),
      agentEvent({
        ...base,
        path: '/srv/c6',
        content: 'c6',
        label_applied: { value: 'x', outcome: 'Written!' },
      }),
      agentEvent({ ...base, path: '/srv/c7', content: 'c7', label_applied: { outcome: 'written' } }),
    ]);
    expect(acks.map((a) => a.reason)).toEqual([
      null,
      null,
      'connection_invalid',
      'connection_invalid',
      'connection_invalid',
      'label_applied_invalid',
      'label_applied_invalid',
    ]);
    const e1 = await timelineOf('/srv/c1');
    expect(e1.connection).toEqual({ ...connection, withheld_fields: [] });
    expect(e1.label_applied).toEqual(label);
    const e2 = await timelineOf('/srv/c2');
    expect(e2.connection).toEqual({
      application: null,
      address: 'fe80::1%eth0',
      port: null,
      withheld_fields: ['application'],
    });
    expect(e2.label_applied).toBeNull();
  });
});
