import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../http/error-codes.js';
import { AppError } from '../../http/errors.js';
import { ERROR_MESSAGE } from './attributes.js';

/** RFC 7644 section 3.12: the error body of the SCIM routes, sent as application/scim+json. */
export const SCIM_CONTENT_TYPE = 'application/scim+json';

const SCIM_TYPE: Partial<Record<ErrorCode, string>> = {
  'scim.invalid_value': 'invalidValue',
  'scim.invalid_filter': 'invalidFilter',
  'scim.invalid_syntax': 'invalidSyntax',
  'scim.invalid_path': 'invalidPath',
  'scim.no_target': 'noTarget',
  'scim.uniqueness': 'uniqueness',
  'request.malformed': 'invalidSyntax',
  'request.invalid': 'invalidValue',
};

interface ScimAnswer {
  status: number;
  scimType?: string;
  detail: string;
}

function answerFor(error: unknown): ScimAnswer {
  if (error instanceof AppError) {
    const scimType = SCIM_TYPE[error.code];
    // SCIM has no 422: a field refusal is a 400 invalidValue.
    const status = error.status === 422 ? 400 : error.status;
    return { status, ...(scimType ? { scimType } : {}), detail: error.message };
  }
  const e = error as Partial<FastifyError>;
  if (e.validation) {
    const where = e.validationContext === 'body' ? 'body' : 'query';
    return {
      status: 400,
      scimType: where === 'body' ? 'invalidSyntax' : 'invalidValue',
      detail: `the request ${where} is not valid`,
    };
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413) return { status: 413, detail: 'the body is too large' };
    if (e.statusCode === 415)
      return { status: 400, scimType: 'invalidSyntax', detail: 'unsupported content type' };
    return { status: 400, scimType: 'invalidSyntax', detail: 'the request body is not readable JSON' };
  }
  return { status: 500, detail: 'unexpected server error; the request id finds it in the log' };
}

export function scimErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = answerFor(error);
  if (answer.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
  else request.log.info({ status: answer.status, route: request.routeOptions.url }, 'SCIM request refused');
  if (error instanceof AppError) for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  return reply
    .code(answer.status)
    .type(SCIM_CONTENT_TYPE)
    .send({
      schemas: [ERROR_MESSAGE],
      status: String(answer.status),
      ...(answer.scimType ? { scimType: answer.scimType } : {}),
      detail: answer.detail,
    });
}
