import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../http/authenticate.js';
import { PersonText } from '../../http/person-text.js';
import type { PolicyParts } from './service.js';

/** What every policies route file shares: the module's own service parts and the reason field. */

/** The key and the approver flag a policies service takes after its service context. */
export function policyPartsOf(request: FastifyRequest): PolicyParts {
  return {
    masterKey: request.server.deps.keys.master,
    canApprove: principalOf(request).permissions.has('policies:approve'),
  };
}

export const Reason = PersonText('multiline', { minLength: 1, maxLength: 500 });
