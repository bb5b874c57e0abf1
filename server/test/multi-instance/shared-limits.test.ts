import { describe, expect, it } from 'vitest';
import { apiModules } from '../../src/modules/index.js';
import {
  type AgentHarness,
  enrolDevice,
  PublishedPolicies,
  signed,
  signHeaders,
} from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { signInAs } from '../helpers/index.js';
import { sharedPostgres } from './instances.js';

const pg = sharedPostgres();

/** Two harnesses, one per instance, on one PostgreSQL database and one owner. */
async function twoHarnesses(env: Record<string, string>) {
  const port = new PublishedPolicies();
  const both = await pg.twoInstances({ env, modules: apiModules(port) });
  const owner = await signInAs(both.a, { role: 'owner' });
  const harness = (ctx: typeof both.a): AgentHarness => ({ ctx, port, owner, close: async () => {} });
  return { a: harness(both.a), b: harness(both.b), close: both.close };
}

/**
 * Per-device limits and the nonce cache hold across instances (issue 23): the device's request
 * bucket and hourly quotas are rows every instance takes from, and a nonce one instance accepted
 * is refused by the other.
 */
describe('limits shared by two instances', { timeout: 180_000 }, () => {
  it('a device gets its burst once in all, not once per instance, and refills at its rate', async () => {
    const { a, b, close } = await twoHarnesses({
      DLP_AGENT_RATE_BURST: '6',
      DLP_AGENT_RATE_PER_MINUTE: '60',
    });
    try {
      const d = await enrolDevice(a, 'ed25519');
      const probe = (h: AgentHarness) =>
        signed(h, d, 'POST', '/api/v1/agent/probe', {
          device_id: d.deviceId,
          client_time: h.ctx.clock.now().toISOString(),
        });
      const answers = [];
      for (let i = 0; i < 20; i += 1) answers.push((await probe(i % 2 === 0 ? a : b)).statusCode);
      expect(answers.filter((c) => c < 300)).toHaveLength(6);
      expect(answers.filter((c) => c === 429)).toHaveLength(14);
      // One second later one token has flowed in, for the device wherever it calls.
      a.ctx.clock.advance(1_000);
      b.ctx.clock.advance(1_000);
      expect((await probe(b)).statusCode).toBeLessThan(300);
      expect((await probe(a)).statusCode).toBe(429);
    } finally {
      await close();
    }
  });

  it('the hourly event quota is one quota across instances', async () => {
    const { a, b, close } = await twoHarnesses({
      DLP_QUOTA_EVENT_BURST: '3',
      DLP_QUOTA_EVENTS_PER_HOUR: '1',
    });
    try {
      const d = await enrolDevice(a, 'ed25519');
      const post = (h: AgentHarness, i: number) =>
        signed(h, d, 'POST', '/api/v1/agent/events', {
          batch_id: crypto.randomUUID(),
          events: [agentEvent({ path: `/d/${i}.txt` })],
        });
      const codes = [];
      for (let i = 0; i < 6; i += 1) codes.push((await post(i % 2 === 0 ? a : b, i)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      await close();
    }
  });

  it('a nonce accepted by one instance is refused by the other', async () => {
    const { a, b, close } = await twoHarnesses({});
    try {
      const d = await enrolDevice(a, 'ed25519');
      const body = Buffer.from(
        JSON.stringify({ device_id: d.deviceId, client_time: a.ctx.clock.now().toISOString() }),
      );
      const request = {
        method: 'POST' as const,
        url: '/api/v1/agent/probe',
        headers: {
          ...signHeaders(d, 'POST', '/api/v1/agent/probe', body, a.ctx.clock.now().getTime()),
          'content-type': 'application/json',
        },
        payload: body,
      };
      const first = await a.ctx.app.inject(request);
      expect(first.statusCode, first.body).toBe(200);
      const replay = await b.ctx.app.inject(request);
      expect(replay.statusCode).toBe(401);
    } finally {
      await close();
    }
  });
});
