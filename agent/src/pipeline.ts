import { randomUUID } from 'node:crypto';
import { basename, dirname, extname } from 'node:path';
import {
  type Decision,
  type DecisionContext,
  type DetectorFinding,
  decide,
  type FingerprintProbes,
  matchedSummaries,
  type NetworkLocation,
  probeCorpora,
  scan,
} from '@custos/engine';
import { capabilityMatrix } from './capabilities.js';
import { fullFileAsked } from './evidence/full-file.js';
import { detectorPreviews, previewsAsked } from './evidence/previews.js';
import type { EvidenceSpool } from './evidence/spool.js';
import type { Logger } from './log.js';
import { OnePerTurn } from './one-per-turn.js';
import { askPerson, type PersonPrompt, type PromptDeps } from './people/ask-step.js';
import type { ExceptionStore } from './people/exception-store.js';
import type { InteractiveUser, Platform } from './platform/types.js';
import type { PolicyRuntime } from './policy/runtime.js';
import type { EnqueueResult, EventQueue } from './queue/event-queue.js';
import { applyDecisionLabel, readFileLabels, readMarkOfTheWeb } from './sensors/file-marks.js';
import type { FileObservation, FindingSummary, ObservationSink, SinkResult } from './sensors/types.js';

export function summarise(findings: readonly DetectorFinding[]): FindingSummary[] {
  return findings
    .filter((f) => f.hits.length > 0)
    .map((f) => ({ detector_id: f.detector_id, category: f.category, match_count: f.hits.length }));
}

/**
 * Detector results on the wire: ids, counts, best confidence — never a matched value; masked
 * previews and snippets only when the deciding policy asks for them (evidence/previews.ts).
 */
function detectorResults(
  findings: readonly DetectorFinding[],
  previews: ReadonlyMap<string, { previews?: string[]; snippets?: string[] }> = new Map(),
) {
  return findings
    .filter((f) => f.hits.length > 0)
    .map((f) => ({
      detector_id: f.detector_id,
      detector_version: f.detector_version,
      category: f.category,
      match_count: f.hits.length,
      validated_count: f.hits.filter((h) => h.validated).length,
      max_confidence: Math.max(...f.hits.map((h) => h.confidence)),
      ...previews.get(f.detector_id),
    }));
}

export interface PipelineDeps {
  platform: Platform;
  queue: EventQueue;
  runtime: () => PolicyRuntime | null;
  /** `agent_group` is asked at each decision: the server may move the endpoint at any check-in. */
  device: { id: string; agent_group: () => string | null };
  /** True while the server cannot be reached (document 1, rule 9). */
  offline: () => boolean;
  /** The endpoint's network location; `null` when the tenant set no indicators (rule 6). */
  location?: () => Promise<NetworkLocation | null>;
  log: Logger;
  clock?: () => number;
  /** Where copies asked for by `evidence.full_file` are kept until the server has them. */
  evidence?: EvidenceSpool;
  /** The session channel: notices and prompts to the signed-in person (absent: nobody is asked). */
  prompts?: PromptDeps;
  /** Verified approvals of exception requests, passed to the engine for the operation they name. */
  exceptions?: ExceptionStore;
}

/**
 * The decide-and-queue step: scan with the bundle's detectors, decide with the engine, and queue
 * an event for every decision that produced an action, plus every departure of a path remembered
 * with findings. The event is on disk before `handle` resolves (durable before acknowledged).
 */
export class DecisionPipeline implements ObservationSink {
  private userCache: { at: number; user: InteractiveUser | null; reason: string | null } | null = null;
  private readonly clock: () => number;
  private readonly turns = new OnePerTurn();

  constructor(private readonly deps: PipelineDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** The evidence spool the service drains after the events (absent in `dlp-agent scan`). */
  get evidence(): EvidenceSpool | undefined {
    return this.deps.evidence;
  }

  /** Document 1, rule 7: the interactive identity is reused for at most ten seconds. */
  private async user(): Promise<{ user: InteractiveUser | null; reason: string | null }> {
    const now = this.clock();
    if (this.userCache && now - this.userCache.at < 10_000) return this.userCache;
    const r = await this.deps.platform.identity.current();
    this.userCache = { at: now, user: r.user, reason: r.reason };
    return this.userCache;
  }

  private matrixCache: { at: number; notify: boolean; value: ReturnType<typeof capabilityMatrix> } | null =
    null;

  /**
   * The capability report, rebuilt at most once a minute (it changes with the platform) and at
   * once when a session helper comes or goes (`notify`).
   */
  private matrix(): ReturnType<typeof capabilityMatrix> {
    const now = this.clock();
    const status = this.deps.prompts?.channel.notifyStatus();
    const notify = status?.notify ?? false;
    if (!this.matrixCache || now - this.matrixCache.at > 60_000 || this.matrixCache.notify !== notify) {
      this.matrixCache = { at: now, notify, value: capabilityMatrix(this.deps.platform, status) };
    }
    return this.matrixCache.value;
  }

  /** Decides without queueing; `explainUnmatched` also says why each other policy did not match (scan). */
  async evaluate(
    obs: FileObservation,
    explainUnmatched = false,
  ): Promise<{ decision: Decision | null; findings: DetectorFinding[] }> {
    const rt = this.deps.runtime();
    if (!rt) return { decision: null, findings: [] };
    const findings = obs.content?.text ? scan(rt.detectors, obs.content.text) : [];
    // The same probe the server's probe route and simulation run (engine probeCorpora).
    const fingerprints: FingerprintProbes = obs.content?.text
      ? probeCorpora(rt.corpora, obs.content.text)
      : new Map();
    const { user } = await this.user();
    const platform = this.deps.platform;
    const matrix = this.matrix();
    const ctx: DecisionContext = {
      now: new Date(this.clock()),
      offline: this.deps.offline(),
      network_location: this.deps.location ? await this.deps.location() : null,
      device: { id: this.deps.device.id, os: platform.osName, agent_group: this.deps.device.agent_group() },
      user: user
        ? { sid: platform.id === 'win32' ? user.id : null, name: user.name, groups: user.groups ?? null }
        : null,
      // Document 1, rule 3: clamping uses the endpoint's own report, passed as is.
      capabilities: { channels: matrix.channels, features: matrix.features },
      // `dlp-agent scan`, or a file the agent cannot read: which policies did not match or were
      // kept from deciding, and why (unseenEvent below).
      ...(explainUnmatched || obs.content?.not_read?.cause === 'unreadable'
        ? { explain_unmatched: true }
        : {}),
      approvals: this.approvalsFor(obs),
    };
    const ext = extname(obs.path).replace(/^\./, '');
    const decision = decide(
      rt.prepared,
      {
        channel: obs.channel,
        content:
          obs.content && obs.content.text !== null
            ? { status: 'read', findings, fingerprints }
            : { status: 'not_read', reason: obs.content?.not_read?.cause ?? 'no_content' },
        source_path: obs.from_path ?? obs.path,
        file: {
          path: obs.path,
          extension: ext || null,
          size_bytes: obs.content?.size_bytes ?? null,
          labels: await readFileLabels(platform, obs.path),
        },
        removable: obs.removable
          ? { serial: obs.removable.serial, device_class: obs.removable.device_class }
          : null,
      },
      ctx,
    );
    return { decision, findings };
  }

  /** Approved exception requests that release exactly this operation now (engine `decisionReleases`). */
  private approvalsFor(obs: FileObservation) {
    const hash = obs.content?.blake3;
    if (!this.deps.exceptions || !hash) return null;
    const found = this.deps.exceptions.releasing(
      { file_hash: hash, channel: obs.channel, destination: obs.removable?.serial ?? null },
      this.clock(),
    );
    return found.map((a) => ({
      policy_id: a.policy_id,
      reference: a.reference,
      approved_by: 'exception_request',
      expires_at: a.expires_at,
    }));
  }

  async handle(obs: FileObservation): Promise<SinkResult> {
    const rt = this.deps.runtime();
    const { user, reason: userReason } = await this.user();
    if (obs.channel === 'file_delete') {
      // Document 2: after a deletion only detector id, category and match count travel.
      const body = this.baseEvent(obs, rt, user, userReason);
      Object.assign(body, {
        action: 'audit',
        requested_action: 'audit',
        explanation: [{ code: 'file_departed', text: 'a file remembered with findings is gone' }],
        detectors: obs.remembered ?? [],
        superseded_policy_ids: [],
        matched_policy_ids: [],
      });
      const q = await this.enqueue(body);
      return { findings: [], queued: q.queued || q.reason === 'duplicate', reported: true };
    }
    if (!rt) return { findings: [], queued: true, reported: false };
    const { decision, findings } = await this.evaluate(obs);
    const summaries = summarise(findings);
    if (decision?.outcome !== 'action' || decision.action === null) {
      const blind = decision ? blindPolicies(obs, decision) : 0;
      if (blind === 0)
        return {
          findings: summaries,
          queued: true,
          reported: false,
          allow: true,
          reusable: !decision?.exception_applied,
        };
      return this.queueUnseen(obs, rt, user, userReason, blind);
    }
    const body = this.baseEvent(obs, rt, user, userReason);
    const matched = matchedSummaries(decision);
    Object.assign(body, {
      action: decision.action,
      requested_action: decision.requested_action,
      explanation: decision.explanation,
      evaluated_offline: decision.evaluated_offline,
      superseded_policy_ids: decision.superseded_policy_ids,
      decided_by_policy_id: decision.decided_by_policy_id,
      // Read from the decision's compact per-policy facts: no explanation is built (issue 24).
      matched_policy_ids: matched.map((p) => p.policy_id),
      matched_policies: matched,
      severity: matched.find((p) => p.policy_id === decision.decided_by_policy_id)?.severity ?? null,
      enforcement: decision.clamp?.limited ? 'reduced_by_capability' : 'applied',
      detectors: detectorResults(
        findings,
        detectorPreviews(
          findings,
          obs.content?.text ?? null,
          previewsAsked(rt, decision.decided_by_policy_id),
        ),
      ),
    });
    // Issue 18: the person is asked (or the event says why not) before the event is queued.
    const person = this.deps.prompts
      ? await askPerson(this.deps.prompts, decision, rt, user?.id ?? null, {
          fileName: basename(obs.path),
          destination: obs.removable?.serial ?? dirname(obs.path),
          held: obs.held === true,
          eventId: body.event_id as string,
          ...(obs.held
            ? {
                approval: {
                  fileName: basename(obs.path),
                  fileHash: obs.content?.blake3 ?? null,
                  channel: obs.channel,
                  destination: obs.removable?.serial ?? null,
                  subject: user?.name ?? null,
                },
              }
            : {}),
        })
      : null;
    if (person) body.person_prompt = person;
    const allow = heldVerdict(decision, person);
    const reusable = !person && !decision.exception_applied;
    // The held open goes on (or is refused) now; its event is made durable just after.
    obs.onVerdict?.(allow, reusable);
    // apply_label: written before the event is queued so the event records what happened.
    const label = await applyDecisionLabel(this.deps.platform, obs.path, decision.label);
    if (label) body.label_applied = label;
    // After the verdict, so reading the executable never delays a held open (one-per-turn.ts).
    const proc = obs.process && (await this.deps.platform.processDetail?.(obs.process));
    if (proc) body.process_detail = proc;
    if (obs.held) await this.turns.turn();
    const copy = fullFileAsked(rt, decision.decided_by_policy_id);
    if (copy) body.evidence_requested = true;
    const q = await this.enqueue(body);
    if (!q.queued && q.reason === 'queue_full')
      this.deps.log('warn', 'event queue full; event refused', { channel: obs.channel });
    // After the event is durable: the copy (or why none is kept) waits in the spool.
    if (copy && q.queued) await this.deps.evidence?.capture(body.event_id as string, obs.path, obs.content);
    return { findings: summaries, queued: q.queued, reported: true, allow, reusable };
  }

  /** Queues an event with the next few ms' others (one write), then awaits its fsync off-thread. */
  private async enqueue(body: Record<string, unknown>): Promise<EnqueueResult> {
    const q = await this.deps.queue.enqueueSoon(body.event_id as string, body);
    const failed = (err: Error) => this.deps.log('warn', 'event queue fsync failed', { error: err.message });
    if (q.queued) await this.deps.queue.durable().catch(failed);
    return q;
  }

  /**
   * Issue 26 item 4: a file the agent cannot read, in a place a policy watches, is reported (audit,
   * no policy matched, `not_read {cause: unreadable, reason}`) instead of silently passing as
   * `no_match`. The file is remembered afterwards, so one state of it is reported once.
   */
  private async queueUnseen(
    obs: FileObservation,
    rt: PolicyRuntime | null,
    user: InteractiveUser | null,
    userReason: string | null,
    blind: number,
  ): Promise<SinkResult> {
    const body = this.baseEvent(obs, rt, user, userReason);
    Object.assign(body, {
      action: 'audit',
      requested_action: 'audit',
      explanation: [
        {
          code: 'content.not_read.unreadable',
          text: `the agent cannot read this file; ${blind} polic${blind === 1 ? 'y' : 'ies'} could not evaluate it`,
        },
      ],
      detectors: [],
      superseded_policy_ids: [],
      matched_policy_ids: [],
    });
    const q = await this.enqueue(body);
    return { findings: [], queued: q.queued || q.reason === 'duplicate', reported: true };
  }

  private baseEvent(
    obs: FileObservation,
    rt: PolicyRuntime | null,
    user: InteractiveUser | null,
    userReason: string | null,
  ): Record<string, unknown> {
    return {
      event_id: randomUUID(),
      occurred_at: obs.occurred_at,
      channel: obs.channel,
      policy_version: rt?.bundle_version ?? null,
      evaluated_offline: this.deps.offline(),
      hostname: this.deps.platform.hostname(),
      user: user ? { name: user.name, id: user.id } : null,
      user_reason: user ? null : userReason,
      file: {
        path: obs.path,
        name: basename(obs.path),
        extension: extname(obs.path).replace(/^\./, '') || null,
        size_bytes: obs.content?.size_bytes ?? null,
        blake3: obs.content?.blake3 ?? null,
        ...(obs.from_path ? { from_path: obs.from_path } : {}),
        ...(obs.departure ? { departure: obs.departure } : {}),
        ...markOfTheWeb(this.deps.platform, obs),
      },
      not_read: obs.content?.not_read ?? null,
      removable_device: obs.removable
        ? {
            device_class: obs.removable.device_class,
            serial: obs.removable.serial,
            vendor: obs.removable.vendor,
            model: obs.removable.model,
            mount_point: obs.removable.mount_point,
          }
        : null,
    };
  }
}

/**
 * Whether a held operation goes ahead: audit and a notice let it; a warning needs Continue, a
 * justification an accepted reason; block, quarantine and approval (without an approval in force,
 * which the engine has already lowered to audit) refuse it. No answer is Cancel (document 1).
 */
export function heldVerdict(decision: Decision, person: PersonPrompt | null): boolean {
  switch (decision.action) {
    case 'audit':
    case 'inform':
      return true;
    case 'warn_with_continue':
      return person?.asked === true && person.result === 'continued';
    case 'require_justification':
      return person?.asked === true && person.result === 'justified';
    default:
      return false;
  }
}

/** `file.mark_of_the_web` of a file still there (a departed file has no stream left to read). */
function markOfTheWeb(platform: Platform, obs: FileObservation): Record<string, unknown> {
  if (obs.channel === 'file_delete' || obs.departure) return {};
  const mark = readMarkOfTheWeb(platform, obs.path);
  return mark ? { mark_of_the_web: mark } : {};
}

/** Policies that applied to an unreadable file but could not evaluate its content. */
function blindPolicies(obs: FileObservation, decision: Decision): number {
  if (obs.content?.not_read?.cause !== 'unreadable') return 0;
  return (decision.not_matched ?? []).filter(
    (m) => m.stage === 'condition' && m.code === 'condition.not_evaluated',
  ).length;
}
