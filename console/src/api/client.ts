import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

/** The one error shape of the API (docs/errors.md). */
export interface ApiErrorBody {
  code: string;
  message: string;
  details: { field: string; message: string }[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
  /** The server's sentence for a field (a 422 names the field, never the value). */
  fieldMessage(field: string): string | undefined {
    return this.body.details.find((d) => d.field === field || d.field === `/${field}`)?.message;
  }
}

type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();
const useListeners = new Set<() => void>();

/** Every 401 (idle, revoked, expired) reaches the session, which returns to sign-in. */
export function onUnauthenticated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Any request other than GET counts as use on the server (document 3, Authentication). */
export function onServerUse(listener: () => void): () => void {
  useListeners.add(listener);
  return () => useListeners.delete(listener);
}

const PUBLIC_PATHS = ['/api/v1/auth/login', '/api/v1/auth/accept-invitation', '/api/v1/auth/reset-password'];

const watch: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' && request.method !== 'HEAD') for (const l of useListeners) l();
    return undefined;
  },
  async onResponse({ response, request }) {
    if (response.status !== 401) return undefined;
    const path = new URL(request.url).pathname;
    if (PUBLIC_PATHS.some((p) => path.startsWith(p))) return undefined;
    const body = (await response.clone().json()) as ApiErrorBody;
    for (const l of listeners) l(new ApiError(401, body));
    return undefined;
  },
};

/** Same origin, the session cookie (HttpOnly, SameSite=Strict) carries the session. */
export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(watch);

/** Unwraps an openapi-fetch answer: the data, or an ApiError in the one error shape. */
export async function call<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await pending;
  if (error !== undefined || !response.ok) {
    const body = (error ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, {
      code: body.code ?? 'internal',
      message: body.message ?? response.statusText,
      details: body.details ?? [],
    });
  }
  return data as T;
}
