import type { ApiClient } from './api-client.js';

/** A one-time enrolment token (30 minutes), made through the API as an operator would; into `agentGroup` when named. */
export async function enrolmentToken(api: ApiClient, agentGroup?: string): Promise<string> {
  const { token } = await api.ok(
    api.post<{ token: string }>('/enrollment-tokens', {
      max_uses: 1,
      ttl_minutes: 30,
      ...(agentGroup !== undefined ? { agent_group: agentGroup } : {}),
    }),
  );
  return token;
}
