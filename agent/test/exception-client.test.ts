import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DecisionPayload, signDecision } from '@custos/engine';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readEnrollment } from '../src/enrollment-state.js';
import { loadPinnedDeviceKey } from '../src/identity/select-key.js';
import {
  ExceptionClient,
  POLL_BUSY_MS,
  POLL_FAILED_MAX_MS,
  POLL_IDLE_MS,
} from '../src/people/exception-client.js';
import { ExceptionStore } from '../src/people/exception-store.js';
import { AgentTransport } from '../src/transport/client.js';
import type { AgentPeerServer } from './helpers/agent-peer-server.js';
import { enrolledPeerAgent } from './helpers/peer-agent.js';
import { linuxPlatform } from './helpers/platform.js';
import { policyKey } from './helpers/signing-keys.js';

/**
 * Issue 18, the agent's exception client against an HTTPS peer that verifies every signed request:
 * a request survives a failed send and a restart (it is in `exceptions.json` first), decisions are
 * verified with the enrolled policy signing keys before they count (forged, replayed and run-out
 * ones release nothing), a refusal takes an approval back, and the poll follows document 2's cadence.
 */
const NOW = Date.parse('2026-11-25T12:00:00Z');
const key = policyKey();
const stranger = policyKey('key-1'); // same key id, another key: a forgery
const stops: (() => Promise<unknown> | unknown)[] = [];
let peer: AgentPeerServer;
let stateDir = '';
let now = NOW;

afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

beforeEach(async () => {
  now = NOW;
  const a = await enrolledPeerAgent({
    started: (p) => {
      stops.push(() => p.stop());
      p.policySigningKeys = [key.trusted];
    },
  });
  peer = a.peer;
  stateDir = a.stateDir;
}, 60_000);

async function client(): Promise<{ client: ExceptionClient; store: ExceptionStore }> {
  const enrollment = (await readEnrollment(stateDir))!;
  const platform = await linuxPlatform({});
  const { key: deviceKey } = await loadPinnedDeviceKey(stateDir, platform.deviceKeys);
  const transport = new AgentTransport({
    baseUrl: enrollment.server_url,
    caPem: readFileSync(join(stateDir, 'server-ca.pem'), 'utf8'),
    timeoutMs: 5_000,
  });
  stops.push(async () => {
    await transport.close();
    await deviceKey.close();
  });
  const store = new ExceptionStore(stateDir);
  await store.load();
  const c = new ExceptionClient({
    store,
    transport,
    key: deviceKey,
    enrollment: () => enrollment,
    session: null,
    log: () => {},
    clock: () => now,
  });
  return { client: c, store };
}

const HASH = 'ab'.repeat(32);

function decision(over: Partial<DecisionPayload>, signer = key): unknown {
  const payload: DecisionPayload = {
    kind: 'exception_decision',
    key_id: 'key-1',
    tenant_id: 'tenant-1',
    device_id: peer.deviceId,
    serial: 1,
    request_id: 'req-1',
    reference: 'EXC-TEST0001',
    decision: 'approved',
    policy_id: 'pol-1',
    policy_version: 1,
    file_hash: HASH,
    channel: 'file_open',
    destination: null,
    issued_at: new Date(now).toISOString(),
    expires_at: new Date(now + 30 * 60_000).toISOString(),
    ...over,
  };
  return signDecision(payload, signer.privateKey);
}

const op = { file_hash: HASH, channel: 'file_open', destination: null };

describe('exception requests on the endpoint', () => {
  it('keeps a request the server did not take, and sends it after a restart', async () => {
    const first = await client();
    peer.refuseExceptionRequests = true;
    await first.client.raise(
      {
        policy_id: 'pol-1',
        policy_version: 1,
        channel: 'file_open',
        destination: null,
        file_hash: HASH,
        file_name: 'statement.txt',
        category: 'business_need',
        justification: 'Auditors need the March statement today',
        prompt_reference: 'bundle-1',
        subject: 'ann',
      },
      '1000',
    );
    expect(peer.exceptionRequests).toHaveLength(0);
    expect(first.store.pending()).toMatchObject([{ reference: null, uid: '1000' }]);
    // Something pending: the fast cadence.
    expect(first.client.nextPollMs()).toBe(POLL_BUSY_MS);

    peer.refuseExceptionRequests = false;
    const again = await client(); // a restarted service reads exceptions.json
    expect(again.store.pending()).toHaveLength(1);
    await again.client.poll();
    expect(peer.exceptionRequests).toHaveLength(1);
    expect(peer.exceptionRequests[0]).toMatchObject({
      file_hash: HASH,
      channel: 'file_open',
      subject: 'ann',
    });
    expect(again.store.pending()[0]?.reference).toBe('EXC-TEST0001');
    expect(again.client.approverLabel).toBe('the data office');
  });

  it('accepts only verified decisions above the floor; a refusal takes the approval back', async () => {
    const { client: c, store } = await client();
    peer.exceptionDecisions = [decision({ serial: 1 }, stranger)];
    await c.poll();
    expect(store.releasing(op, now)).toEqual([]);
    expect(store.floor).toBe(0);

    peer.exceptionDecisions = [decision({ serial: 1 })];
    await c.poll();
    expect(store.releasing(op, now).map((a) => a.reference)).toEqual(['EXC-TEST0001']);
    expect(store.floor).toBe(1);
    expect(store.pending()).toEqual([]); // decided: no longer pending
    expect(peer.exceptionPolls.at(-1)).toBe(0);
    // Another file's content, or after its end: not released.
    expect(store.releasing({ ...op, file_hash: 'cd'.repeat(32) }, now)).toEqual([]);
    expect(store.releasing(op, now + 30 * 60_000)).toEqual([]);

    // The floor survives a restart; the same decision again is a replay and changes nothing.
    const restarted = await client();
    expect(restarted.store.floor).toBe(1);
    peer.exceptionDecisions = [decision({ serial: 1, decision: 'refused' })];
    await restarted.client.poll();
    expect(peer.exceptionPolls.at(-1)).toBe(1);
    expect(restarted.store.releasing(op, now)).toHaveLength(1);

    peer.exceptionDecisions = [decision({ serial: 2, decision: 'withdrawn' })];
    await restarted.client.poll();
    expect(restarted.store.releasing(op, now)).toEqual([]);
    expect(restarted.store.floor).toBe(2);
  });

  it('a request the server lists as expired or withdrawn is closed and releases nothing', async () => {
    const { client: c, store } = await client();
    await c.raise(
      {
        policy_id: 'pol-1',
        policy_version: 1,
        channel: 'file_open',
        destination: null,
        file_hash: HASH,
        file_name: 'statement.txt',
        category: 'business_need',
        justification: 'Auditors need the March statement today',
        prompt_reference: 'bundle-1',
        subject: 'ann',
      },
      '1000',
    );
    expect(store.pending().map((p) => p.reference)).toEqual(['EXC-TEST0001']);
    peer.exceptionStates = [{ reference: 'EXC-TEST0001', state: 'expired' }];
    await c.poll();
    expect(store.pending()).toEqual([]);
    expect(store.releasing(op, now)).toEqual([]);
    expect(c.nextPollMs()).toBe(POLL_IDLE_MS);
  });

  it('an approval that arrives after its end is refused', async () => {
    const { client: c, store } = await client();
    peer.exceptionDecisions = [
      decision({
        serial: 3,
        issued_at: new Date(now - 3_600_000).toISOString(),
        expires_at: new Date(now - 1).toISOString(),
      }),
    ];
    await c.poll();
    expect(store.floor).toBe(0);
    expect(store.releasing(op, now - 2)).toEqual([]);
  });

  it('polls on document 2 cadence: 15 minutes idle, doubling to five minutes after failures', async () => {
    const { client: c } = await client();
    expect(c.nextPollMs()).toBe(POLL_IDLE_MS);
    await peer.stop(); // unreachable from now on
    await c.poll();
    expect(c.nextPollMs()).toBe(60_000);
    await c.poll();
    await c.poll();
    await c.poll();
    expect(c.nextPollMs()).toBe(POLL_FAILED_MAX_MS);
  }, 60_000);
});
