import { Agent, fetch as undiciFetch } from 'undici';

/** A fetch bound to one provider: the pinned CA when one is stored, no redirects, ten seconds. */
export type ProviderFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

const AGENTS = new Map<string, Agent>();

export function providerFetch(caCertificate: string | null): ProviderFetch {
  let dispatcher: Agent | undefined;
  if (caCertificate) {
    dispatcher = AGENTS.get(caCertificate);
    if (!dispatcher) {
      dispatcher = new Agent({ connect: { ca: caCertificate }, connectTimeout: 10_000 });
      AGENTS.set(caCertificate, dispatcher);
    }
  }
  return async (url, init) =>
    (await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
      signal: init?.signal ?? AbortSignal.timeout(10_000),
      ...(dispatcher ? { dispatcher } : {}),
    })) as unknown as Response;
}
