import type { paths } from '../../api/schema.js';

export type Agent = paths['/api/v1/agents/{id}']['get']['responses'][200]['content']['application/json'];
export type AgentStatus = NonNullable<
  NonNullable<paths['/api/v1/agents']['get']['parameters']['query']>['status']
>;
export const AGENT_STATUSES: AgentStatus[] = ['active', 'revoked', 'uninstalled'];
export const AGENT_PAGE = 50;
