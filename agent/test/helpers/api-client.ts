import { Agent, request } from 'undici';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * A console API client over HTTPS that trusts the server's CA (document 3: a bearer session token
 * for non-browser clients). Paths are relative to `/api/v1`. It returns every answer (status and
 * JSON body) instead of throwing, so tests can assert refusals too; `ok` throws with the server's
 * error code for steps that must succeed.
 */
export class ApiClient {
  readonly dispatcher: Agent;

  constructor(
    readonly baseUrl: string,
    caPem: string,
    readonly token: string | null = null,
    dispatcher?: Agent,
  ) {
    this.dispatcher = dispatcher ?? new Agent({ connect: { ca: caPem } });
  }

  /** The same connection pool, acting as someone else (another session token). */
  as(token: string): ApiClient {
    return new ApiClient(this.baseUrl, '', token, this.dispatcher);
  }

  async call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      dispatcher: this.dispatcher,
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: (text ? JSON.parse(text) : null) as T };
  }

  get<T = Record<string, unknown>>(path: string): Promise<ApiAnswer<T>> {
    return this.call<T>('GET', path);
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}): Promise<ApiAnswer<T>> {
    return this.call<T>('POST', path, body);
  }

  /** A step that must succeed: answers the body of a 2xx, throws with the error code otherwise. */
  async ok<T = Record<string, unknown>>(answer: Promise<ApiAnswer<T>>): Promise<T> {
    const a = await answer;
    if (a.status < 200 || a.status > 299) {
      const e = a.body as { code?: string; message?: string; details?: unknown } | null;
      throw new Error(
        `API ${a.status} ${e?.code ?? ''}: ${e?.message ?? ''} ${JSON.stringify(e?.details ?? [])}`,
      );
    }
    return a.body;
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
