/**
 * The built-in detector catalogue (issue 3). Ids are stable and referenced by policies and
 * bundles; a change in what a detector reports raises its version.
 */
import type { DetectorDefinition } from '../definition.js';
import { CONTACT_NETWORK_DETECTORS } from './contact-network.js';
import { CREDENTIAL_DETECTORS } from './credentials.js';
import { CLOUD_CREDENTIAL_DETECTORS } from './credentials-cloud.js';
import { FINANCIAL_DETECTORS } from './financial.js';
import { NATIONAL_ID_DETECTORS } from './national-id.js';
import { CIS_NATIONAL_ID_DETECTORS } from './national-id-cis.js';
import { EU_NATIONAL_ID_DETECTORS } from './national-id-eu.js';
import { PERSONAL_DETECTORS } from './personal.js';

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
  ...CIS_NATIONAL_ID_DETECTORS,
  ...EU_NATIONAL_ID_DETECTORS,
  ...PERSONAL_DETECTORS,
  ...CONTACT_NETWORK_DETECTORS,
  ...CREDENTIAL_DETECTORS,
  ...CLOUD_CREDENTIAL_DETECTORS,
]);

/** The built-in definition with this id, or undefined. */
export function builtinDetector(id: string): DetectorDefinition | undefined {
  return BUILTIN_DETECTORS.find((d) => d.id === id);
}

let defaults: Map<string, number> | undefined;

/**
 * The confidence a condition on detector `id` asks for when it names none: the built-in
 * detector's `default_confidence`, or 65 (the rule default) for tenant detectors and unknown ids.
 */
export function detectorDefaultConfidence(id: string): number {
  defaults ??= new Map(BUILTIN_DETECTORS.map((d) => [d.id, d.default_confidence]));
  return defaults.get(id) ?? 65;
}
