import type { AppServices } from '../deps.js';
import type { AuthRegistry } from './authenticate.js';
import type { Permission } from './permissions.js';

/** Who is calling, resolved afresh on every request (document 3, custom roles). */
export interface Principal {
  kind: 'user' | 'api_token';
  tenantId: string;
  userId: string;
  /** owner, admin, security_analyst, auditor, viewer or custom. */
  role: string;
  customRoleId: string | null;
  permissions: ReadonlySet<Permission>;
  /** Set for session principals; step-ups hang off the session. */
  sessionId?: string;
  /** Set for API-token principals (the identity module's authenticator). */
  tokenId?: string;
  /**
   * Endpoint-group ids of a custom role's `incident_scope` (document 3); absent or null =
   * tenant-wide. Incidents outside it answer 404 (document 2, Permissions used here).
   */
  incidentScope?: readonly string[] | null;
}

/**
 * How a route is authenticated. Absent or 'user' = a console session or API token (the default
 * under /api/v1). 'none' = public (sign-in, invitations, OpenAPI); 'agent' and 'scim' = the
 * owning module installs its own credential check and the user authenticator stays out.
 */
export type RouteAuth = 'user' | 'none' | 'agent' | 'scim';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    deps: AppServices;
    auth: AuthRegistry;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}
