import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildCsr } from '../../agent/src/identity/csr.js';
import { softwareKeyInMemory } from '../../agent/src/identity/software-key.js';
import type { CapabilityMatrix } from '../../agent/src/platform/types.js';
import {
  AgentApi,
  type CheckinResponse,
  ENROLL_SCHEMA_VERSION,
  type EventsResponse,
} from '../../agent/src/transport/agent-api.js';
import type { AgentTransport } from '../../agent/src/transport/client.js';
import { HttpError, UnreachableError } from '../../agent/src/transport/errors.js';
import { agentEvent } from '../../server/test/agents/event-factory.js';
import type { Slots } from './slots.js';
import { recordLostConnection, type Tally } from './tally.js';

const CAPABILITIES: CapabilityMatrix = {
  os: 'linux',
  os_version: '6.1.0',
  agent_version: '0.1.0',
  agent_platform: 'linux-x64',
  channels: Object.fromEntries(
    ['discovery', 'file_create', 'file_modify', 'removable_storage'].map((c) => [
      c,
      { observe: true, block: false, notify: false },
    ]),
  ),
  scope_attributes: [],
  features: ['scope_exclusions', 'fingerprint_corpora'],
};

/** How an upload the server answered 503 (ingest busy) is sent again, as the agent does. */
export interface BusyRetry {
  /** Pause before sending the same batch again. */
  delayMs: number;
  /** The run's end: a batch still refused then is counted as deferred, not sent again. */
  until: () => number;
  /** One per connection of the upload pool, taken before the batch's body is made (slots.ts). */
  slots: Slots;
  /**
   * Pause after an upload whose connection was lost before its answer (UnreachableError): the
   * agent's uploader then goes offline for 30 s and sends the same batch again (agent/src/uploader.ts);
   * the batch id makes the second send safe.
   */
  offlineMs: number;
}

/**
 * One simulated endpoint: a real Ed25519 device key, enrolled with a real CSR, speaking through the
 * agent's own transport (request signing, clock correction). It does what the agent's loops do on
 * the wire and nothing else: check in, fetch the policy when told a new one is there, and upload
 * its queued events in batches. Check-ins, policy fetches and uploads each go through a pool of
 * their own, so one endpoint's check-in never waits in the simulator behind other endpoints'
 * uploads or policy fetches (a real endpoint has its own connection).
 */
export class VirtualAgent {
  private api: AgentApi;
  private fetchApi: AgentApi;
  private uploadApi: AgentApi;
  private bundleVersion = 0;
  private trustVersion = 0;
  private keyIds: string[] = [];
  private seq = 0;

  /** `enrol` makes one with its three enrolled APIs; a test may give its own. */
  constructor(
    readonly index: number,
    api: AgentApi,
    fetchApi: AgentApi,
    uploadApi: AgentApi,
  ) {
    this.api = api;
    this.fetchApi = fetchApi;
    this.uploadApi = uploadApi;
  }

  /** Enrols through the check-in pool; `pools` are the fleet's three (fleet.ts). */
  static async enrol(
    pools: { checkins: AgentTransport; fetches: AgentTransport; uploads: AgentTransport },
    index: number,
    token: string,
  ): Promise<VirtualAgent> {
    const key = softwareKeyInMemory(generateKeyPairSync('ed25519').privateKey);
    const hostname = `sim-${String(index).padStart(5, '0')}`;
    const api = new AgentApi(pools.checkins, null);
    const res = await api.enroll({
      schema_version: ENROLL_SCHEMA_VERSION,
      enrollment_token: token,
      hardware_id: createHash('sha256').update(`${hostname}-${randomUUID()}`).digest('hex'),
      hostname,
      os: 'linux',
      os_version: '6.1.0',
      agent_version: '0.1.0',
      device_public_key_b64: Buffer.from(key.publicKey()).toString('base64'),
      device_signature_algorithm: key.algorithm,
      device_key_protection: key.protection,
      csr_pem: await buildCsr(key, hostname),
      capabilities: CAPABILITIES,
    });
    const signer = { key, deviceId: res.device_id };
    api.setSigner(signer);
    const fetchApi = new AgentApi(pools.fetches, null);
    fetchApi.setSigner(signer);
    const uploadApi = new AgentApi(pools.uploads, null);
    uploadApi.setSigner(signer);
    const agent = new VirtualAgent(index, api, fetchApi, uploadApi);
    agent.trustVersion = res.policy_trust_version ?? 0;
    agent.keyIds = res.policy_signing_keys.map((k) => k.key_id);
    return agent;
  }

  /**
   * One check-in (timed from before it is signed to its parsed answer), then the policy fetch it
   * asks for. The fleet's check-ins in flight are counted: while they stay below the check-in
   * pool's connections, no check-in waited in the simulator for a connection.
   */
  async checkin(tally: Tally): Promise<void> {
    tally.checkinsInFlight += 1;
    tally.peakCheckinsInFlight = Math.max(tally.peakCheckinsInFlight, tally.checkinsInFlight);
    const t0 = performance.now();
    let answer: CheckinResponse;
    try {
      answer = await this.api.checkin({
        health: { queue_depth: 0 },
        capabilities: CAPABILITIES,
        bundle_version: this.bundleVersion,
        policy_trust_version: this.trustVersion,
        trusted_policy_key_ids: this.keyIds,
        edm_key_ids: [],
      });
    } finally {
      tally.checkinsInFlight -= 1;
    }
    const ms = performance.now() - t0;
    tally.checkinMs.push(ms);
    if (ms > 1000) tally.slowCheckinsSentAt.push(t0);
    if (answer.policy_update_available) await this.fetchPolicy(tally);
  }

  async fetchPolicy(tally: Tally): Promise<void> {
    const policy = await this.fetchApi.policy();
    if (policy.refused) throw new Error(`policy refused: ${JSON.stringify(policy.refused)}`);
    tally.policyFetches += 1;
    if (policy.bundle_version > this.bundleVersion) this.bundleVersion = policy.bundle_version;
  }

  /**
   * Uploads `count` events that occurred one every `eventMs` up to `nowMs`. A 503 (the server's
   * ingest is busy) keeps the batch: the same batch id and events are sent again after
   * `busy.delayMs`. Like the agent, whose queue is on disk, the endpoint does not hold the
   * batch's events in memory while it waits: they are made again, the same (their ids derive
   * from the batch id), for each send. Ten thousand endpoints each holding a refused batch of 500
   * events kept millions of objects on the simulator's heap, whose collections stalled it for
   * seconds and showed as check-in latency.
   */
  async upload(
    tally: Tally,
    policyId: string,
    count: number,
    eventMs: number,
    nowMs: number,
    busy: BusyRetry,
  ): Promise<void> {
    const first = this.seq;
    this.seq += count;
    const batchId = randomUUID();
    // An endpoint's events repeat a few shapes (3 channels and people, 40 documents: 120 kinds):
    // each kind is made once per send and its events are shallow copies with their own id and
    // time, so the simulator's CPU goes to sending rather than to building (it shares the
    // machine with the server it measures).
    const events = () => {
      const kinds = new Map<number, Record<string, unknown>>();
      return Array.from({ length: count }, (_, i) => {
        const n = first + i;
        const kind = n % 120;
        let base = kinds.get(kind);
        if (!base) {
          const content = `sim${this.index}-doc-${(n * 7) % 40}`;
          base = agentEvent({
            policy: policyId,
            channel: ['file_modify', 'file_create', 'removable_storage'][n % 3]!,
            person: `user${this.index * 3 + (n % 3)}`,
            content,
            path: `/home/share/${content}.docx`,
            hostname: `sim-${this.index}`,
          });
          kinds.set(kind, base);
        }
        return {
          ...base,
          event_id: eventIdOf(batchId, i),
          occurred_at: new Date(nowMs - (count - i) * eventMs).toISOString(),
        };
      });
    };
    for (;;) {
      try {
        await busy.slots.acquire();
        let res: EventsResponse;
        try {
          res = await this.uploadApi.events(batchId, events());
        } finally {
          busy.slots.release();
        }
        tally.eventsSent += count;
        tally.uploads += 1;
        for (const ack of res.acks) tally.acks[ack.status] = (tally.acks[ack.status] ?? 0) + 1;
        return;
      } catch (err) {
        let pauseMs: number;
        if (err instanceof HttpError && err.status === 503) {
          tally.busy += 1;
          pauseMs = busy.delayMs;
        } else if (err instanceof UnreachableError) {
          recordLostConnection(tally, err);
          pauseMs = busy.offlineMs;
        } else throw err;
        if (Date.now() + pauseMs >= busy.until()) {
          tally.deferredEvents += count;
          return;
        }
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    }
  }
}

/**
 * The `i`-th event id of a batch: the batch's own (random, version 4) UUID with its last group
 * replaced by the event's index, so every send of the batch carries the same ids and two
 * batches share none (their first 80 random bits differ).
 */
export function eventIdOf(batchId: string, i: number): string {
  return `${batchId.slice(0, 24)}${i.toString(16).padStart(12, '0')}`;
}
