import type { Socket } from 'node:net';
import type { ErrorCode } from './error-codes.js';
import type { ErrorBody } from './errors.js';
import { mintRequestId } from './request-id.js';

/**
 * Answers for requests Node's HTTP parser refuses before Fastify sees them (oversized headers,
 * a request line or header that does not parse, a request that arrives too slowly). They get
 * the one error shape and the usual headers, then the connection is closed: after a parse
 * error the rest of the stream cannot be trusted.
 */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

function answerOf(error: NodeJS.ErrnoException): { status: number; code: ErrorCode; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'request.header_too_large', message: 'the request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request.timeout', message: 'the request was not received in time' };
    default:
      return { status: 400, code: 'request.malformed', message: 'the request could not be read' };
  }
}

/** The raw HTTP/1.1 answer written to the socket (exported for tests). */
export function clientErrorResponse(error: NodeJS.ErrnoException, requestId = mintRequestId()): string {
  const { status, code, message } = answerOf(error);
  const body: ErrorBody = { code, message, details: [] };
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${REASONS[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(json)}`,
    `x-request-id: ${requestId}`,
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    'strict-transport-security: max-age=31536000',
    'referrer-policy: no-referrer',
    'connection: close',
    '',
    json,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler` option (runs for the server's `clientError` event). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // A client that never reads the answer must not hold the socket open.
  socket.setTimeout(5000, () => socket.destroy());
  socket.end(clientErrorResponse(error), () => socket.destroy());
}
