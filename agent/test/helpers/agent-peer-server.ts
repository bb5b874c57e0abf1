import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { makeServerTls } from './tls.js';
import { whenTrue } from './wait.js';

export interface ReceivedBatch {
  batch_id: string;
  event_ids: string[];
}

/**
 * A minimal HTTPS peer speaking document 2's agent routes, for tests that must control the server's
 * timing (answers held back so the agent can be killed mid-upload) before the real server exists in
 * the same test. It verifies every signed request exactly as document 2 describes (canonical string,
 * pinned Ed25519 key, ±300 s, unused nonce) and answers retried batches from an idempotency record.
 */
export class AgentPeerServer {
  server!: Server;
  caPem = '';
  url = '';
  readonly batches: ReceivedBatch[] = [];
  readonly accepted = new Set<string>();
  /** Every event body received, first copy only. */
  readonly events: Record<string, unknown>[] = [];
  /** Check-in answer flag; also true while `policyResponse` holds a bundle the agent has not reported. */
  policyUpdate = false;
  /** Lifetime of certificates the peer issues, in days. */
  certificateDays = 90;
  /** Certificate requests received (CSR PEMs); answered unless `refuseCertificates`. */
  readonly certificateRequests: string[] = [];
  refuseCertificates = false;
  /** Check-in's certificate-rotation flag (the server asks for a renewal). */
  certificateRotation = false;
  /** Events requests still to refuse with 429 (Retry-After 2). */
  rateLimitEvents = 0;
  /** Uploads answered `503 agent.ingest_busy` with `Retry-After: 7` before any is taken. */
  busyEvents = 0;
  /** throttle_ms added to successful events answers. */
  throttleMs: number | null = null;
  /** Commands handed out (and cleared) at the next check-in. */
  readonly commands: Record<string, unknown>[] = [];
  /** Bodies of `incident-answers` requests received. */
  readonly answers: Record<string, unknown>[] = [];
  /** Exception requests raised (bodies); refused with 503 while `refuseExceptionRequests`. */
  readonly exceptionRequests: Record<string, unknown>[] = [];
  refuseExceptionRequests = false;
  /** Signed decision envelopes the next polls answer, and the request states they list. */
  exceptionDecisions: unknown[] = [];
  exceptionStates: { reference: string; state: string }[] = [];
  /** `since` of each decisions poll. */
  readonly exceptionPolls: number[] = [];
  /** Check-in bodies received. */
  readonly checkins: Record<string, unknown>[] = [];
  /** Keys the enrolment answer hands out. */
  policySigningKeys: unknown[] = [];
  readonly refusals: string[] = [];
  private readonly answered = new Map<string, unknown>();
  private readonly nonces = new Set<string>();
  devicePublicKey: Buffer | null = null;
  deviceId = randomUUID();
  /** When set, an events request is recorded and then left unanswered until released. */
  holdEvents = false;
  private readonly held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();
  onEventsReceived: (() => void) | null = null;
  policyResponse: unknown = { bundle_version: 0, bundle: null, reason: 'no bundle published' };
  /** Emits `request` once a request has been handled and recorded. */
  readonly received = new EventEmitter();

  async start(): Promise<void> {
    const tls = await makeServerTls();
    this.caPem = tls.caPem;
    this.server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
      void this.handle(req, res).finally(() => this.received.emit('request'));
    });
    // Raw sockets from accept on: `closeAllConnections` misses one still in its TLS handshake.
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Waits until `cond` holds over what the peer recorded, checked after each request it handles. */
  until(cond: () => boolean, what: string, ms = 30_000): Promise<void> {
    return whenTrue([this.received], 'request', cond, what, ms);
  }

  releaseHeld(): void {
    for (const r of this.held.splice(0)) r();
  }

  async stop(): Promise<void> {
    this.releaseHeld();
    const closed = new Promise((r) => this.server.close(r));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json', date: new Date().toUTCString() });
    res.end(JSON.stringify(body));
  }

  private checkSignature(req: IncomingMessage, body: Buffer): string | null {
    const h = (n: string) => req.headers[n] as string | undefined;
    const id = h('x-dlp-device-id');
    const ts = h('x-dlp-timestamp');
    const nonce = h('x-dlp-nonce');
    const sig = h('x-dlp-signature');
    if (!id || !ts || !nonce || !sig) return 'missing signature headers';
    if (id !== this.deviceId || !this.devicePublicKey) return 'unknown device';
    if (Math.abs(Date.parse(ts) - Date.now()) > 300_000) return 'stale timestamp';
    if (this.nonces.has(nonce)) return 'spent nonce';
    const path = req.url ?? '';
    const canonical = [req.method, path, createHash('sha256').update(body).digest('hex'), id, ts, nonce].join(
      '\u001f',
    );
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), this.devicePublicKey]);
    const ok = verify(
      null,
      Buffer.from(canonical),
      createPublicKey({ key: spki, format: 'der', type: 'spki' }),
      Buffer.from(sig, 'base64'),
    );
    if (!ok) return 'bad signature';
    this.nonces.add(nonce);
    return null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const json = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    if (req.url === '/api/v1/agent/enroll') {
      if (json.enrollment_token !== 'good-token')
        return this.send(res, 403, {
          code: 'agent.enrollment_refused',
          message: 'token not usable',
          details: [],
        });
      this.devicePublicKey = Buffer.from(json.device_public_key_b64 as string, 'base64');
      return this.send(res, 200, {
        device_id: this.deviceId,
        tenant_id: 'tenant-1',
        certificate_pem: 'test-certificate',
        ca_chain_pem: 'test-chain',
        certificate_expires_at: new Date(Date.now() + this.certificateDays * 86_400_000).toISOString(),
        policy_signing_keys: this.policySigningKeys,
        checkin_interval_secs: 60,
        agent_group: null,
      });
    }
    const refusal = this.checkSignature(req, body);
    if (refusal) {
      this.refusals.push(refusal);
      // Document 2: a stale timestamp names itself; other identity failures are one refusal.
      const code = refusal === 'stale timestamp' ? 'agent.timestamp_stale' : 'agent.unauthenticated';
      return this.send(res, 401, { code, message: 'refused', details: [] });
    }
    switch (req.url) {
      case '/api/v1/agent/probe':
        return this.send(res, 200, { server_time: new Date().toISOString(), clock_drift_ms: 0 });
      case '/api/v1/agent/checkin':
        this.checkins.push(json);
        return this.send(res, 200, {
          policy_update_available: this.policyUpdate,
          revoked: false,
          certificate_rotation: this.certificateRotation,
          commands: this.commands.splice(0),
          server_time: new Date().toISOString(),
        });
      case '/api/v1/agent/certificate':
        this.certificateRequests.push(json.csr_pem as string);
        if (this.refuseCertificates)
          return this.send(res, 503, { code: 'service.unavailable', message: 'down', details: [] });
        return this.send(res, 200, {
          certificate_pem: `renewed-${this.certificateRequests.length}`,
          certificate_expires_at: new Date(Date.now() + 90 * 86_400_000).toISOString(),
        });
      case '/api/v1/agent/incident-answers':
        this.answers.push(json);
        return this.send(res, 200, {
          question_id: json.question_id,
          comment_id: randomUUID(),
          status_changed: true,
        });
      case '/api/v1/agent/policy':
        return this.send(res, 200, this.policyResponse);
      case '/api/v1/agent/exception-requests': {
        if (this.refuseExceptionRequests)
          return this.send(res, 503, { code: 'service.unavailable', message: 'down', details: [] });
        this.exceptionRequests.push(json);
        const n = this.exceptionRequests.length;
        return this.send(res, 200, {
          id: randomUUID(),
          reference: `EXC-TEST000${n}`,
          state: 'pending',
          approver_label: 'the data office',
        });
      }
      case '/api/v1/agent/exception-decisions':
        this.exceptionPolls.push(json.since as number);
        return this.send(res, 200, {
          decisions: this.exceptionDecisions,
          approver_label: 'the data office',
          requests: this.exceptionStates,
        });
      case '/api/v1/agent/events': {
        if (this.rateLimitEvents > 0) {
          this.rateLimitEvents--;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' });
          res.end(JSON.stringify({ code: 'agent.rate_limited', message: 'slow down', details: [] }));
          return;
        }
        if (this.busyEvents > 0) {
          this.busyEvents--;
          res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '7' });
          res.end(JSON.stringify({ code: 'agent.ingest_busy', message: 'busy', details: [] }));
          return;
        }
        const batchId = json.batch_id as string;
        const events = json.events as { event_id: string }[];
        this.batches.push({ batch_id: batchId, event_ids: events.map((e) => e.event_id) });
        const prior = this.answered.get(batchId);
        let answer = prior;
        if (!answer) {
          const acks = events.map((e) => ({
            event_id: e.event_id,
            status: this.accepted.has(e.event_id) ? 'Duplicate' : 'Accepted',
          }));
          for (const e of events) {
            if (!this.accepted.has(e.event_id)) this.events.push(e as unknown as Record<string, unknown>);
            this.accepted.add(e.event_id);
          }
          answer = { acks };
          this.answered.set(batchId, answer);
        }
        this.onEventsReceived?.();
        if (this.holdEvents) await new Promise<void>((r) => this.held.push(r));
        return this.send(
          res,
          200,
          this.throttleMs ? { ...(answer as object), throttle_ms: this.throttleMs } : answer,
        );
      }
      default:
        return this.send(res, 404, { code: 'request.not_found', message: 'no such route', details: [] });
    }
  }
}
