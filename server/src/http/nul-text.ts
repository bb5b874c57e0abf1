import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors.js';
import { shownName, UNKNOWN_PROPERTY } from './validation.js';

/**
 * No text the API takes may hold a NUL character (U+0000). PostgreSQL cannot store or compare
 * one in a text value (the statement fails), SQLite would keep it and a later reader could cut
 * the text short; no name, filter, reason or label needs one. A request to the console and
 * operator routes with a NUL in a JSON body string, a body key or a query value is refused with
 * the one 422, naming the field (never the value), before its handler runs, on both databases
 * alike. Runs after schema validation, so a person-written field keeps its own sentence.
 *
 * The agent routes (`/api/v1/agent/…`) are left to their own normalisation: refusing a whole
 * event batch for one character would leave the agent resending it for ever.
 */
const NUL = '\u0000';

function nulField(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulField(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  // Bytes (an uploaded file) are not text.
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, child] of Object.entries(value)) {
      const name = key.includes(NUL) ? UNKNOWN_PROPERTY : shownName(key);
      const here = path === '' ? name : `${path}.${name}`;
      if (key.includes(NUL)) return here;
      const found = nulField(child, here);
      if (found !== null) return found;
    }
  }
  return null;
}

export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/api/v1/agent/')) return;
    const field = nulField(request.query, '') ?? nulField(request.body, '');
    if (field !== null) throw fieldError(field === '' ? '(body)' : field, 'must not contain a NUL character');
  });
}
