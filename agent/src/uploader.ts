import type { Logger } from './log.js';
import type { EventQueue } from './queue/event-queue.js';
import type { AgentApi } from './transport/agent-api.js';
import { HttpError, RateLimitedError, UnreachableError } from './transport/errors.js';

/** Document 2: at most 500 events per batch (`DLP_MAX_BATCH_EVENTS`). */
export const MAX_BATCH_EVENTS = 500;

/** After an upload that found the server unreachable: the batch stays queued, sent again then. */
export const OFFLINE_PAUSE_MS = 30_000;

export interface UploadOutcome {
  sent: number;
  accepted: number;
  duplicate: number;
  rejected: number;
  retry: number;
  /** Why the upload stopped before the queue was drained, or null. */
  stopped: string | null;
  /** How long the caller should wait before the next attempt (429 Retry-After, throttle_ms, back-off). */
  wait_ms: number;
  offline: boolean;
}

/**
 * Drains the queue in batches until it is empty, nothing is due, or the server asks to wait.
 * An unanswered batch (network failure, 5xx, 429) keeps its id and events for the next attempt.
 */
export async function uploadQueued(
  queue: EventQueue,
  api: AgentApi,
  log: Logger,
  maxBatches = 1_000,
): Promise<UploadOutcome> {
  const out: UploadOutcome = {
    sent: 0,
    accepted: 0,
    duplicate: 0,
    rejected: 0,
    retry: 0,
    stopped: null,
    wait_ms: 0,
    offline: false,
  };
  for (let i = 0; i < maxBatches; i++) {
    const batch = queue.nextBatch(MAX_BATCH_EVENTS);
    if (!batch) return out;
    try {
      const res = await api.events(
        batch.batch_id,
        batch.events.map((e) => e.body),
      );
      const c = queue.applyAcks(batch.batch_id, res.acks);
      out.sent += batch.events.length;
      out.accepted += c.accepted;
      out.duplicate += c.duplicate;
      out.rejected += c.rejected;
      out.retry += c.retry;
      if (c.rejected > 0) log('warn', 'events rejected by the server', { count: c.rejected });
      if (res.throttle_ms !== null) {
        // Soft backpressure (document 2): the bucket is low; pause before the next batch.
        out.wait_ms = res.throttle_ms;
        out.stopped = 'throttled';
        return out;
      }
    } catch (err) {
      if (err instanceof RateLimitedError) {
        out.wait_ms = err.retryAfterMs;
        out.stopped = 'rate_limited';
      } else if (err instanceof UnreachableError) {
        out.offline = true;
        out.wait_ms = OFFLINE_PAUSE_MS;
        out.stopped = 'offline';
      } else if (err instanceof HttpError) {
        // A busy server (503 agent.ingest_busy) names when to come back; the batch stays queued.
        out.wait_ms = err.retryAfterMs ?? 60_000;
        out.stopped = `server answered ${err.status}${err.code ? ` ${err.code}` : ''}`;
      } else {
        out.wait_ms = 60_000;
        out.stopped = (err as Error).message;
      }
      log('warn', 'upload paused', { reason: out.stopped, wait_ms: out.wait_ms, batch_id: batch.batch_id });
      return out;
    }
  }
  return out;
}
