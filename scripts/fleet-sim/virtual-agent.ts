import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildCsr } from '../../agent/src/identity/csr.js';
import { softwareKeyInMemory } from '../../agent/src/identity/software-key.js';
import type { CapabilityMatrix } from '../../agent/src/platform/types.js';
import { AgentApi, ENROLL_SCHEMA_VERSION } from '../../agent/src/transport/agent-api.js';
import type { AgentTransport } from '../../agent/src/transport/client.js';
import { HttpError } from '../../agent/src/transport/errors.js';
import { agentEvent } from '../../server/test/agents/event-factory.js';
import type { Tally } from './tally.js';

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
}

/**
 * One simulated endpoint: a real Ed25519 device key, enrolled with a real CSR, speaking through the
 * agent's own transport (request signing, clock correction). It does what the agent's loops do on
 * the wire and nothing else: check in, fetch the policy when told a new one is there, and upload
 * its queued events in batches. Check-ins and policy fetches go through the fleet's control pool,
 * uploads through its upload pool, so one endpoint's check-in never waits in the simulator behind
 * other endpoints' uploads (a real endpoint has its own connection).
 */
export class VirtualAgent {
  private api: AgentApi;
  private uploadApi: AgentApi;
  private bundleVersion = 0;
  private trustVersion = 0;
  private keyIds: string[] = [];
  private seq = 0;

  private constructor(
    readonly index: number,
    api: AgentApi,
    uploadApi: AgentApi,
  ) {
    this.api = api;
    this.uploadApi = uploadApi;
  }

  static async enrol(
    transport: AgentTransport,
    uploads: AgentTransport,
    index: number,
    token: string,
  ): Promise<VirtualAgent> {
    const key = softwareKeyInMemory(generateKeyPairSync('ed25519').privateKey);
    const hostname = `sim-${String(index).padStart(5, '0')}`;
    const api = new AgentApi(transport, null);
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
    api.setSigner({ key, deviceId: res.device_id });
    const uploadApi = new AgentApi(uploads, null);
    uploadApi.setSigner({ key, deviceId: res.device_id });
    const agent = new VirtualAgent(index, api, uploadApi);
    agent.trustVersion = res.policy_trust_version ?? 0;
    agent.keyIds = res.policy_signing_keys.map((k) => k.key_id);
    return agent;
  }

  /** One check-in (timed), then the policy fetch it asks for. */
  async checkin(tally: Tally): Promise<void> {
    const t0 = performance.now();
    const answer = await this.api.checkin({
      health: { queue_depth: 0 },
      capabilities: CAPABILITIES,
      bundle_version: this.bundleVersion,
      policy_trust_version: this.trustVersion,
      trusted_policy_key_ids: this.keyIds,
      edm_key_ids: [],
    });
    tally.checkinMs.push(performance.now() - t0);
    if (answer.policy_update_available) await this.fetchPolicy(tally);
  }

  async fetchPolicy(tally: Tally): Promise<void> {
    const policy = await this.api.policy();
    if (policy.refused) throw new Error(`policy refused: ${JSON.stringify(policy.refused)}`);
    tally.policyFetches += 1;
    if (policy.bundle_version > this.bundleVersion) this.bundleVersion = policy.bundle_version;
  }

  /**
   * Uploads `count` events that occurred one every `eventMs` up to `nowMs`. A 503 (the server's
   * ingest is busy) keeps the batch: the same batch id is sent again after `busy.delayMs`.
   */
  async upload(
    tally: Tally,
    policyId: string,
    count: number,
    eventMs: number,
    nowMs: number,
    busy: BusyRetry,
  ): Promise<void> {
    const events = Array.from({ length: count }, (_, i) => {
      const n = this.seq + i;
      const content = `sim${this.index}-doc-${(n * 7) % 40}`;
      return agentEvent({
        policy: policyId,
        channel: ['file_modify', 'file_create', 'removable_storage'][n % 3]!,
        person: `user${this.index * 3 + (n % 3)}`,
        content,
        path: `/home/share/${content}.docx`,
        hostname: `sim-${this.index}`,
        at: new Date(nowMs - (count - i) * eventMs).toISOString(),
      });
    });
    this.seq += count;
    const batchId = randomUUID();
    for (;;) {
      try {
        const res = await this.uploadApi.events(batchId, events);
        tally.eventsSent += count;
        tally.uploads += 1;
        for (const ack of res.acks) tally.acks[ack.status] = (tally.acks[ack.status] ?? 0) + 1;
        return;
      } catch (err) {
        if (!(err instanceof HttpError) || err.status !== 503) throw err;
        tally.busy += 1;
        if (Date.now() + busy.delayMs >= busy.until()) {
          tally.deferredEvents += count;
          return;
        }
        await new Promise((r) => setTimeout(r, busy.delayMs));
      }
    }
  }
}
