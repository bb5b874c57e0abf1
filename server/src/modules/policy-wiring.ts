import type { ClassificationBindingPort } from '../ports/classification-binding-port.js';
import type { PolicyCompilePort } from '../ports/policy-compile-port.js';
import type { PolicyPort } from '../ports/policy-port.js';
import { getLatestBundle, getPolicySigningKeys } from './bundles/public.js';
import {
  compileTenant,
  getPolicyForIncident,
  policiesBindingClassification,
  policiesNamingAgentGroup,
  releasedPolicies,
} from './policies/public.js';

/**
 * The agent modules' view of published policy data (ports/policy-port.ts): bundles
 * and signing keys from the bundles module, policy facts for incidents and group retirement from
 * the policies module. Tests may pass their own port instead.
 */
export const policyPort: PolicyPort = {
  getLatestBundle,
  getPolicySigningKeys,
  getPolicyForIncident,
  policiesNamingAgentGroup,
};

/** Policies' compile for the approved-device inventory (ports/policy-compile-port.ts). */
export const policyCompilePort: PolicyCompilePort = { releasedPolicies, compileTenant };

/** Policies' binding check for classifications (ports/classification-binding-port.ts). */
export const classificationBindingPort: ClassificationBindingPort = { policiesBindingClassification };
