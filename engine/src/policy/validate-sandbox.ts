import { isWireAction, normalizeAction } from './actions.js';
import { type FieldErrors, isTimestamp } from './field-errors.js';
import { LIMITS } from './policy-types.js';
import type { ScopeFacts } from './validate-scope.js';

const PERSON_OR_GROUP = [
  'departments',
  'user_ids',
  'groups',
  'agent_groups',
  'include_targets.directory_group',
  'include_targets.endpoint_group',
  'exclude_targets.directory_group',
  'exclude_targets.endpoint_group',
];

const DAY_MS = 86_400_000;

/**
 * Document 1, "Sandbox (test) policies": accepted only when online and offline actions are audit,
 * with no risk-driven action, label change or connection control, naming at least one exact
 * endpoint and no person or group target, and expiring within 31 days of `now`.
 */
export function validateSandbox(
  errors: FieldErrors,
  policy: Record<string, unknown>,
  scope: ScopeFacts,
  now: Date,
): void {
  for (const key of ['response', 'offline_response'] as const) {
    const v = policy[key];
    if (key === 'offline_response' && (v === undefined || v === null)) continue;
    if (isWireAction(v) && normalizeAction(v) !== 'audit')
      errors.add(key, 'a sandbox version must use audit');
  }
  if (policy['risk_thresholds'] !== undefined && policy['risk_thresholds'] !== null)
    errors.add('risk_thresholds', 'a sandbox version has no risk-driven action');
  if (policy['apply_label'] !== undefined && policy['apply_label'] !== null)
    errors.add('apply_label', 'a sandbox version changes no label');
  if (policy['connection'] !== undefined && policy['connection'] !== null)
    errors.add('connection', 'a sandbox version has no connection control');
  if (!scope.named.has('device_ids') && !scope.named.has('include_targets.endpoint'))
    errors.add('scope', 'a sandbox version must name at least one exact endpoint');
  if (PERSON_OR_GROUP.some((d) => scope.named.has(d)))
    errors.add('scope', 'a sandbox version names no person or group target');
  const until = policy['effective_until'];
  if (!isTimestamp(until)) {
    errors.add('effective_until', `a sandbox version must expire within ${LIMITS.sandbox_expiry_days} days`);
  } else {
    const t = Date.parse(until);
    if (t <= now.getTime() || t > now.getTime() + LIMITS.sandbox_expiry_days * DAY_MS)
      errors.add(
        'effective_until',
        `a sandbox version must expire within ${LIMITS.sandbox_expiry_days} days`,
      );
  }
}
