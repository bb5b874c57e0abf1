import type { FieldError } from '../errors.js';
import { FieldErrors, isInteger, isNonEmptyString, isRecord } from './field-errors.js';

const ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Write-time check of a classification definition (named detector rules). The coordinate fields
 * are checked as the compiler binds them; whether a detector id exists is the server's lookup.
 */
export function validateClassificationDefinition(input: unknown): FieldError[] {
  const errors = new FieldErrors();
  if (!isRecord(input)) {
    errors.add('', 'must be a classification object');
    return errors.list;
  }
  for (const key of Object.keys(input)) {
    if (!['classification_id', 'classification_version', 'revision', 'name', 'rules'].includes(key))
      errors.add(key, 'is not a classification field');
  }
  if (typeof input['classification_id'] !== 'string' || !ID.test(input['classification_id']))
    errors.add('classification_id', 'must be 1 to 128 letters, digits or _ . : -');
  const version = input['classification_version'];
  if (!isInteger(version) || version < 1)
    errors.add('classification_version', 'must be an integer of at least 1');
  const revision = input['revision'];
  if (!isInteger(revision) || revision < 0) errors.add('revision', 'must be an integer of at least 0');
  const name = input['name'];
  if (!isNonEmptyString(name) || name.length > 200)
    errors.add('name', 'must be a non-empty text of at most 200 characters');
  const rules = input['rules'];
  if (!Array.isArray(rules) || rules.length === 0) {
    errors.add('rules', 'must list at least one rule');
    return errors.list;
  }
  const ruleIds = new Set<string>();
  rules.forEach((rule, i) => {
    const p = `rules[${i}]`;
    if (!isRecord(rule)) {
      errors.add(p, 'must be an object with rule_id, name and elements');
      return;
    }
    const id = rule['rule_id'];
    if (typeof id !== 'string' || !ID.test(id))
      errors.add(`${p}.rule_id`, 'must be 1 to 128 letters, digits or _ . : -');
    else if (ruleIds.has(id)) errors.add(`${p}.rule_id`, 'must be unique within the classification');
    else ruleIds.add(id);
    if (!isNonEmptyString(rule['name'])) errors.add(`${p}.name`, 'must be a non-empty text');
    const elements = rule['elements'];
    if (!Array.isArray(elements) || elements.length === 0) {
      errors.add(`${p}.elements`, 'must list at least one element');
      return;
    }
    const min = rule['min_elements'];
    if (min !== undefined && (!isInteger(min) || min < 1 || min > elements.length))
      errors.add(`${p}.min_elements`, 'must be an integer from 1 to the number of elements');
    const elementIds = new Set<string>();
    elements.forEach((el, j) => {
      const q = `${p}.elements[${j}]`;
      if (!isRecord(el)) {
        errors.add(q, 'must be an object');
        return;
      }
      const eid = el['element_id'];
      if (typeof eid !== 'string' || !ID.test(eid))
        errors.add(`${q}.element_id`, 'must be 1 to 128 letters, digits or _ . : -');
      else if (elementIds.has(eid)) errors.add(`${q}.element_id`, 'must be unique within the rule');
      else elementIds.add(eid);
      if (!isNonEmptyString(el['detector_id'])) errors.add(`${q}.detector_id`, 'must be a detector id');
      const mm = el['min_matches'];
      if (!isInteger(mm) || mm < 1) errors.add(`${q}.min_matches`, 'must be an integer of at least 1');
      const mc = el['min_confidence'];
      if (!isInteger(mc) || mc < 0 || mc > 100)
        errors.add(`${q}.min_confidence`, 'must be an integer from 0 to 100');
      if (typeof el['require_validated'] !== 'boolean')
        errors.add(`${q}.require_validated`, 'must be a boolean');
    });
  });
  return errors.list;
}
