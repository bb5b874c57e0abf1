import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './test-app.js';

export interface ConsoleCalls {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/**
 * Console API calls (`/api/v1` prefixed) through app.inject as one signed-in person. Both are
 * read at call time, so a file can make a fresh app and person in `beforeEach`.
 */
export function consoleCalls(
  ctxOf: () => TestContext,
  headersOf: () => Record<string, string>,
): ConsoleCalls {
  return {
    get: (url) => ctxOf().app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headersOf() }),
    post: (url, payload) =>
      ctxOf().app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: headersOf(),
        payload: payload as object,
      }),
  };
}
