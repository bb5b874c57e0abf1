/** A server answer the agent understood as a refusal; carries the spec's error body when there is one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 429: the agent bucket is empty (document 2); `retryAfterMs` from `Retry-After` (whole seconds). */
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterMs: number,
    code: string | null,
    body: unknown,
  ) {
    super(429, code, `server asks to retry after ${Math.ceil(retryAfterMs / 1000)} s`, body);
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
