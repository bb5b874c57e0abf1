import type { PolicySigningKey } from '../enrollment-state.js';
import type { CapabilityMatrix } from '../platform/types.js';
import type { Ack, AckStatus } from '../queue/event-queue.js';
import type { AgentTransport, Signer } from './client.js';

/** Document 2 route paths, kept exactly. */
export const ROUTES = {
  enroll: '/api/v1/agent/enroll',
  probe: '/api/v1/agent/probe',
  checkin: '/api/v1/agent/checkin',
  policy: '/api/v1/agent/policy',
  events: '/api/v1/agent/events',
  certificate: '/api/v1/agent/certificate',
} as const;

/** Enrolment schema version this agent speaks. */
export const ENROLL_SCHEMA_VERSION = { major: 1, minor: 0 } as const;

export interface EnrollRequest {
  schema_version: { major: number; minor: number };
  enrollment_token: string;
  hardware_id: string;
  hostname: string;
  os: string;
  os_version: string;
  agent_version: string;
  device_public_key_b64: string;
  device_signature_algorithm: string;
  device_key_protection: string;
  csr_pem: string;
  capabilities: CapabilityMatrix;
}

export interface EnrollResponse {
  device_id: string;
  tenant_id: string;
  certificate_pem: string;
  ca_chain_pem: string;
  certificate_expires_at: string;
  policy_signing_keys: PolicySigningKey[];
  /** The trust version of `policy_signing_keys` (docs/signing-keys.md); absent from older servers. */
  policy_trust_version?: number;
  checkin_interval_secs: number;
  agent_group: string | null;
}

export interface ProbeResponse {
  server_time: string;
  clock_drift_ms: number;
}

export interface CheckinRequest {
  health: Record<string, unknown>;
  capabilities: CapabilityMatrix;
  bundle_version: number;
  policy_trust_version: number;
  trusted_policy_key_ids: string[];
  edm_key_ids: string[];
}

/** Check-in answer, read leniently: document 2 names the flags but not every spelling. */
export interface CheckinResponse {
  clock_drift_ms: number | null;
  server_time: string | null;
  policy_update_available: boolean;
  revoked: boolean;
  rotate_certificate: boolean;
  commands: unknown[];
  policy_trust_update: unknown | null;
  /** The tenant's network indicators (checked by the receiver; docs/network-indicators.md). */
  network_indicators: unknown | null;
  /**
   * The endpoint group the server has this device in now (null: none); undefined when the server
   * did not say (an older server), and the agent then keeps the group it knows.
   */
  agent_group: string | null | undefined;
  /** The release the endpoint's group is rolled out to (update/offer.ts reads it; docs/agent-updates.md). */
  agent_update: unknown | null;
}

export interface PolicyResponse {
  bundle_version: number;
  bundle: unknown | null;
  reason: string | null;
  refused: { code: string; missing?: string[] } | null;
}

export interface EventsResponse {
  acks: Ack[];
  throttle_ms: number | null;
}

const ACK_NAMES: Record<string, AckStatus> = {
  accepted: 'Accepted',
  duplicate: 'Duplicate',
  rejected: 'Rejected',
  retry: 'Retry',
};

/** Reads one ack; unknown shapes become Retry so nothing is dropped on a misunderstanding. */
export function parseAck(raw: unknown): Ack | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = r.event_id;
  if (typeof id !== 'string') return null;
  const word = [r.status, r.ack, r.result, r.outcome].find((v) => typeof v === 'string') as
    | string
    | undefined;
  const status = word ? ACK_NAMES[word.toLowerCase()] : undefined;
  return {
    event_id: id,
    status: status ?? 'Retry',
    reason: typeof r.reason === 'string' ? r.reason : status ? null : 'unrecognised_ack',
  };
}

function bool(v: unknown): boolean {
  return v === true;
}

/** Thin typed calls over the transport; rules (what to do with an answer) live in the service. */
export class AgentApi {
  constructor(
    readonly transport: AgentTransport,
    private signer: Signer | null,
  ) {}

  setSigner(signer: Signer): void {
    this.signer = signer;
  }

  private need(): Signer {
    if (!this.signer) throw new Error('not enrolled: no device identity to sign with');
    return this.signer;
  }

  enroll(req: EnrollRequest): Promise<EnrollResponse> {
    return this.transport.json<EnrollResponse>('POST', ROUTES.enroll, req, null);
  }

  /** Probe changes nothing on the server (no command collected); also learns the clock offset. */
  async probe(): Promise<{ status: number; body: ProbeResponse | null }> {
    const signer = this.need();
    const sent = this.transport.localNow();
    const res = await this.transport.send(
      'POST',
      ROUTES.probe,
      { device_id: signer.deviceId, client_time: new Date(this.transport.now()).toISOString() },
      signer,
    );
    const body = res.status === 200 ? (res.body as ProbeResponse) : null;
    if (body && typeof body.server_time === 'string')
      this.transport.learnServerTime(body.server_time, sent, this.transport.localNow());
    return { status: res.status, body };
  }

  async checkin(req: CheckinRequest): Promise<CheckinResponse> {
    const sent = this.transport.localNow();
    const r = await this.transport.json<Record<string, unknown>>('POST', ROUTES.checkin, req, this.need());
    const serverTime = typeof r.server_time === 'string' ? r.server_time : null;
    if (serverTime) this.transport.learnServerTime(serverTime, sent, this.transport.localNow());
    return {
      clock_drift_ms: typeof r.clock_drift_ms === 'number' ? r.clock_drift_ms : null,
      server_time: serverTime,
      policy_update_available: bool(r.policy_update_available),
      revoked: bool(r.revoked),
      rotate_certificate:
        bool(r.certificate_rotation) || bool(r.rotate_certificate) || bool(r.certificate_rotation_due),
      commands: Array.isArray(r.commands) ? r.commands : [],
      policy_trust_update: r.policy_trust_update ?? null,
      network_indicators: r.network_indicators ?? null,
      agent_update: r.agent_update ?? null,
      agent_group:
        typeof r.agent_group === 'string' && r.agent_group !== ''
          ? r.agent_group
          : r.agent_group === null
            ? null
            : undefined,
    };
  }

  async policy(): Promise<PolicyResponse> {
    const r = await this.transport.json<Record<string, unknown>>(
      'GET',
      ROUTES.policy,
      undefined,
      this.need(),
    );
    return {
      bundle_version: typeof r.bundle_version === 'number' ? r.bundle_version : 0,
      bundle: r.bundle ?? null,
      reason: typeof r.reason === 'string' ? r.reason : null,
      refused: (r.refused as PolicyResponse['refused']) ?? null,
    };
  }

  async events(batchId: string, events: Record<string, unknown>[]): Promise<EventsResponse> {
    const r = await this.transport.json<Record<string, unknown>>(
      'POST',
      ROUTES.events,
      { batch_id: batchId, events },
      this.need(),
    );
    const list = Array.isArray(r.acks) ? r.acks : Array.isArray(r.results) ? r.results : [];
    return {
      acks: list.map(parseAck).filter((a): a is Ack => a !== null),
      throttle_ms: typeof r.throttle_ms === 'number' && r.throttle_ms > 0 ? r.throttle_ms : null,
    };
  }

  certificate(
    csrPem: string,
  ): Promise<{ certificate_pem: string; certificate_expires_at: string; ca_chain_pem?: string }> {
    return this.transport.json('POST', ROUTES.certificate, { csr_pem: csrPem }, this.need());
  }
}
