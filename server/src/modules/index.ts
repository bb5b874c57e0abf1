import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PolicyPort } from './agent-api/policy-port.js';
import { agentApiModule } from './agent-api/routes.js';
import { agentsConsoleModule } from './agents/routes.js';
import type { GroupScopeUse } from './agents/service.js';
import { identityModule } from './identity/routes.js';
import { incidentsModule } from './incidents/routes.js';
import { usersModule } from './users/routes.js';

/**
 * The module registry: each domain exports one Fastify plugin and appends one import and one
 * entry here. Each is registered inside the /api/v1 scope, after the authenticate hook, so its
 * routes are user routes unless a route's config says otherwise (see http/principal.ts).
 */
export type ApiModule = FastifyPluginAsyncTypebox;

/**
 * The agent interface and the endpoint console routes join the registry with the policies
 * module's port (docs/agent-interface.md, Wiring); until then tests and the demo register them
 * through `apiModules(theirPort)`.
 */
export const MODULES: readonly ApiModule[] = [incidentsModule, identityModule, usersModule];

/**
 * The registry plus the agent interface and the endpoint console routes over a given source of
 * published policy data (tests and the demo pass their own `PolicyPort`).
 */
export function apiModules(policies: PolicyPort, roleScopes?: GroupScopeUse): readonly ApiModule[] {
  return [...MODULES, agentApiModule(policies), agentsConsoleModule(policies, roleScopes)];
}
