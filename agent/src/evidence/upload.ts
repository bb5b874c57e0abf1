import type { Logger } from '../log.js';
import { retryDelayMs } from '../queue/event-queue.js';
import type { AgentTransport, Signer } from '../transport/client.js';
import { RateLimitedError, UnreachableError } from '../transport/errors.js';
import type { EvidenceSpool, SpoolEntry, WithheldReason } from './spool.js';

/**
 * An entry the server cannot place yet (404: its event is not stored yet) is retried with the event
 * queue's back-off; after 7 days it is given up (docs/agent.md, Evidence copies).
 */
export const EVIDENCE_GIVE_UP_MS = 7 * 24 * 3_600_000;

export interface EvidenceOutcome {
  uploaded: number;
  withheld_sent: number;
  retry: number;
  dropped: number;
  /** Why the drain stopped early (offline, rate limited), or null. */
  stopped: string | null;
}

const route = (e: SpoolEntry) =>
  e.kind === 'copy'
    ? `/api/v1/agent/evidence-files/${e.event_id}`
    : `/api/v1/agent/evidence-files/${e.event_id}/withheld`;

/** A permanent refusal of a copy becomes a withheld notice with this reason. */
function refusalReason(status: number): WithheldReason {
  return status === 413 ? 'over_cap' : 'refused';
}

/**
 * Sends every due spooled entry: a copy as the file bytes, a withheld notice as `{reason}`. An
 * entry is removed only after the server answered it (200), so nothing is lost to a crash, an
 * outage or a restart. 404 (the event is not on the server yet), 5xx and 502 are retried with
 * back-off; a copy refused for good (409, 400, 413) turns into a withheld notice; the drain stops
 * at the first sign the server is unreachable or asks to wait.
 */
export async function uploadEvidence(
  spool: EvidenceSpool,
  transport: AgentTransport,
  signer: Signer,
  log: Logger,
  now: () => number = Date.now,
): Promise<EvidenceOutcome> {
  const out: EvidenceOutcome = { uploaded: 0, withheld_sent: 0, retry: 0, dropped: 0, stopped: null };
  for (const e of await spool.entries()) {
    if (e.next_at > now()) continue;
    let status: number;
    try {
      const payload =
        e.kind === 'copy' ? new Uint8Array(await spool.readCopy(e.event_id)) : { reason: e.reason };
      status = (await transport.send('POST', route(e), payload, signer)).status;
    } catch (err) {
      if (err instanceof UnreachableError || err instanceof RateLimitedError) {
        out.stopped = err instanceof UnreachableError ? 'offline' : 'rate_limited';
        return out;
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        // The copy vanished from the spool: say so instead of uploading nothing.
        await spool.withhold(e.event_id, 'spool_failed');
        continue;
      }
      throw err;
    }
    if (status >= 200 && status < 300) {
      await spool.remove(e.event_id);
      if (e.kind === 'copy') out.uploaded += 1;
      else out.withheld_sent += 1;
      continue;
    }
    if (e.kind === 'copy' && (status === 400 || status === 409 || status === 413)) {
      log('warn', 'evidence copy refused by the server', { event_id: e.event_id, status });
      await spool.withhold(e.event_id, refusalReason(status));
      continue;
    }
    if (e.kind === 'withheld' && status === 422) {
      out.dropped += 1;
      await spool.remove(e.event_id);
      continue;
    }
    // 404 (event not stored yet), 5xx: retry later, or give up after a week.
    if (now() - e.created_at > EVIDENCE_GIVE_UP_MS) {
      if (e.kind === 'copy') {
        await spool.withhold(e.event_id, 'given_up');
      } else {
        log('warn', 'evidence notice given up', { event_id: e.event_id, status });
        out.dropped += 1;
        await spool.remove(e.event_id);
      }
      continue;
    }
    const attempts = e.attempts + 1;
    await spool.write({ ...e, attempts, next_at: now() + retryDelayMs(attempts) });
    out.retry += 1;
  }
  return out;
}

/** The service's hook: drains the pipeline's spool, if it has one; a failure only pauses it. */
export async function drainEvidence(
  from: { evidence: EvidenceSpool | undefined },
  transport: AgentTransport,
  signer: Signer,
  log: Logger,
): Promise<void> {
  if (!from.evidence) return;
  await uploadEvidence(from.evidence, transport, signer, log).catch((err: unknown) =>
    log('warn', 'evidence upload paused', { error: (err as Error).message }),
  );
}
