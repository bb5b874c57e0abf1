import { join } from 'node:path';
import { type DecisionPayload, decisionReleases, type HeldOperation } from '@custos/engine';
import { readStateJson, writeStateJson } from '../state-files.js';

/** What the agent sends to `POST /api/v1/agent/exception-requests` (docs/agent-interface.md). */
export interface RequestBody {
  request_key: string;
  policy_id: string;
  policy_version: number;
  channel: string;
  destination: string | null;
  file_hash: string;
  file_name: string | null;
  category: string;
  justification: string;
  prompt_reference: string;
  subject: string | null;
}

/** A request the person made; `reference` is null until the server has answered the raise. */
export interface PendingRequest {
  body: RequestBody;
  reference: string | null;
  /** The person's uid, to tell them the outcome through their session helper. */
  uid: string | null;
  created_at: string;
}

interface StoredState {
  /** Highest decision serial accepted (the verifier's replay floor). */
  floor: number;
  pending: PendingRequest[];
  /** Verified approvals, kept until they run out or a later decision takes them back. */
  approvals: DecisionPayload[];
}

export const EXCEPTIONS_FILE = 'exceptions.json';

/**
 * The endpoint's exception requests and verified decisions (`<state>/exceptions.json`, written
 * atomically before anything is acted on): a restart loses neither a request not yet sent nor an
 * approval in force, and the serial floor survives so a replayed decision is refused.
 */
export class ExceptionStore {
  private state: StoredState = { floor: 0, pending: [], approvals: [] };

  constructor(private readonly stateDir: string) {}

  private get path(): string {
    return join(this.stateDir, EXCEPTIONS_FILE);
  }

  async load(): Promise<void> {
    const s = await readStateJson<StoredState>(this.path);
    if (s && Number.isSafeInteger(s.floor) && Array.isArray(s.pending) && Array.isArray(s.approvals))
      this.state = s;
  }

  private save(): Promise<void> {
    return writeStateJson(this.path, this.state);
  }

  get floor(): number {
    return this.state.floor;
  }

  pending(): readonly PendingRequest[] {
    return this.state.pending;
  }

  /** Approvals still in force at `now` (the poll cadence and `approvalsFor` read it). */
  approvals(now: number): DecisionPayload[] {
    return this.state.approvals.filter((a) => Date.parse(a.expires_at) > now);
  }

  /** Whether the document 2 fast cadence applies: something pending, or an approval in force. */
  busy(now: number): boolean {
    return this.state.pending.length > 0 || this.approvals(now).length > 0;
  }

  /** The approvals that release this operation now, whatever their policy (engine `decisionReleases`). */
  releasing(op: Omit<HeldOperation, 'policy_id'>, now: number): DecisionPayload[] {
    const at = new Date(now);
    return this.state.approvals.filter((a) => decisionReleases(a, { ...op, policy_id: a.policy_id }, at));
  }

  async add(request: PendingRequest): Promise<void> {
    this.state.pending.push(request);
    await this.save();
  }

  async setReference(requestKey: string, reference: string): Promise<void> {
    const p = this.state.pending.find((x) => x.body.request_key === requestKey);
    if (!p || p.reference === reference) return;
    p.reference = reference;
    await this.save();
  }

  /** Takes a request off the pending list (decided, lapsed, withdrawn); returns it. */
  async close(reference: string): Promise<PendingRequest | null> {
    const i = this.state.pending.findIndex((x) => x.reference === reference);
    if (i < 0) return null;
    const [p] = this.state.pending.splice(i, 1);
    await this.save();
    return p ?? null;
  }

  /**
   * Records a verified decision: the floor moves to its serial, an approval is kept, a refusal or
   * withdrawal takes back any approval of the same request. Approvals that ran out are dropped.
   */
  async accept(d: DecisionPayload, now: number): Promise<PendingRequest | null> {
    this.state.floor = Math.max(this.state.floor, d.serial);
    this.state.approvals = this.state.approvals.filter(
      (a) => a.request_id !== d.request_id && Date.parse(a.expires_at) > now,
    );
    if (d.decision === 'approved') this.state.approvals.push(d);
    const i = this.state.pending.findIndex((x) => x.reference === d.reference);
    const closed = i >= 0 ? (this.state.pending.splice(i, 1)[0] ?? null) : null;
    await this.save();
    return closed;
  }
}
