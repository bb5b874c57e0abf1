/** A server answer the agent understood as a refusal; carries the spec's error body when there is one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly body: unknown,
    /** A 503's `Retry-After` (the server is busy, e.g. `agent.ingest_busy`); null without one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 429: the agent bucket is empty (document 2); `retryAfterMs` from `Retry-After` (whole seconds). */
export class RateLimitedError extends HttpError {
  constructor(
    override readonly retryAfterMs: number,
    code: string | null,
    body: unknown,
  ) {
    super(429, code, `server asks to retry after ${Math.ceil(retryAfterMs / 1000)} s`, body, retryAfterMs);
    this.name = 'RateLimitedError';
  }
}

/** The server could not be reached at all (DNS, TCP, TLS, timeout): the agent is offline. */
export class UnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreachableError';
  }
}
