import { generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readContent } from '../src/content/read-content.js';
import { EvidenceSpool } from '../src/evidence/spool.js';
import { uploadEvidence } from '../src/evidence/upload.js';
import type { DeviceKey } from '../src/identity/device-key.js';
import { DecisionPipeline } from '../src/pipeline.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { AgentTransport } from '../src/transport/client.js';
import { AgentPeerServer } from './helpers/agent-peer-server.js';
import { cardBundle, VALID_CARDS } from './helpers/card-bundle.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

const quiet = () => {};
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

function setup(maxSpool?: number) {
  const dir = tempDir();
  const file = join(dir, 'cards.csv');
  let now = 1_000_000;
  const spool = new EvidenceSpool(join(dir, 'state', 'evidence'), quiet, () => now, maxSpool);
  return { dir, file, spool, advance: (ms: number) => (now += ms), now: () => now };
}

describe('evidence spool', () => {
  it('keeps the bytes the decision read, owner-only, only when their BLAKE3 is the decided one', async () => {
    const { file, spool } = setup();
    const bytes = randomBytes(70_000);
    writeFileSync(file, bytes);
    const content = await readContent(file, 1 << 20);
    const id = randomUUID();
    expect(await spool.capture(id, file, content)).toBe('kept');
    expect((await spool.readCopy(id)).equals(bytes)).toBe(true);
    expect(statSync(spool.copyPath(id)).mode & 0o777).toBe(0o600);
    expect(statSync(spool.dir).mode & 0o777).toBe(0o700);
    expect(await spool.entries()).toEqual([
      expect.objectContaining({ event_id: id, kind: 'copy', reason: null, size_bytes: 70_000, attempts: 0 }),
    ]);
  });

  it('withholds with the right reason: changed since read, too large, unreadable, spool full', async () => {
    const { file, spool } = setup(100_000);
    writeFileSync(file, randomBytes(60_000));
    const content = await readContent(file, 1 << 20);
    // Changed between the decision and the copy (same size, other bytes).
    writeFileSync(file, randomBytes(60_000));
    expect(await spool.capture(randomUUID(), file, content)).toBe('changed');
    // Read only in part for the decision: no whole-file hash to vouch for a copy.
    writeFileSync(file, randomBytes(60_000));
    const partial = await readContent(file, 1_000);
    expect(await spool.capture(randomUUID(), file, partial)).toBe('over_cap');
    const unreadable = await readContent(join(file, 'missing'), 1 << 20);
    expect(await spool.capture(randomUUID(), file, unreadable)).toBe('unreadable');
    // The spool holds at most 100,000 bytes here: a second copy of 60,000 does not fit.
    const whole = await readContent(file, 1 << 20);
    expect(await spool.capture(randomUUID(), file, whole)).toBe('kept');
    expect(await spool.capture(randomUUID(), file, whole)).toBe('spool_full');
    const kinds = (await spool.entries()).map((e) => e.reason ?? e.kind).sort();
    expect(kinds).toEqual(['changed', 'copy', 'over_cap', 'spool_full', 'unreadable']);
    // A withheld notice keeps no bytes.
    expect(readdirSync(spool.dir).filter((n) => n.endsWith('.bin'))).toHaveLength(1);
  });
});

describe('evidence spool after a crash', () => {
  it('removes half-written files and answers a copy without its record as spool_failed', async () => {
    const { spool } = setup();
    const id = randomUUID();
    const other = randomUUID();
    await spool.withhold(other, 'changed');
    writeFileSync(spool.copyPath(id), 'bytes never confirmed');
    writeFileSync(join(spool.dir, `${other}.json.tmp`), '{');
    const entries = await spool.entries();
    expect(entries.map((e) => [e.event_id, e.kind, e.reason]).sort()).toEqual(
      [
        [id, 'withheld', 'spool_failed'],
        [other, 'withheld', 'changed'],
      ].sort(),
    );
    expect(readdirSync(spool.dir).sort()).toEqual([`${id}.json`, `${other}.json`].sort());
  });
});

describe('evidence upload retries', () => {
  async function peerSetup() {
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
    closers.push(async () => {
      await transport.close();
      await peer.stop().catch(() => undefined);
    });
    return { peer, transport, signer: { key, deviceId: peer.deviceId } };
  }

  it('keeps an entry the server cannot place yet (404) with back-off, and a copy while it is unreachable', async () => {
    const { file, spool, advance, now } = setup();
    const { peer, transport, signer } = await peerSetup();
    // The peer serves no evidence route: the event is "not on the server yet".
    const notice = randomUUID();
    await spool.withhold(notice, 'changed');
    const r = await uploadEvidence(spool, transport, signer, quiet, now);
    expect(r).toMatchObject({ withheld_sent: 0, retry: 1 });
    expect(await spool.entries()).toEqual([expect.objectContaining({ attempts: 1, next_at: now() + 5_000 })]);
    // Not due yet: not sent again.
    expect(await uploadEvidence(spool, transport, signer, quiet, now)).toMatchObject({ retry: 0 });
    advance(5_000);
    expect(await uploadEvidence(spool, transport, signer, quiet, now)).toMatchObject({ retry: 1 });
    expect((await spool.entries())[0]).toMatchObject({ attempts: 2, next_at: now() + 10_000 });
    await spool.remove(notice);
    // Unreachable: the copy stays spooled, byte for byte.
    writeFileSync(file, randomBytes(1_000));
    const id = randomUUID();
    await spool.capture(id, file, await readContent(file, 1 << 20));
    await peer.stop();
    expect(await uploadEvidence(spool, transport, signer, quiet, now)).toMatchObject({ stopped: 'offline' });
    expect((await spool.readCopy(id)).length).toBe(1_000);
    expect(await spool.entries()).toEqual([
      expect.objectContaining({ event_id: id, kind: 'copy', attempts: 0 }),
    ]);
  });
});

describe('the decision pipeline asks for a copy only when the deciding version says full_file', () => {
  async function pipelineWith(fullFile: boolean) {
    const { dir, spool } = setup();
    const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
    closers.push(async () => queue.close());
    const bundle = cardBundle();
    bundle.policies[0]!.evidence = fullFile ? { metadata: true, full_file: true } : { metadata: true };
    const runtime = prepareRuntime(bundle);
    const pipeline = new DecisionPipeline({
      platform: await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') }),
      queue,
      runtime: () => runtime,
      device: { id: 'dev-1', agent_group: () => null },
      offline: () => false,
      log: quiet,
      evidence: spool,
    });
    const path = join(dir, 'cards.txt');
    const bytes = Buffer.from(`cards\n${VALID_CARDS[0]}\n`);
    writeFileSync(path, bytes);
    await pipeline.handle({
      channel: 'discovery',
      path,
      content: await readContent(path, 1 << 20),
      occurred_at: new Date().toISOString(),
    });
    const event = queue.nextBatch(10)!.events[0]!.body;
    return { spool, event, bytes };
  }

  it('full_file: the event says evidence_requested and the copy waits in the spool', async () => {
    const { spool, event, bytes } = await pipelineWith(true);
    expect(event.evidence_requested).toBe(true);
    const [entry] = await spool.entries();
    expect(entry).toMatchObject({ event_id: event.event_id, kind: 'copy' });
    expect((await spool.readCopy(event.event_id as string)).equals(bytes)).toBe(true);
  });

  it('without full_file: no evidence_requested and nothing spooled', async () => {
    const { spool, event } = await pipelineWith(false);
    expect(event.evidence_requested).toBeUndefined();
    expect(await spool.entries()).toEqual([]);
  });
});
