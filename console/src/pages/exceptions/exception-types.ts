import type { paths } from '../../api/schema.js';

/** One exception request as `GET /exception-requests/{id}` answers it. */
export type ExceptionRequest =
  paths['/api/v1/exception-requests/{id}']['get']['responses'][200]['content']['application/json'];

export const EXCEPTION_STATES = ['pending', 'approved', 'refused', 'withdrawn', 'expired'] as const;
export type ExceptionState = (typeof EXCEPTION_STATES)[number];
export const EXCEPTION_PAGE = 50;

export const stateKey = (s: string) => `exceptionState.${s}` as `exceptionState.${ExceptionState}`;
