import type { Dispatcher } from 'undici';
import type { DeviceKey } from '../identity/device-key.js';
import { HttpError, RateLimitedError, UnreachableError } from './errors.js';
import { signRequest } from './signing.js';
import { Agent, request } from './undici-client.js';

export interface TransportOptions {
  /** Server base URL (https, checked by config), possibly with a path prefix. */
  baseUrl: string;
  /** PEM of the CA that issued the server certificate; null = the system store. */
  caPem: string | null;
  /** RequestTimeoutSecs in milliseconds: connect, headers and body each. */
  timeoutMs: number;
  /** Injected clock (tests); defaults to Date.now. */
  clock?: () => number;
  /**
   * At most this many connections to the server at once (default: no bound). An agent sends one
   * request at a time; the fleet simulator shares one transport among thousands of endpoints and
   * bounds it, so a slow answer queues requests instead of opening a TLS connection for each.
   */
  connections?: number;
}

export interface Signer {
  key: DeviceKey;
  deviceId: string;
}

export interface JsonResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

function errorCode(body: unknown): string | null {
  if (body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string') {
    return (body as { code: string }).code;
  }
  return null;
}

/** `Retry-After` in whole seconds (document 2: rounded up, never 0) or an HTTP date. */
export function retryAfterMs(value: string | string[] | undefined, nowMs: number): number {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return 1_000;
  if (/^\d+$/.test(v.trim())) return Math.max(1, Number(v.trim())) * 1_000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? 1_000 : Math.max(1_000, at - nowMs);
}

/**
 * The agent's HTTPS client: undici with the server CA, request signing per document 2, clock-drift
 * tracking (signed timestamps are corrected by the offset the server's own time shows), the request
 * timeout, and 429 handling (`RateLimitedError` carries `Retry-After`).
 */
export class AgentTransport {
  readonly dispatcher: Dispatcher;
  private readonly base: URL;
  private readonly clock: () => number;
  /** Server time minus local time, learnt from probe/check-in answers and the `Date` header. */
  offsetMs = 0;

  constructor(opts: TransportOptions) {
    this.base = new URL(opts.baseUrl);
    this.clock = opts.clock ?? Date.now;
    this.dispatcher = new Agent({
      // No TCP keep-alive probes: every request is bounded by the timeout and an idle pooled
      // socket is closed after undici's few seconds, long before a first probe (60 s) would go out.
      // Asking for them anyway makes connect fail under Wine (reference windows-under-wine.md §1).
      connect: { ...(opts.caPem ? { ca: opts.caPem } : {}), timeout: opts.timeoutMs, keepAlive: false },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      ...(opts.connections ? { connections: opts.connections } : {}),
    });
  }

  /** The local clock, uncorrected (round-trip measurements for `learnServerTime`). */
  localNow(): number {
    return this.clock();
  }

  /** Local time corrected by the learnt offset: what a signed timestamp uses. */
  now(): number {
    return this.clock() + this.offsetMs;
  }

  /** The server's origin (scheme, host, port), for requests built outside `send`. */
  get origin(): string {
    return this.base.origin;
  }

  /** Full request path as signed: the base URL's path prefix plus the route path. */
  fullPath(route: string): string {
    return `${this.base.pathname.replace(/\/+$/, '')}${route}`;
  }

  /** Records the server's clock from a `server_time` field measured around a round trip. */
  learnServerTime(serverTimeIso: string, sentAtMs: number, receivedAtMs: number): void {
    const server = Date.parse(serverTimeIso);
    if (Number.isNaN(server)) return;
    this.offsetMs = Math.round(server - (sentAtMs + receivedAtMs) / 2);
  }

  private learnFromDateHeader(headers: JsonResponse['headers'], receivedAtMs: number): boolean {
    const d = headers.date;
    const at = Date.parse(Array.isArray(d) ? (d[0] ?? '') : (d ?? ''));
    if (Number.isNaN(at)) return false;
    // The Date header has whole seconds; only a drift beyond a few seconds is worth correcting.
    const offset = at - receivedAtMs;
    if (Math.abs(offset - this.offsetMs) < 5_000) return false;
    this.offsetMs = offset;
    return true;
  }

  async send(
    method: 'GET' | 'POST',
    route: string,
    payload: unknown,
    signer: Signer | null,
  ): Promise<JsonResponse> {
    const once = async (): Promise<JsonResponse> => {
      const path = this.fullPath(route);
      const bytes =
        payload === undefined
          ? new Uint8Array(0)
          : payload instanceof Uint8Array
            ? payload
            : Buffer.from(JSON.stringify(payload), 'utf8');
      const headers: Record<string, string> = {};
      if (payload !== undefined) {
        headers['content-type'] =
          payload instanceof Uint8Array ? 'application/octet-stream' : 'application/json';
      }
      if (signer)
        Object.assign(
          headers,
          await signRequest(signer.key, signer.deviceId, method, path, bytes, this.now()),
        );
      let res: Dispatcher.ResponseData;
      try {
        res = await request(this.dispatcher, new URL(path, this.base.origin), {
          method,
          headers,
          ...(payload !== undefined ? { body: bytes } : {}),
        });
      } catch (err) {
        throw new UnreachableError(`server unreachable: ${(err as Error).message}`, { cause: err });
      }
      const text = await res.body.text();
      let body: unknown = null;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      }
      return { status: res.statusCode, body, headers: res.headers };
    };
    let res = await once();
    // A stale timestamp names itself (document 2): correct the clock from the server's Date and retry once.
    if (signer && res.status === 401 && /timestamp|clock|skew/i.test(errorCode(res.body) ?? '')) {
      if (this.learnFromDateHeader(res.headers, this.clock())) res = await once();
    }
    if (res.status === 429) {
      throw new RateLimitedError(
        retryAfterMs(res.headers['retry-after'], this.clock()),
        errorCode(res.body),
        res.body,
      );
    }
    return res;
  }

  /** Like send, but any status outside 2xx becomes an HttpError with the spec's error code. */
  async json<T>(method: 'GET' | 'POST', route: string, payload: unknown, signer: Signer | null): Promise<T> {
    const res = await this.send(method, route, payload, signer);
    if (res.status < 200 || res.status > 299) {
      const code = errorCode(res.body);
      const msg =
        res.body &&
        typeof res.body === 'object' &&
        typeof (res.body as { message?: unknown }).message === 'string'
          ? (res.body as { message: string }).message
          : `HTTP ${res.status}`;
      const busy = res.status === 503 && res.headers['retry-after'] !== undefined;
      throw new HttpError(
        res.status,
        code,
        `${route}: ${res.status}${code ? ` ${code}` : ''}: ${msg}`,
        res.body,
        busy ? retryAfterMs(res.headers['retry-after'], this.clock()) : null,
      );
    }
    return res.body as T;
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
