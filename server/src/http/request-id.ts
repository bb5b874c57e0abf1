import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's genReqId: always a fresh UUID; a client-sent x-request-id is never read. */
export function mintRequestId(): string {
  return randomUUID();
}

/** Every answer (errors and 404s included) carries the id the server minted (document 2). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
}
