import { ApiError } from '../../api/client.js';
import type { Translate } from '../../i18n/index.js';
import { messageOf } from '../../ui/errors.js';

/**
 * The sentence for a refused rename or retirement: the server's message and, for
 * `agent_group.in_use`, what still names the group (policies by number and name where the person
 * may list policies, else by id; role scopes by id).
 */
export function groupRefusal(error: unknown, t: Translate, policyNames: Map<string, string>): Error {
  if (!(error instanceof ApiError) || error.body.code !== 'agent_group.in_use')
    return new Error(messageOf(error));
  const parts = [error.body.message];
  const policies = error.fieldMessage('policy_ids');
  if (policies) {
    const list = policies
      .split(', ')
      .map((id) => policyNames.get(id) ?? id)
      .join(', ');
    parts.push(t('groups.inUsePolicies', { list }));
  }
  const roles = error.fieldMessage('role_ids');
  if (roles) parts.push(t('groups.inUseRoles', { list: roles }));
  return new Error(parts.join(' '));
}
