import { ACTIONS, SEVERITIES } from '../policy/actions.js';
import { FieldErrors, isInteger, isRecord } from '../policy/field-errors.js';
import { CONFLICT_STRATEGIES } from '../policy/policy-types.js';
import { validateClassificationDefinition } from '../policy/validate-classification.js';
import { validateCondition } from '../policy/validate-condition.js';

const isAction = (v: unknown): boolean => (ACTIONS as readonly unknown[]).includes(v);
const isStrList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');
const SCOPE_LISTS = [
  'departments',
  'channels',
  'operating_systems',
  'destinations',
  'sources',
  'applications',
  'user_ids',
  'groups',
  'device_ids',
  'agent_groups',
  'exclude_groups',
  'exclude_device_ids',
  'exclude_agent_groups',
];

function checkScope(errors: FieldErrors, path: string, scope: unknown): void {
  if (!isRecord(scope)) {
    errors.add(path, 'must be an object');
    return;
  }
  for (const key of SCOPE_LISTS) {
    if (scope[key] !== undefined && !isStrList(scope[key]))
      errors.add(`${path}.${key}`, 'must be a list of strings');
  }
  for (const key of ['include_targets', 'exclude_targets']) {
    if (scope[key] !== undefined && !Array.isArray(scope[key]))
      errors.add(`${path}.${key}`, 'must be a list');
  }
}

function checkPolicy(errors: FieldErrors, p: string, policy: unknown): void {
  if (!isRecord(policy)) {
    errors.add(p, 'must be an object');
    return;
  }
  if (typeof policy['policy_id'] !== 'string') errors.add(`${p}.policy_id`, 'must be a string');
  for (const key of ['policy_number', 'version', 'priority'])
    if (!isInteger(policy[key])) errors.add(`${p}.${key}`, 'must be an integer');
  if (policy['status'] !== 'published' && policy['status'] !== 'test')
    errors.add(`${p}.status`, 'must be published or test');
  if (!(SEVERITIES as readonly unknown[]).includes(policy['severity']))
    errors.add(`${p}.severity`, 'must be a severity');
  if (!(CONFLICT_STRATEGIES as readonly unknown[]).includes(policy['conflict_strategy']))
    errors.add(`${p}.conflict_strategy`, 'must be a conflict strategy');
  if (!isAction(policy['response'])) errors.add(`${p}.response`, 'must be a normalised action');
  if (policy['offline_response'] !== null && !isAction(policy['offline_response']))
    errors.add(`${p}.offline_response`, 'must be a normalised action or null');
  checkScope(errors, `${p}.scope`, policy['scope']);
  validateCondition(errors, `${p}.condition`, policy['condition']);
  const exceptions = policy['exceptions'];
  if (!Array.isArray(exceptions)) errors.add(`${p}.exceptions`, 'must be a list');
  else
    exceptions.forEach((e, i) => {
      const q = `${p}.exceptions[${i}]`;
      if (!isRecord(e) || typeof e['id'] !== 'string' || typeof e['approved_by'] !== 'string') {
        errors.add(q, 'must carry id and approved_by');
        return;
      }
      if (e['downgrade_to'] !== null && !isAction(e['downgrade_to']))
        errors.add(`${q}.downgrade_to`, 'must be a normalised action or null');
      if (e['expires_at'] !== null && typeof e['expires_at'] !== 'string')
        errors.add(`${q}.expires_at`, 'must be a timestamp or null');
      checkScope(errors, `${q}.scope`, e['scope']);
    });
  const schedule = policy['schedule'];
  // Shape only: an unresolvable zone is allowed here and leaves the policy active (rule 6).
  if (
    schedule !== null &&
    !(
      isRecord(schedule) &&
      typeof schedule['timezone'] === 'string' &&
      Array.isArray(schedule['days_of_week']) &&
      schedule['days_of_week'].every((d) => isInteger(d)) &&
      isInteger(schedule['start_minute']) &&
      isInteger(schedule['end_minute'])
    )
  )
    errors.add(`${p}.schedule`, 'must be a schedule or null');
  const rt = policy['risk_thresholds'];
  if (
    rt !== null &&
    !(
      isRecord(rt) &&
      isAction(rt['below']) &&
      Array.isArray(rt['steps']) &&
      rt['steps'].every((s) => isRecord(s) && typeof s['at_or_above'] === 'number' && isAction(s['action']))
    )
  )
    errors.add(`${p}.risk_thresholds`, 'must be a risk table with normalised actions, or null');
  const label = policy['apply_label'];
  if (label !== null && !(isRecord(label) && typeof label['value'] === 'string'))
    errors.add(`${p}.apply_label`, 'must be a label or null');
  if (!isRecord(policy['notifications'])) errors.add(`${p}.notifications`, 'must be an object');
  if (typeof policy['raise_every_match'] !== 'boolean')
    errors.add(`${p}.raise_every_match`, 'must be a boolean');
  for (const key of ['effective_from', 'effective_until'])
    if (policy[key] !== null && typeof policy[key] !== 'string')
      errors.add(`${p}.${key}`, 'must be a timestamp or null');
  if (!Array.isArray(policy['classification_bindings']))
    errors.add(`${p}.classification_bindings`, 'must be a list');
}

/**
 * Deep shape check of a verified payload before an agent compiles it: a signed bundle is trusted,
 * but an agent never crashes on one the server got wrong; it refuses it and keeps the last good
 * bundle. Returns field paths (never values); empty when the evaluator can read every policy.
 */
export function bundlePayloadProblems(payload: Record<string, unknown>): FieldErrors['list'] {
  const errors = new FieldErrors();
  const policies = payload['policies'];
  if (Array.isArray(policies))
    for (const [i, pol] of policies.entries()) checkPolicy(errors, `policies[${i}]`, pol);
  const classifications = payload['classifications'];
  if (Array.isArray(classifications))
    classifications.forEach((c, i) => {
      for (const e of validateClassificationDefinition(c))
        errors.add(`classifications[${i}]${e.field ? `.${e.field}` : ''}`, e.message);
    });
  const detectors = payload['detectors'];
  if (Array.isArray(detectors))
    detectors.forEach((d, i) => {
      if (
        !isRecord(d) ||
        typeof d['detector_id'] !== 'string' ||
        typeof d['category'] !== 'string' ||
        typeof d['builtin'] !== 'boolean'
      )
        errors.add(`detectors[${i}]`, 'must carry detector_id, category and builtin');
    });
  const corpora = payload['fingerprint_corpora'];
  if (corpora !== undefined && !Array.isArray(corpora)) errors.add('fingerprint_corpora', 'must be a list');
  if (Array.isArray(corpora))
    corpora.forEach((c, i) => {
      const ok =
        isRecord(c) &&
        typeof c['corpus_id'] === 'string' &&
        typeof c['data'] === 'string' &&
        typeof c['data_sha256'] === 'string' &&
        ['version', 'window', 'winnow', 'document_count'].every((k) => isInteger(c[k]));
      if (!ok)
        errors.add(
          `fingerprint_corpora[${i}]`,
          'must carry corpus_id, version, window, winnow, document_count, data_sha256 and data',
        );
    });
  return errors.list;
}
