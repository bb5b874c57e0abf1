import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceKey } from '../src/identity/device-key.js';
import { AgentApi, parseAck } from '../src/transport/agent-api.js';
import { AgentTransport, retryAfterMs } from '../src/transport/client.js';
import { RateLimitedError, UnreachableError } from '../src/transport/errors.js';
import { AgentPeerServer } from './helpers/agent-peer-server.js';
import { makeServerTls } from './helpers/tls.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

function softwareKey(): DeviceKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    algorithm: 'ed25519',
    protection: 'software',
    publicKey: () => new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12)),
    sign: async (m) => new Uint8Array(sign(null, m, privateKey)),
    close: async () => {},
  };
}

async function peerWithDevice(clock?: () => number) {
  const peer = new AgentPeerServer();
  await peer.start();
  const key = softwareKey();
  peer.devicePublicKey = Buffer.from(key.publicKey());
  const transport = new AgentTransport({
    baseUrl: peer.url,
    caPem: peer.caPem,
    timeoutMs: 5_000,
    ...(clock ? { clock } : {}),
  });
  closers.push(async () => {
    await transport.close();
    await peer.stop();
  });
  return { peer, transport, api: new AgentApi(transport, { key, deviceId: peer.deviceId }) };
}

describe('agent transport over real TLS', () => {
  it('signs requests the peer verifies, trusting only the configured CA', async () => {
    const { api, peer } = await peerWithDevice();
    const probe = await api.probe();
    expect(probe.status).toBe(200);
    expect(peer.refusals).toEqual([]);
    const res = await api.events('b-1', [{ event_id: 'e1' }]);
    expect(res.acks).toEqual([{ event_id: 'e1', status: 'Accepted', reason: null }]);
  });

  it('refuses a server whose certificate the configured CA did not issue', async () => {
    const { peer } = await peerWithDevice();
    const other = await makeServerTls();
    const t = new AgentTransport({ baseUrl: peer.url, caPem: other.caPem, timeoutMs: 5_000 });
    closers.push(() => t.close());
    await expect(t.send('POST', '/api/v1/agent/probe', {}, null)).rejects.toBeInstanceOf(UnreachableError);
  });

  it('corrects signed timestamps for a local clock 20 minutes slow, learning from the server', async () => {
    const slow = () => Date.now() - 20 * 60_000;
    const { api, peer, transport } = await peerWithDevice(slow);
    // The stale-timestamp refusal names itself; the agent learns the offset from the server's Date
    // header and retries once with a corrected timestamp.
    const first = await api.probe();
    expect(peer.refusals).toEqual(['stale timestamp']);
    expect(first.status).toBe(200);
    expect(Math.abs(transport.offsetMs - 20 * 60_000)).toBeLessThan(5_000);
    expect((await api.probe()).status).toBe(200);
    expect(peer.refusals).toHaveLength(1);
  });

  it('turns 429 into RateLimitedError carrying Retry-After', async () => {
    const tls = await makeServerTls();
    const server = createServer({ cert: tls.certPem, key: tls.keyPem }, (_req, res) => {
      res.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'agent.rate_limited', message: 'slow down', details: [] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const t = new AgentTransport({
      baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
      caPem: tls.caPem,
      timeoutMs: 5_000,
    });
    closers.push(async () => {
      await t.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });
    const err = await t.send('POST', '/api/v1/agent/enroll', {}, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(7_000);
  });

  it('reads Retry-After as whole seconds, never 0', () => {
    expect(retryAfterMs('0', 0)).toBe(1_000);
    expect(retryAfterMs('3', 0)).toBe(3_000);
    expect(retryAfterMs(undefined, 0)).toBe(1_000);
  });

  it('refuses to sign a route with a query string', async () => {
    const { transport, peer } = await peerWithDevice();
    const key = softwareKey();
    await expect(
      transport.send('GET', '/api/v1/agent/policy?since=1', undefined, { key, deviceId: peer.deviceId }),
    ).rejects.toThrow(/may not contain/);
  });

  it('reads ack words without case and keeps an unknown ack as Retry', () => {
    expect(parseAck({ event_id: 'a', status: 'accepted' })).toEqual({
      event_id: 'a',
      status: 'Accepted',
      reason: null,
    });
    expect(
      parseAck({ event_id: 'b', ack: 'Rejected', reason: 'occurred_at_older_than_retention' }),
    ).toMatchObject({
      status: 'Rejected',
    });
    expect(parseAck({ event_id: 'c', status: 'maybe' })).toMatchObject({
      status: 'Retry',
      reason: 'unrecognised_ack',
    });
  });
});
