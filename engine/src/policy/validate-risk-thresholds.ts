import { actionStrength, isWireAction, normalizeAction } from './actions.js';
import { type FieldErrors, isRecord } from './field-errors.js';
import { LIMITS } from './policy-types.js';

/**
 * Document 1, evaluation rule 4: a table is refused when it has no steps, a threshold above 100,
 * two steps at one score, or a higher score with a gentler action. The written order does not
 * matter; steps are compared in score order and the error names the step as written.
 */
export function validateRiskThresholds(errors: FieldErrors, path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add(path, 'must be an object with below and steps');
    return;
  }
  const below = value['below'];
  if (!isWireAction(below)) errors.add(`${path}.below`, 'must be an action');
  const steps = value['steps'];
  if (!Array.isArray(steps) || steps.length === 0) {
    errors.add(`${path}.steps`, 'must have at least one step');
    return;
  }
  if (steps.length > LIMITS.risk_steps_max) {
    errors.add(`${path}.steps`, `must have at most ${LIMITS.risk_steps_max} steps`);
    return;
  }
  const good: { i: number; at: number; strength: number }[] = [];
  steps.forEach((step, i) => {
    const p = `${path}.steps[${i}]`;
    if (!isRecord(step)) {
      errors.add(p, 'must be an object with at_or_above and action');
      return;
    }
    const at = step['at_or_above'];
    const action = step['action'];
    let ok = true;
    if (typeof at !== 'number' || !Number.isFinite(at) || at < 0 || at > 100) {
      errors.add(`${p}.at_or_above`, 'must be a score from 0 to 100');
      ok = false;
    }
    if (!isWireAction(action)) {
      errors.add(`${p}.action`, 'must be an action');
      ok = false;
    }
    if (ok) good.push({ i, at: at as number, strength: actionStrength(normalizeAction(action as never)) });
  });
  const sorted = [...good].sort((a, b) => a.at - b.at || a.i - b.i);
  for (let k = 1; k < sorted.length; k += 1) {
    const prev = sorted[k - 1]!;
    const cur = sorted[k]!;
    if (cur.at === prev.at) errors.add(`${path}.steps[${cur.i}].at_or_above`, 'two steps share one score');
    else if (cur.strength < prev.strength)
      errors.add(`${path}.steps[${cur.i}].action`, 'a higher score must not take a gentler action');
  }
  if (
    isWireAction(below) &&
    sorted.length > 0 &&
    actionStrength(normalizeAction(below)) > sorted[0]!.strength
  ) {
    errors.add(`${path}.below`, 'must not be stronger than the lowest step');
  }
}
