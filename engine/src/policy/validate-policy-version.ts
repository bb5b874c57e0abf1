import type { FieldError } from '../errors.js';
import { HARD_BLOCK_ACTIONS, isWireAction, normalizeAction, SEVERITIES } from './actions.js';
import { checkChangeReason } from './change-reason.js';
import { FieldErrors, isInteger, isNonEmptyString, isRecord, isTimestamp } from './field-errors.js';
import { checkPersonText } from './person-text.js';
import { CONFLICT_STRATEGIES, LIMITS, POLICY_GROUPS } from './policy-types.js';
import { validateCondition } from './validate-condition.js';
import { validateConnection } from './validate-connection.js';
import { actionFor, type PromptLookup, validateNotifications } from './validate-notifications.js';
import { validateRiskThresholds } from './validate-risk-thresholds.js';
import { validateSandbox } from './validate-sandbox.js';
import { validateSchedule } from './validate-schedule.js';
import { type TargetLookup, validateScope } from './validate-scope.js';

/** What the server passes to a write-time validation. Nothing here is read from a clock or a database by the engine. */
export interface PolicyValidationContext {
  /** The server's clock at the write (sandbox expiry is measured from it). */
  now: Date;
  /** When given, typed endpoint and endpoint-group targets must name current objects of the tenant. */
  targets?: TargetLookup;
  /** When given, `prompt_message_id` must name a current message written for the policy's action. */
  prompts?: PromptLookup;
  /** Detector ids and names a notice text must not mention. */
  detectorNames?: readonly string[];
}

const AUTHOR_FIELDS = new Set([
  'name',
  'description',
  'owner',
  'mode',
  'severity',
  'priority',
  'group',
  'scope',
  'condition',
  'exceptions',
  'response',
  'offline_response',
  'evidence',
  'schedule',
  'conflict_strategy',
  'change_reason',
  'notifications',
  'risk_thresholds',
  'apply_label',
  'raise_every_match',
  'connection',
  'effective_from',
  'effective_until',
  'sandbox',
]);

/** Server-assigned fields a caller may echo back; they are ignored here, never validated as input. */
const SERVER_FIELDS = new Set([
  'id',
  'policy_id',
  'tenant_id',
  'number',
  'version',
  'status',
  'created_at',
  'created_by',
  'effective_group',
]);

function validateExceptions(errors: FieldErrors, value: unknown, targets: TargetLookup | undefined): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    errors.add('exceptions', 'must be a list');
    return;
  }
  if (value.length > LIMITS.exceptions_max) {
    errors.add('exceptions', `must list at most ${LIMITS.exceptions_max} exceptions`);
    return;
  }
  const ids = new Set<string>();
  value.forEach((ex, i) => {
    const p = `exceptions[${i}]`;
    if (!isRecord(ex)) {
      errors.add(p, 'must be an object');
      return;
    }
    for (const key of Object.keys(ex)) {
      if (!['id', 'reason', 'approved_by', 'expires_at', 'scope', 'downgrade_to'].includes(key))
        errors.add(`${p}.${key}`, 'is not an exception field');
    }
    const id = ex['id'];
    if (!isNonEmptyString(id)) errors.add(`${p}.id`, 'must be a non-empty string');
    else if (ids.has(id)) errors.add(`${p}.id`, 'must be unique within the policy');
    else ids.add(id);
    const reason = ex['reason'];
    if (!isNonEmptyString(reason) || reason.length > 500)
      errors.add(`${p}.reason`, 'must be a non-empty text of at most 500 characters');
    else checkPersonText(errors, `${p}.reason`, reason, 'multiline');
    if (!isNonEmptyString(ex['approved_by']))
      errors.add(`${p}.approved_by`, 'is required: name who approved it');
    else checkPersonText(errors, `${p}.approved_by`, ex['approved_by'], 'line');
    const expires = ex['expires_at'];
    if (expires !== undefined && expires !== null && !isTimestamp(expires))
      errors.add(`${p}.expires_at`, 'must be an RFC 3339 timestamp');
    const down = ex['downgrade_to'];
    if (down !== undefined && down !== null && !isWireAction(down))
      errors.add(`${p}.downgrade_to`, 'must be an action, or omitted to suppress');
    if (ex['scope'] === undefined || ex['scope'] === null) errors.add(`${p}.scope`, 'must not be empty');
    else {
      const facts = validateScope(errors, `${p}.scope`, ex['scope'], targets);
      if (facts.empty && isRecord(ex['scope'])) errors.add(`${p}.scope`, 'must not be empty');
    }
  });
}

function validateEvidence(errors: FieldErrors, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add('evidence', 'must be an object of booleans');
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (!['metadata', 'redacted_previews', 'context_snippets', 'full_file'].includes(key))
      errors.add(`evidence.${key}`, 'is not an evidence field');
    else if (typeof v !== 'boolean') errors.add(`evidence.${key}`, 'must be a boolean');
  }
}

function validateApplyLabel(errors: FieldErrors, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add('apply_label', 'must be an object with value and replace_existing');
    return;
  }
  const v = value['value'];
  if (!isNonEmptyString(v) || v.length > LIMITS.label_max)
    errors.add('apply_label.value', `must be a non-empty text of at most ${LIMITS.label_max} characters`);
  const r = value['replace_existing'];
  if (r !== undefined && typeof r !== 'boolean')
    errors.add('apply_label.replace_existing', 'must be a boolean');
}

function checkOptionalText(errors: FieldErrors, field: string, value: unknown, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) {
    errors.add(field, `must be a text of at most ${max} characters`);
    return null;
  }
  return value;
}

/**
 * The one write-time validation of a policy version (document 1). Returns every refusal as a
 * field error (path and rule, never the value); an empty list means the version may be stored.
 * `warn` is accepted wherever an action is written and read as `inform`.
 */
export function validatePolicyVersion(input: unknown, context: PolicyValidationContext): FieldError[] {
  const errors = new FieldErrors();
  if (!isRecord(input)) {
    errors.add('', 'must be a policy version object');
    return errors.list;
  }
  for (const key of Object.keys(input)) {
    if (!AUTHOR_FIELDS.has(key) && !SERVER_FIELDS.has(key)) errors.add(key, 'is not a policy field');
  }

  const name = input['name'];
  if (!isNonEmptyString(name) || name.length > LIMITS.name_max)
    errors.add('name', `must be a non-empty text of at most ${LIMITS.name_max} characters`);
  else checkPersonText(errors, 'name', name, 'line');
  const description = checkOptionalText(errors, 'description', input['description'], LIMITS.description_max);
  checkPersonText(errors, 'description', description, 'multiline');
  checkPersonText(errors, 'owner', checkOptionalText(errors, 'owner', input['owner'], 320), 'line');
  const mode = input['mode'];
  if (mode !== undefined && mode !== null && (typeof mode !== 'string' || !/^[a-z_]{1,32}$/.test(mode)))
    errors.add('mode', 'must be a lower-case mode name such as audit');
  if (!(SEVERITIES as readonly unknown[]).includes(input['severity']))
    errors.add('severity', `must be one of ${SEVERITIES.join(', ')}`);
  const priority = input['priority'];
  if (priority !== undefined && priority !== null && (!isInteger(priority) || priority < 0))
    errors.add('priority', 'must be a non-negative integer');
  const group = input['group'];
  if (group !== undefined && group !== null && !(POLICY_GROUPS as readonly unknown[]).includes(group))
    errors.add('group', `must be one of ${POLICY_GROUPS.join(', ')}, or null`);

  const changeReason = input['change_reason'];
  const reasonProblem = checkChangeReason(changeReason);
  if (reasonProblem) errors.add('change_reason', reasonProblem);
  else checkPersonText(errors, 'change_reason', changeReason, 'multiline');

  if (!isWireAction(input['response'])) errors.add('response', 'must be an action');
  const offline = input['offline_response'];
  if (offline !== undefined && offline !== null && !isWireAction(offline))
    errors.add('offline_response', 'must be an action, or omitted to use the online action');
  const cs = input['conflict_strategy'];
  if (cs !== undefined && !(CONFLICT_STRATEGIES as readonly unknown[]).includes(cs))
    errors.add('conflict_strategy', `must be one of ${CONFLICT_STRATEGIES.join(', ')}`);

  if (input['scope'] === undefined || input['scope'] === null) errors.add('scope', 'is required (may be {})');
  const scope = validateScope(errors, 'scope', input['scope'], context.targets);

  let leafOps = new Set<string>();
  if (input['condition'] === undefined) errors.add('condition', 'is required');
  else leafOps = validateCondition(errors, 'condition', input['condition']).leafOps;

  // Document 1, condition rule 6: a block or quarantine rule may not rest on location alone.
  const actions = [input['response'], offline].filter(isWireAction).map(normalizeAction);
  if (
    leafOps.size === 1 &&
    leafOps.has('network_location') &&
    actions.some((a) => HARD_BLOCK_ACTIONS.has(a))
  ) {
    errors.add('condition', 'a block or quarantine policy cannot consist of network location alone');
  }

  validateExceptions(errors, input['exceptions'], context.targets);
  validateEvidence(errors, input['evidence']);
  validateSchedule(errors, 'schedule', input['schedule']);
  validateRiskThresholds(errors, 'risk_thresholds', input['risk_thresholds']);
  validateApplyLabel(errors, input['apply_label']);
  validateNotifications(
    errors,
    input['notifications'],
    actionFor(input['response']),
    context.detectorNames ?? [],
    context.prompts,
  );
  const rem = input['raise_every_match'];
  if (rem !== undefined && typeof rem !== 'boolean') errors.add('raise_every_match', 'must be a boolean');
  for (const key of ['effective_from', 'effective_until'] as const) {
    const v = input[key];
    if (v !== undefined && v !== null && !isTimestamp(v)) errors.add(key, 'must be an RFC 3339 timestamp');
  }
  const from = input['effective_from'];
  const until = input['effective_until'];
  if (isTimestamp(from) && isTimestamp(until) && Date.parse(until) <= Date.parse(from))
    errors.add('effective_until', 'must be after effective_from');

  validateConnection(errors, input['connection'], input, scope);

  const sandbox = input['sandbox'];
  if (sandbox !== undefined && typeof sandbox !== 'boolean') errors.add('sandbox', 'must be a boolean');
  if (sandbox === true) validateSandbox(errors, input, scope, context.now);
  return errors.list;
}
