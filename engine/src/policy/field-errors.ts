import type { FieldError } from '../errors.js';

/**
 * Collects field errors under a path. Messages describe the rule that failed and never repeat the
 * submitted value (document 1, Errors: "422 naming the field, never the value").
 */
export class FieldErrors {
  readonly list: FieldError[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  get count(): number {
    return this.list.length;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** An RFC 3339 timestamp with a zone designator (offsets are fine in timestamps, not in schedules). */
export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && RFC3339.test(value) && !Number.isNaN(Date.parse(value));
}

/** Reports a field that must be an array of non-empty strings; returns the strings it accepted. */
export function checkStringList(
  errors: FieldErrors,
  field: string,
  value: unknown,
  maxItems: number,
  maxLength = 512,
): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.add(field, 'must be a list of strings');
    return [];
  }
  if (value.length > maxItems) errors.add(field, `must list at most ${maxItems} values`);
  const out: string[] = [];
  value.forEach((item, i) => {
    if (!isNonEmptyString(item)) errors.add(`${field}[${i}]`, 'must be a non-empty string');
    else if (item.length > maxLength) errors.add(`${field}[${i}]`, `must be at most ${maxLength} characters`);
    else out.push(item);
  });
  return out;
}
