import { generateKeyPairSync, sign } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceKey } from '../src/identity/device-key.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { AgentApi } from '../src/transport/agent-api.js';
import { AgentTransport } from '../src/transport/client.js';
import { uploadQueued } from '../src/uploader.js';
import { AgentPeerServer } from './helpers/agent-peer-server.js';
import { tempDir } from './helpers/tmp.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function setup(events: number) {
  const peer = new AgentPeerServer();
  await peer.start();
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key: DeviceKey = {
    algorithm: 'ed25519',
    protection: 'software',
    publicKey: () => new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12)),
    sign: async (m) => new Uint8Array(sign(null, m, privateKey)),
    close: async () => {},
  };
  peer.devicePublicKey = Buffer.from(key.publicKey());
  const transport = new AgentTransport({ baseUrl: peer.url, caPem: peer.caPem, timeoutMs: 5_000 });
  const queue = new EventQueue(join(tempDir(), 'q.db'), 10_000, 'refuse_new');
  for (let i = 0; i < events; i++) queue.enqueue(`e${i}`, { event_id: `e${i}` });
  closers.push(async () => {
    queue.close();
    await transport.close();
    await peer.stop();
  });
  return { peer, queue, api: new AgentApi(transport, { key, deviceId: peer.deviceId }) };
}

describe('uploader', () => {
  it('sends batches of at most 500 until the queue is empty', async () => {
    const { peer, queue, api } = await setup(1_100);
    const r = await uploadQueued(queue, api, () => {});
    expect(r).toMatchObject({ sent: 1_100, accepted: 1_100, stopped: null });
    expect(peer.batches.map((b) => b.event_ids.length)).toEqual([500, 500, 100]);
    expect(queue.depth()).toBe(0);
  });

  it('honours 429 Retry-After and keeps the batch, re-sent later under the same id', async () => {
    const { peer, queue, api } = await setup(3);
    peer.rateLimitEvents = 1;
    const first = await uploadQueued(queue, api, () => {});
    expect(first).toMatchObject({ sent: 0, stopped: 'rate_limited', wait_ms: 2_000 });
    expect(queue.depth()).toBe(3);
    const pending = queue.nextBatch(500)!.batch_id;
    const second = await uploadQueued(queue, api, () => {});
    expect(second).toMatchObject({ sent: 3, accepted: 3 });
    expect(peer.batches[0]!.batch_id).toBe(pending);
  });

  it("honours a busy server's 503 Retry-After and keeps the batch, re-sent later under the same id", async () => {
    const { peer, queue, api } = await setup(3);
    peer.busyEvents = 1;
    const first = await uploadQueued(queue, api, () => {});
    expect(first).toMatchObject({
      sent: 0,
      stopped: 'server answered 503 agent.ingest_busy',
      wait_ms: 7_000,
    });
    expect(queue.depth()).toBe(3);
    const pending = queue.nextBatch(500)!.batch_id;
    const second = await uploadQueued(queue, api, () => {});
    expect(second).toMatchObject({ sent: 3, accepted: 3 });
    expect(peer.batches[0]!.batch_id).toBe(pending);
  });

  it('pauses after a successful answer carrying throttle_ms', async () => {
    const { peer, queue, api } = await setup(600);
    peer.throttleMs = 750;
    const r = await uploadQueued(queue, api, () => {});
    expect(r).toMatchObject({ sent: 500, stopped: 'throttled', wait_ms: 750 });
    expect(queue.depth()).toBe(100);
  });
});
