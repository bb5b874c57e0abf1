import type { FieldError } from '@custos/engine';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

export type { FieldError };

/** The one error body every route answers with (DESIGN.md, Conventions). */
export interface ErrorBody {
  code: string;
  message: string;
  details: FieldError[];
}

/**
 * A refusal meant for the client. The message and details must never carry a submitted value,
 * a secret or SQL: they are sent as they are.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: FieldError[];
  /** Response headers that belong to the refusal (e.g. Retry-After on a 429). */
  readonly headers: Readonly<Record<string, string>>;

  /** The status comes from the error catalogue (`error-codes.ts`), never from the call site. */
  constructor(
    code: ErrorCode,
    message: string,
    details: FieldError[] = [],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details };
  }
}

/** 422 naming one or more fields; never pass the submitted value into a message. */
export function fieldError(field: string, message: string, more: FieldError[] = []): AppError {
  return new AppError('request.invalid', 'the request has invalid fields', [{ field, message }, ...more]);
}

/** The identical 404 for a missing object and another tenant's (DESIGN.md, Conventions). */
export function notFound(what = 'resource'): AppError {
  return new AppError('resource.not_found', `${what} not found`);
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
