/**
 * The one catalogue of wire error codes. Every code a client can receive is listed here with
 * its HTTP status; `docs/errors.md` documents each one and a test keeps the two in step.
 * Modules append their codes here (one line each) instead of inventing strings at call sites.
 */
export const ERROR_CODES = {
  // Requests rejected before any handler runs (document 2, Errors).
  'request.malformed': {
    status: 400,
    summary: 'unreadable request: bad JSON, wrong content type, bad path id',
  },
  'request.invalid': { status: 422, summary: 'a field failed validation; details name each field' },
  'request.too_large': { status: 413, summary: 'the body exceeds the route limit' },
  'request.rate_limited': {
    status: 429,
    summary: 'a per-user or per-route limit was reached; see Retry-After',
  },
  'route.not_found': { status: 404, summary: 'no such route' },
  'resource.not_found': { status: 404, summary: 'the object is missing or belongs to another tenant' },
  'resource.conflict': {
    status: 409,
    summary: 'the object changed or is in a state that refuses the action',
  },

  // Authentication and authorisation (document 3).
  'auth.unauthenticated': { status: 401, summary: 'no valid session or token' },
  'auth.session_idle': { status: 401, summary: 'the session was idle beyond the tenant idle time' },
  'auth.forbidden': { status: 403, summary: 'the caller lacks a permission the route needs' },
  'auth.step_up_required': { status: 403, summary: 'the route needs a recent sign-in confirmation' },

  // Tenants (issue 2).
  'tenant.slug_taken': { status: 409, summary: 'a tenant with that slug exists' },

  // Codes named by the specification for other domains.
  'server.query_timeout': { status: 503, summary: 'an incident listing ran past its time limit' },
  'report.export_approval_required': { status: 403, summary: 'the export needs an approved export request' },
  'exception.self_decision_refused': {
    status: 403,
    summary: 'nobody decides a request raised from their own account',
  },

  // Last resort: nothing about the failure reaches the client.
  internal: { status: 500, summary: 'unexpected server error; the request id finds it in the log' },
  'service.unavailable': { status: 503, summary: 'a dependency (the database) is unreachable' },
} as const satisfies Record<string, { status: number; summary: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
