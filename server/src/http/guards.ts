import type { FastifyRequest } from 'fastify';
import { principalOf } from './authenticate.js';
import { AppError } from './errors.js';
import type { Permission } from './permissions.js';
import { hasFreshStepUp, type StepUpPurpose } from './step-up.js';

/**
 * Route guards, used as route-level hooks after the scope's authenticate hook:
 *   { onRequest: [requirePermission('users:write'), requireStepUp('role_change')] }
 */
export type Guard = (request: FastifyRequest) => Promise<void>;

function forbidden(permission: Permission): AppError {
  return new AppError('auth.forbidden', `this action needs the ${permission} permission`);
}

/** Every listed permission is needed; the refusal names the first one missing. */
export function requirePermission(...perms: Permission[]): Guard {
  return async (request) => {
    const principal = principalOf(request);
    const missing = perms.find((x) => !principal.permissions.has(x));
    if (missing) throw forbidden(missing);
  };
}

/** Any one of the listed permissions is enough; the refusal names the first (document 3, GET /users). */
export function requireAnyPermission(first: Permission, ...rest: Permission[]): Guard {
  return async (request) => {
    const principal = principalOf(request);
    if (![first, ...rest].some((x) => principal.permissions.has(x))) throw forbidden(first);
  };
}

/**
 * A recent sign-in confirmation for this purpose on this session. An API token has no session
 * to confirm on, so it is refused the same way.
 */
export function requireStepUp(purpose: StepUpPurpose): Guard {
  return async (request) => {
    const principal = principalOf(request);
    const { db, clock } = request.server.deps;
    const fresh =
      principal.sessionId !== undefined &&
      (await hasFreshStepUp(db, principal.tenantId, principal.sessionId, purpose, clock.now()));
    if (!fresh) {
      throw new AppError('auth.step_up_required', `confirm your sign-in first (step-up ${purpose})`, [
        { field: 'purpose', message: purpose },
      ]);
    }
  };
}
