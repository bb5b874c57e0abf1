import { getLatestBundle, getPolicySigningKeys } from '../bundles/public.js';
import type { PolicyPort } from './policy-port.js';

/**
 * The agent modules' view of published policy data (modules/agent-api/policy-port.ts).
 * Bundles and signing keys come from the bundles module. The policy service (issue 5) has not
 * landed: this server stores no policies, so no policy can name an endpoint group and no event
 * can be attributed to a stored policy; incidents then take the event's own severity and
 * default folding. Replace the two functions below with modules/policies/public.ts when it lands.
 */
export const policyPort: PolicyPort = {
  getLatestBundle,
  getPolicySigningKeys,
  getPolicyForIncident: async () => undefined,
  policiesNamingAgentGroup: async () => [],
};
