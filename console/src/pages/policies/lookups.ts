import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { can, useMe } from '../../session/me.js';

/** The typed lookups the editor and simulation choose from (each only when the person may read it). */
export function useLookups() {
  const me = useMe();
  const agentsAllowed = can(me.data, 'agents:read');
  const agents = useQuery({
    queryKey: ['agents', 'lookup'],
    queryFn: () => call(api.GET('/api/v1/agents', { params: { query: { limit: 200, status: 'active' } } })),
    enabled: agentsAllowed,
    staleTime: 60_000,
  });
  const groups = useQuery({
    queryKey: ['agent-groups', 'lookup'],
    queryFn: () => call(api.GET('/api/v1/agent-groups')),
    enabled: agentsAllowed,
    staleTime: 60_000,
  });
  const detectors = useQuery({
    queryKey: ['detectors'],
    queryFn: () => call(api.GET('/api/v1/detectors')),
    staleTime: 60_000,
  });
  const classifications = useQuery({
    queryKey: ['classifications'],
    queryFn: () => call(api.GET('/api/v1/classifications')),
    staleTime: 60_000,
  });
  const prompts = useQuery({
    queryKey: ['prompt-messages'],
    queryFn: () => call(api.GET('/api/v1/prompt-messages')),
    staleTime: 60_000,
  });
  const corpora = useQuery({
    queryKey: ['fingerprint-corpora'],
    queryFn: () => call(api.GET('/api/v1/fingerprint-corpora')),
    staleTime: 60_000,
  });
  return {
    agents: agents.data?.items ?? [],
    groups: (groups.data?.items ?? []).filter((g) => !g.retired_at),
    detectors: detectors.data?.items ?? [],
    categories: [...new Set((detectors.data?.items ?? []).map((d) => d.category))].sort(),
    classifications: classifications.data?.items ?? [],
    prompts: (prompts.data?.items ?? []).filter((p) => !p.retired_at),
    corpora: corpora.data?.items ?? [],
  };
}
export type Lookups = ReturnType<typeof useLookups>;
