import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

/** Retry-After of a refused upload: 5 to 15 s, spread so refused endpoints do not come back together. */
export function busyRetryAfterSeconds(random: () => number = Math.random): number {
  return 5 + Math.floor(random() * 11);
}

/**
 * Bounded ingest concurrency (docs/deploy.md, Ingest admission): at most `limit` event uploads of
 * this process are in progress at once, from the moment one is admitted (its device identified,
 * before its body is read) until its answer is sent or its connection closes. Another upload is
 * answered `503 agent.ingest_busy` with `Retry-After` at once: its body is never read, no nonce,
 * bucket token or quota is spent, nothing is stored, and the agent keeps the batch and sends it
 * again. Storing an upload's batch runs synchronously on SQLite, so without a bound every upload
 * whose body has arrived is worked through ahead of a check-in that came after it.
 */
export class UploadAdmission {
  private active = 0;

  constructor(
    readonly limit: number,
    private readonly retryAfter: () => number = busyRetryAfterSeconds,
    /** Told of each refusal (the `svc_ingest_uploads_refused_total` counter). */
    private readonly onRefused: () => void = () => {},
    /** Whether the event loop is late now (loop-lag.ts; DLP_INGEST_LATE_LOOP_MS): no new upload then. */
    private readonly loopLate: () => boolean = () => false,
  ) {}

  /** Uploads in progress now (for tests and metrics). */
  get inProgress(): number {
    return this.active;
  }

  /** The route's `onRequest` hook. */
  readonly admit = async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // A late event loop refuses even a free slot: check-ins and policy fetches, which wait for
    // the loop, go first; the endpoint keeps its batch and sends it again.
    if (this.active >= this.limit || this.loopLate()) {
      this.onRefused();
      throw new AppError(
        'agent.ingest_busy',
        'the server is storing other uploads; send this batch again later',
        [],
        {
          'retry-after': String(this.retryAfter()),
        },
      );
    }
    this.active += 1;
    // `close` follows the answer's last byte, or a connection lost before it: either ends the slot.
    reply.raw.once('close', () => {
      this.active -= 1;
    });
  };
}
