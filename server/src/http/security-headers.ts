import type { FastifyInstance } from 'fastify';

/**
 * Headers on every API answer: answers carry personal data, so no cache keeps them; the API is
 * HTTPS-only, so browsers are told to stay on HTTPS; JSON is never sniffed into something else.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    // A route may choose its own caching; the default is none.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('strict-transport-security', 'max-age=31536000');
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}
