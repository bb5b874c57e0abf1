import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../deps.js';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { PersonText } from '../../http/person-text.js';
import type { Actor, PolicyDeps } from './service.js';

/** What every policies route file shares: the service parts, the actor, the reason field. */

export function policyDepsOf(s: AppServices): PolicyDeps {
  return { db: s.db, audit: s.audit, now: () => s.clock.now(), masterKey: s.keys.master };
}

export function actorOf(request: FastifyRequest): Actor {
  const p = principalOf(request);
  return {
    tenantId: p.tenantId,
    userId: p.userId,
    canApprove: p.permissions.has('policies:approve'),
    audit: auditContextOf(request),
  };
}

export const Reason = PersonText('multiline', { minLength: 1, maxLength: 500 });
