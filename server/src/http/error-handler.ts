import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorBody } from './errors.js';
import { MAX_DETAILS, shownField, validationDetails } from './validation.js';

/** Fastify errors raised while reading a request, before routing or the handler. */
const MALFORMED_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_TYPE',
  'FST_ERR_CTP_EMPTY_TYPE',
  'FST_ERR_BAD_URL',
  'FST_ERR_ASYNC_CONSTRAINT',
]);

/**
 * Driver errors meaning "the database cannot serve right now" (SQLite busy past busy_timeout,
 * PostgreSQL unreachable, shutting down or out of connections): the client may retry.
 */
const UNAVAILABLE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '53300',
]);

interface Answer {
  status: number;
  body: ErrorBody;
}

function malformed(message: string, details: ErrorBody['details'] = []): Answer {
  return { status: 400, body: { code: 'request.malformed', message, details } };
}

function fromValidation(error: FastifyError): Answer {
  const errors = (error.validation ?? []) as unknown as ErrorObject[];
  const details = validationDetails(errors);
  switch (error.validationContext) {
    case 'params':
      // A path id that is not a UUID is unreadable, not a field mistake (document 2, Errors).
      return malformed('the request path is malformed', details);
    case 'body':
      if (errors.some((e) => e.instancePath === '' && e.keyword === 'type')) {
        return malformed('the request body must be a JSON object');
      }
      break;
    default:
      break;
  }
  return {
    status: 422,
    body: { code: 'request.invalid', message: 'the request has invalid fields', details },
  };
}

/** Maps any thrown value to the one error shape; nothing else about the failure leaves. */
export function answerFor(error: unknown): Answer & { unexpected: boolean } {
  if (error instanceof AppError) {
    const body = error.toBody();
    // Field paths can carry keys the client chose (a map's keys): bounded before they leave.
    const details = body.details
      .slice(0, MAX_DETAILS)
      .map((d) => ({ field: shownField(d.field), message: d.message }));
    return { status: error.status, body: { ...body, details }, unexpected: false };
  }
  const e = error as Partial<FastifyError>;
  if (e && Array.isArray(e.validation)) return { ...fromValidation(e as FastifyError), unexpected: false };
  if (e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      body: { code: 'request.too_large', message: 'the request body is too large', details: [] },
      unexpected: false,
    };
  }
  if (e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return {
      ...malformed('the content type is not accepted here; send application/json'),
      unexpected: false,
    };
  }
  if ((e?.code && MALFORMED_CODES.has(e.code)) || e instanceof SyntaxError) {
    return { ...malformed('the request could not be read'), unexpected: false };
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) {
    return {
      status,
      body: { code: 'request.rate_limited', message: 'too many requests', details: [] },
      unexpected: false,
    };
  }
  if (status === 404) {
    return {
      status,
      body: { code: 'route.not_found', message: 'no such route', details: [] },
      unexpected: false,
    };
  }
  if (status >= 400 && status < 500) {
    return { ...malformed('the request could not be read'), unexpected: false };
  }
  if (typeof e?.code === 'string' && UNAVAILABLE_CODES.has(e.code)) {
    return {
      status: 503,
      body: {
        code: 'service.unavailable',
        message: 'the service is briefly unavailable; retry',
        details: [],
      },
      unexpected: true,
    };
  }
  return {
    status: 500,
    body: { code: 'internal', message: 'an unexpected error occurred; quote the x-request-id', details: [] },
    unexpected: true,
  };
}

/**
 * What of an error may reach the log: name, code, message and stack. Driver errors carry more
 * (PostgreSQL's `detail` repeats the conflicting values), which is personal data and stays out.
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message,
    stack: error.stack,
  };
}

function send(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const answer = answerFor(error);
  if (answer.unexpected) {
    // The log keeps the cause for operators; the client gets only the code and request id.
    request.log.error({ err: safeError(error) }, 'unexpected error');
  }
  if (answer.status === 503) reply.header('retry-after', '1');
  if (error instanceof AppError)
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

/**
 * `fallback` (the console's files, http/console-assets.ts) answers unmatched GETs outside /api
 * first; whatever it declines keeps the JSON 404.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setErrorHandler((error, request, reply) => send(request, reply, error));
  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    return reply.code(404).send({ code: 'route.not_found', message: 'no such route', details: [] });
  });
}

/** For Fastify's `frameworkErrors` option (bad URL encoding, constraint failures). */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  send(request, reply, error);
}
