import { BUILTIN_DETECTORS } from '../detectors/index.js';
import type { FieldError } from '../errors.js';
import { type Action, isWireAction, normalizeAction } from './actions.js';
import { FieldErrors, isInteger, isNonEmptyString, isRecord } from './field-errors.js';
import { checkPersonText, personTextProblem } from './person-text.js';
import { LIMITS, NOTICE_LANGUAGES, PROMPT_ACTIONS, type PromptMessage } from './policy-types.js';

/** Lookups the server supplies for notification references. */
export interface PromptLookup {
  /** The tenant's current prompt message with this id, or undefined (missing or another tenant's). */
  find(id: string): Pick<PromptMessage, 'action' | 'retired_at'> | undefined;
}

/**
 * Text that names a detector or a pattern in a notice: a user must not learn what was matched or
 * how (document 1, "Prompt message"). Patterns are recognised by regular-expression syntax.
 */
const PATTERN_SYNTAX =
  /\\[dwsbDWSB]|\[[^\]]*\d-\d[^\]]*\]|\(\?[:=!<]|\{\d+(,\d*)?\}|\.\*|\.\+|\^\S|\S\$(\s|$)/;

/** Built-in detector ids that read as identifiers (`payment_card`), not as ordinary words (`email`). */
const BUILTIN_DETECTOR_IDS: readonly string[] = BUILTIN_DETECTORS.map((d) => d.id).filter((id) =>
  id.includes('_'),
);

/**
 * True when the text holds regular-expression syntax or names a detector id as a whole token
 * (built-in ids with an underscore, plus the names the server passes for tenant detectors).
 */
export function namesDetectorOrPattern(text: string, detectorNames: readonly string[] = []): boolean {
  if (PATTERN_SYNTAX.test(text)) return true;
  const lower = text.toLowerCase();
  for (const name of [...BUILTIN_DETECTOR_IDS, ...detectorNames]) {
    if (name.length < 3) continue;
    const n = name.toLowerCase();
    let at = lower.indexOf(n);
    while (at >= 0) {
      const before = at === 0 ? '' : lower[at - 1]!;
      const after = lower[at + n.length] ?? '';
      if (!/[\p{L}\p{N}_]/u.test(before) && !/[\p{L}\p{N}_]/u.test(after)) return true;
      at = lower.indexOf(n, at + 1);
    }
  }
  return false;
}

/** Checks one notice text: non-empty, at most 512 characters, the person-text rule, no detector or pattern. */
export function checkNoticeText(
  errors: FieldErrors,
  field: string,
  value: unknown,
  detectorNames: readonly string[],
): void {
  if (!isNonEmptyString(value)) {
    errors.add(field, 'must be a non-empty text');
    return;
  }
  if (value.length > LIMITS.prompt_text_max) {
    errors.add(field, `must be at most ${LIMITS.prompt_text_max} characters`);
    return;
  }
  const problem = personTextProblem(value, 'multiline');
  if (problem) {
    errors.add(field, problem);
    return;
  }
  if (namesDetectorOrPattern(value, detectorNames))
    errors.add(field, 'must not name a detector or a pattern');
}

/** Validates `notifications` of a policy version whose online action is `action`. */
export function validateNotifications(
  errors: FieldErrors,
  value: unknown,
  action: Action | null,
  detectorNames: readonly string[],
  prompts: PromptLookup | undefined,
): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add('notifications', 'must be an object');
    return;
  }
  for (const key of Object.keys(value)) {
    if (!['user_message', 'prompt_message_id', 'user_messages', 'justification'].includes(key))
      errors.add(`notifications.${key}`, 'is not a notifications field');
  }
  const userMessage = value['user_message'];
  if (userMessage !== undefined && userMessage !== null)
    checkNoticeText(errors, 'notifications.user_message', userMessage, detectorNames);
  const messages = value['user_messages'];
  if (messages !== undefined && messages !== null) {
    if (!isRecord(messages)) errors.add('notifications.user_messages', 'must map en, az, ru, tr to texts');
    else
      for (const [lang, text] of Object.entries(messages)) {
        if (!(NOTICE_LANGUAGES as readonly string[]).includes(lang))
          errors.add(`notifications.user_messages.${lang}`, 'is not a notice language (en, az, ru, tr)');
        else checkNoticeText(errors, `notifications.user_messages.${lang}`, text, detectorNames);
      }
  }
  const promptId = value['prompt_message_id'];
  if (promptId !== undefined && promptId !== null) {
    if (!isNonEmptyString(promptId))
      errors.add('notifications.prompt_message_id', 'must be a prompt message id');
    else if (prompts) {
      const prompt = prompts.find(promptId);
      if (!prompt || prompt.retired_at !== null)
        errors.add('notifications.prompt_message_id', 'is not a current prompt message of the tenant');
      else if (action && !PROMPT_ACTIONS[prompt.action].includes(action))
        errors.add('notifications.prompt_message_id', "is not written for the policy's action");
    }
  }
  const just = value['justification'];
  if (just !== undefined && just !== null) {
    if (!isRecord(just)) {
      errors.add('notifications.justification', 'must be an object');
      return;
    }
    const reasons = just['reasons'];
    if (reasons !== undefined && (!Array.isArray(reasons) || !reasons.every((r) => isNonEmptyString(r))))
      errors.add('notifications.justification.reasons', 'must be a list of reason categories');
    if (just['free_text'] !== undefined && typeof just['free_text'] !== 'boolean')
      errors.add('notifications.justification.free_text', 'must be a boolean');
    const min = just['min_chars'];
    if (
      min !== undefined &&
      (!isInteger(min) ||
        min < LIMITS.justification_min_chars_min ||
        min > LIMITS.justification_min_chars_max)
    )
      errors.add(
        'notifications.justification.min_chars',
        `must be an integer from ${LIMITS.justification_min_chars_min} to ${LIMITS.justification_min_chars_max}`,
      );
  }
}

/** Validates a prompt-message write `{name, action, texts}`; each bad text is refused by `texts.<language>`. */
export function validatePromptMessage(input: unknown, detectorNames: readonly string[] = []): FieldError[] {
  const errors = new FieldErrors();
  if (!isRecord(input)) {
    errors.add('', 'must be an object with name, action and texts');
    return errors.list;
  }
  const name = input['name'];
  if (!isNonEmptyString(name) || name.length > LIMITS.name_max)
    errors.add('name', `must be a non-empty text of at most ${LIMITS.name_max} characters`);
  else checkPersonText(errors, 'name', name, 'line');
  if (!['warn', 'justify', 'block'].includes(input['action'] as string))
    errors.add('action', 'must be warn, justify or block');
  const texts = input['texts'];
  if (!isRecord(texts)) {
    errors.add('texts', 'must map en, az, ru, tr to texts');
    return errors.list;
  }
  if (texts['en'] === undefined) errors.add('texts.en', 'is required');
  for (const [lang, text] of Object.entries(texts)) {
    if (!(NOTICE_LANGUAGES as readonly string[]).includes(lang))
      errors.add(`texts.${lang}`, 'is not a notice language (en, az, ru, tr)');
    else checkNoticeText(errors, `texts.${lang}`, text, detectorNames);
  }
  return errors.list;
}

export function actionFor(value: unknown): Action | null {
  return isWireAction(value) ? normalizeAction(value) : null;
}
