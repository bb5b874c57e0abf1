import { LIMITS } from './policy-types.js';

/** `[REFERENCE] ` at the start: 1 to 80 characters between the brackets, then one space. */
const REFERENCE_PREFIX = /^\[([^\]\r\n]{1,80})\] /;

/**
 * Document 1, change_reason: 10 to 500 characters in all; an optional leading `[REFERENCE] `
 * prefix (reference at most 80 characters) does not count toward the 10-character minimum.
 * Returns the failed rule's message, or null.
 */
export function checkChangeReason(value: unknown): string | null {
  if (typeof value !== 'string') return 'is required';
  if (value.length > LIMITS.change_reason_max)
    return `must be at most ${LIMITS.change_reason_max} characters`;
  const prefix = REFERENCE_PREFIX.exec(value);
  const body = prefix ? value.slice(prefix[0].length) : value;
  if (/^\[[^\]\r\n]{81,}\] /.test(value)) {
    return `a reference prefix must be at most ${LIMITS.change_reason_reference_max} characters`;
  }
  if (body.trim().length < LIMITS.change_reason_min) {
    return prefix
      ? `must have at least ${LIMITS.change_reason_min} characters after the reference prefix`
      : `must be at least ${LIMITS.change_reason_min} characters`;
  }
  return null;
}
