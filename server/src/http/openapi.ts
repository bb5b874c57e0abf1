import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './tokens.js';

/** Registers the OpenAPI 3.1 generator; it must be registered before any route. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Custos DLP API', version },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
  });
}

/** `GET /api/v1/openapi.json`, generated from the route schemas; registered inside /api/v1. */
export function openApiRoute(api: FastifyInstance): void {
  api.get(
    '/openapi.json',
    {
      config: { auth: 'none' },
      schema: { hide: true, response: { 200: { type: 'object', additionalProperties: true } } },
    },
    async () => api.swagger(),
  );
}
