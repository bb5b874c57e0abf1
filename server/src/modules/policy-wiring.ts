import type { PolicyPort } from '../ports/policy-port.js';
import { getLatestBundle, getPolicySigningKeys } from './bundles/public.js';
import { getPolicyForIncident, policiesNamingAgentGroup } from './policies/public.js';

/**
 * The agent modules' view of published policy data (modules/agent-api/policy-port.ts): bundles
 * and signing keys from the bundles module, policy facts for incidents and group retirement from
 * the policies module. Tests may pass their own port instead.
 */
export const policyPort: PolicyPort = {
  getLatestBundle,
  getPolicySigningKeys,
  getPolicyForIncident,
  policiesNamingAgentGroup,
};
