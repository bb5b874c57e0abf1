/**
 * The built-in detector catalogue (issue 3). Ids are stable and referenced by policies and
 * bundles; a change in what a detector reports raises its version.
 */
import type { DetectorDefinition } from '../definition.js';
import { CONTACT_NETWORK_DETECTORS } from './contact-network.js';
import { CREDENTIAL_DETECTORS } from './credentials.js';
import { FINANCIAL_DETECTORS } from './financial.js';
import { NATIONAL_ID_DETECTORS } from './national-id.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const BUILTIN_DETECTORS: readonly DetectorDefinition[] = deepFreeze([
  ...FINANCIAL_DETECTORS,
  ...NATIONAL_ID_DETECTORS,
  ...CONTACT_NETWORK_DETECTORS,
  ...CREDENTIAL_DETECTORS,
]);

/** The built-in definition with this id, or undefined. */
export function builtinDetector(id: string): DetectorDefinition | undefined {
  return BUILTIN_DETECTORS.find((d) => d.id === id);
}
