import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityModule } from './identity/routes.js';
import { incidentsModule } from './incidents/routes.js';
import { usersModule } from './users/routes.js';

/**
 * The module registry: each domain exports one Fastify plugin and appends one import and one
 * entry here. Each is registered inside the /api/v1 scope, after the authenticate hook, so its
 * routes are user routes unless a route's config says otherwise (see http/principal.ts).
 */
export type ApiModule = FastifyPluginAsyncTypebox;

export const MODULES: readonly ApiModule[] = [incidentsModule, identityModule, usersModule];
