import { createRequire } from 'node:module';
import type { Dispatcher, Agent as UndiciAgent } from 'undici';

/**
 * undici's connection pool and request API, loaded without the package index. The index eagerly
 * loads fetch, WebSocket, EventSource, the cache stores, proxy and mock agents: about 6 MB of
 * resident memory and 3 MB of heap the agent never uses, which decides whether the idle service stays
 * under issue 7's 80 MB. undici is pinned to an exact version (agent/package.json), whose CommonJS
 * files these are; `undici-client.test.ts` fails if the package stops providing them, and the types
 * come from the package's own declarations.
 */
const load = createRequire(import.meta.url);

export const Agent = load('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;

const apiRequest = load('undici/lib/api/api-request.js') as (
  this: Dispatcher,
  opts: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;

export interface RequestInit {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/** `request(url, {dispatcher, ...})` of the undici index, for an absolute URL on `dispatcher`. */
export function request(
  dispatcher: Dispatcher,
  url: URL,
  init: RequestInit,
): Promise<Dispatcher.ResponseData> {
  return apiRequest.call(dispatcher, {
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: init.method,
    headers: init.headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}
