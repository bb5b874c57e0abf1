import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type DecisionPayload, verifyDecision } from '@custos/engine';
import type { EnrollmentState } from '../enrollment-state.js';
import type { DeviceKey } from '../identity/device-key.js';
import type { Logger } from '../log.js';
import type { AgentTransport } from '../transport/client.js';
import type { SessionChannel } from './channel.js';
import type { ExceptionStore, PendingRequest, RequestBody } from './exception-store.js';

/** Document 2: every 30 s while a request is pending or an approval is in force. */
export const POLL_BUSY_MS = 30_000;
/** Document 2: every 15 minutes otherwise. */
export const POLL_IDLE_MS = 15 * 60_000;
/** Document 2: a failed poll doubles the wait, up to five minutes. */
export const POLL_FAILED_MAX_MS = 5 * 60_000;

/**
 * The clock decisions and approvals are read on: the system clock, or for tests only the offset in
 * milliseconds written in the file `DLP_AGENT_DECISION_CLOCK_FILE` names (read at each use, so a
 * test moves the agent past an approval's end without waiting; docs/agent.md, test hooks).
 */
export function decisionClock(env: NodeJS.ProcessEnv = process.env): () => number {
  const file = env.DLP_AGENT_DECISION_CLOCK_FILE;
  if (!file) return Date.now;
  return () => {
    try {
      const v = Number(readFileSync(file, 'utf8').trim());
      return Date.now() + (Number.isFinite(v) ? v : 0);
    } catch {
      return Date.now();
    }
  };
}

export interface ExceptionClientDeps {
  store: ExceptionStore;
  transport: AgentTransport;
  key: DeviceKey;
  enrollment: () => EnrollmentState;
  session: SessionChannel | null;
  log: Logger;
  clock: () => number;
}

interface RaiseAnswer {
  reference: string;
  state: string;
  approver_label: string;
}

interface PollAnswer {
  decisions: unknown[];
  approver_label: string;
  requests: { reference: string; state: string }[];
}

/**
 * The endpoint's side of exception requests (issue 18; docs/exception-requests.md): raises the
 * person's request (kept in the state first, so it is sent again after a failure or restart),
 * polls signed decisions, verifies each with the tenant's policy signing keys before it releases
 * anything, and tells the person the outcome through their session helper.
 */
export class ExceptionClient {
  /** Shown to the person ("waiting for …"); the server's value once it has answered. */
  approverLabel = 'your security team';
  private failures = 0;

  constructor(private readonly d: ExceptionClientDeps) {}

  private call<T>(path: string, body: unknown): Promise<T> {
    const e = this.d.enrollment();
    return this.d.transport.json('POST', path, body, {
      key: this.d.key,
      deviceId: e.device_id,
    }) as Promise<T>;
  }

  /** Records the person's request and sends it; a failed send is retried at the next poll. */
  async raise(body: Omit<RequestBody, 'request_key'>, uid: string | null): Promise<PendingRequest> {
    const request: PendingRequest = {
      body: { ...body, request_key: randomUUID() },
      reference: null,
      uid,
      created_at: new Date(this.d.clock()).toISOString(),
    };
    await this.d.store.add(request);
    await this.send(request);
    return request;
  }

  private async send(p: PendingRequest): Promise<void> {
    try {
      const a = await this.call<RaiseAnswer>('/api/v1/agent/exception-requests', p.body);
      this.approverLabel = a.approver_label;
      await this.d.store.setReference(p.body.request_key, a.reference);
      this.d.log('info', 'exception request raised', { reference: a.reference });
    } catch (err) {
      this.d.log('warn', 'exception request not sent; sent again at the next poll', {
        error: (err as Error).message,
      });
    }
  }

  /** The wait before the next poll (document 2 cadence). */
  nextPollMs(): number {
    if (this.failures > 0) return Math.min(POLL_FAILED_MAX_MS, POLL_BUSY_MS * 2 ** this.failures);
    return this.d.store.busy(this.d.clock()) ? POLL_BUSY_MS : POLL_IDLE_MS;
  }

  /** One poll: unsent requests first, then every decision above the floor, oldest first. */
  async poll(): Promise<void> {
    for (const p of this.d.store.pending()) if (p.reference === null) await this.send(p);
    let answer: PollAnswer;
    try {
      answer = await this.call<PollAnswer>('/api/v1/agent/exception-decisions', {
        since: this.d.store.floor,
      });
      this.failures = 0;
    } catch (err) {
      this.failures += 1;
      this.d.log('warn', 'exception decisions not polled', { error: (err as Error).message });
      return;
    }
    this.approverLabel = answer.approver_label;
    for (const envelope of answer.decisions) await this.take(envelope);
    // Lapsed or withdrawn on the server: closed here without a signature; they release nothing.
    for (const r of answer.requests) {
      if (r.state !== 'expired' && r.state !== 'withdrawn') continue;
      const closed = await this.d.store.close(r.reference);
      if (closed) this.tell(closed.uid, `Your exception request ${r.reference} is ${r.state}.`);
    }
  }

  private async take(envelope: unknown): Promise<void> {
    const e = this.d.enrollment();
    const now = this.d.clock();
    const v = verifyDecision(
      envelope,
      {
        tenant_id: e.tenant_id,
        device_id: e.device_id,
        keys: e.policy_signing_keys,
        serial_floor: this.d.store.floor,
      },
      new Date(now),
    );
    if (!v.ok) {
      // An approval that arrives after its end, or a forged or replayed one: nothing is released.
      this.d.log('warn', 'exception decision refused', { code: v.code });
      return;
    }
    const closed = await this.d.store.accept(v.payload, now);
    this.d.log('info', 'exception decision accepted', {
      reference: v.payload.reference,
      decision: v.payload.decision,
      serial: v.payload.serial,
    });
    this.tell(closed?.uid ?? null, outcomeText(v.payload));
  }

  /** A notice to the person; nobody to tell is fine (the outcome is in force either way). */
  private tell(uid: string | null, text: string): void {
    if (!this.d.session || uid === null) return;
    void this.d.session
      .ask(uid, { kind: 'notice', title: 'Custos DLP', text }, 30_000)
      .catch(() => undefined);
  }
}

function outcomeText(d: DecisionPayload): string {
  if (d.decision === 'approved')
    return `Your exception request ${d.reference} is approved until ${d.expires_at.slice(11, 16)} UTC. Open the file again.`;
  if (d.decision === 'refused') return `Your exception request ${d.reference} was refused.`;
  return `The exception ${d.reference} was withdrawn.`;
}
