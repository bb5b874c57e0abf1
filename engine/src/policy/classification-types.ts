import type { ClassificationCoordinate } from './condition-types.js';

/**
 * One element of a classification rule: a detector under a detector rule (document 1, condition
 * rule 4). Evidence names the element and detector ids, never a matched value.
 */
export interface ClassificationElement {
  element_id: string;
  detector_id: string;
  min_matches: number;
  min_confidence: number;
  require_validated: boolean;
}

/** A named rule: it matches when at least `min_elements` (default: all) of its elements match. */
export interface ClassificationRule {
  rule_id: string;
  name: string;
  elements: ClassificationElement[];
  min_elements?: number;
}

/**
 * An exact classification definition as shipped in a bundle: the classification matches when any
 * of its rules matches. The coordinate (id, version, revision) is immutable once published.
 */
export interface ClassificationDefinition extends ClassificationCoordinate {
  name: string;
  rules: ClassificationRule[];
}

/** `id@version#revision`: the key of a binding in the compiled bundle. */
export function coordinateKey(c: ClassificationCoordinate): string {
  return `${c.classification_id}@${c.classification_version}#${c.revision}`;
}

/** Total order on coordinates, used to sort bindings before signing. */
export function compareCoordinates(a: ClassificationCoordinate, b: ClassificationCoordinate): number {
  if (a.classification_id !== b.classification_id) return a.classification_id < b.classification_id ? -1 : 1;
  if (a.classification_version !== b.classification_version)
    return a.classification_version - b.classification_version;
  return a.revision - b.revision;
}
