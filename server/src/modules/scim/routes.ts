import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../http/errors.js';
import type { ServiceContext } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { enabledSsoMappings } from '../sso/public.js';
import { type Json, LIST_RESPONSE } from './attributes.js';
import { resourceTypes, serviceProviderConfig } from './discovery.js';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './groups.js';
import { scimBasePath } from './resources.js';
import { schemaDefinitions } from './schema-definitions.js';
import {
  ExcludeQuery,
  ListOf,
  ListQuery,
  ResourceTypes,
  SchemaDefinitions,
  ScimBody,
  ScimGroup,
  ScimUser,
  ServiceProviderConfig,
  scimErrors,
} from './schemas.js';
import { SCIM_CONTENT_TYPE, scimErrorHandler } from './scim-errors.js';
import { scimTokenRoutes } from './token-routes.js';
import { scimTokenHolder } from './tokens.js';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  patchUser,
  replaceUser,
  type ScimParts,
} from './users.js';

/** The SCIM 2.0 surface (document 3, Provisioning) and the settings routes of its tokens. */
export const scimModule: ApiModule = async (app) => {
  await app.register(scimTokenRoutes);
  await app.register(scimApi, { prefix: '/scim/v2' });
};

interface ScimRequest {
  ctx: ServiceContext;
  parts: ScimParts;
}
const calls = new WeakMap<FastifyRequest, ScimRequest>();

function scimOf(request: FastifyRequest): ScimRequest {
  const found = calls.get(request);
  if (!found) throw new AppError('auth.unauthenticated', 'a valid SCIM token is required');
  return found;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim())?.[1] ?? null;
}

/**
 * Only a SCIM token opens these routes (a session or API token is 401), and only while single
 * sign-on is configured and enabled (403). Every change is audited as `scim:<public_id>`.
 */
async function authenticateScim(request: FastifyRequest): Promise<void> {
  const s = request.server.deps;
  const holder = await scimTokenHolder(s, bearerOf(request));
  const mappings = await enabledSsoMappings(s.db, holder.tenantId);
  if (!mappings)
    throw new AppError('scim.sso_not_enabled', 'provisioning needs single sign-on configured and enabled');
  calls.set(request, {
    ctx: {
      db: s.db,
      audit: s.audit,
      clock: s.clock,
      requestId: request.id,
      actor: { tenantId: holder.tenantId, type: 'scim', id: holder.publicId },
    },
    parts: { mappings, basePath: scimBasePath(s.config) },
  });
}

function scimScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), auth: 'scim' };
  });
  scope.setErrorHandler(scimErrorHandler);
  // RFC 7644 clients send application/scim+json; Entra and Microsoft's collection send JSON.
  scope.addContentTypeParser(SCIM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('scim.invalid_syntax', 'the request body is not readable JSON'), undefined);
    }
  });
  scope.addHook('onRequest', authenticateScim);
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.type(SCIM_CONTENT_TYPE);
    return payload;
  });
}

const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });
const list = <T>(total: number, start: number, resources: T[]) => ({
  schemas: [LIST_RESPONSE],
  totalResults: total,
  startIndex: start,
  itemsPerPage: resources.length,
  Resources: resources,
});

const scimApi: ApiModule = async (scope) => {
  scimScope(scope);

  scope.get(
    '/ServiceProviderConfig',
    { schema: { response: { 200: ServiceProviderConfig, ...scimErrors(401, 403) } } },
    async (request) => serviceProviderConfig(scimOf(request).parts.basePath),
  );
  scope.get(
    '/Schemas',
    { schema: { response: { 200: SchemaDefinitions, ...scimErrors(401, 403) } } },
    async (request) => schemaDefinitions(scimOf(request).parts.basePath),
  );
  scope.get(
    '/ResourceTypes',
    { schema: { response: { 200: ResourceTypes, ...scimErrors(401, 403) } } },
    async (request) => resourceTypes(scimOf(request).parts.basePath),
  );

  scope.get(
    '/Users',
    { schema: { querystring: ListQuery, response: { 200: ListOf(ScimUser), ...scimErrors(400, 401, 403) } } },
    async (request) => {
      const { ctx, parts } = scimOf(request);
      const out = await listUsers(ctx, parts, request.query);
      return list(out.total, out.start, out.resources);
    },
  );
  scope.post(
    '/Users',
    { schema: { body: ScimBody, response: { 201: ScimUser, ...scimErrors(400, 401, 403, 409) } } },
    async (request, reply) => {
      const { ctx, parts } = scimOf(request);
      const user = await createUser(ctx, parts, request.body as Json);
      return reply.code(201).header('location', user.meta.location).send(user);
    },
  );
  scope.get(
    '/Users/:id',
    {
      schema: {
        params: IdParam,
        querystring: ExcludeQuery,
        response: { 200: ScimUser, ...scimErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const { ctx, parts } = scimOf(request);
      return getUser(ctx, parts, request.params.id);
    },
  );
  scope.put(
    '/Users/:id',
    {
      schema: {
        params: IdParam,
        body: ScimBody,
        response: { 200: ScimUser, ...scimErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { ctx, parts } = scimOf(request);
      return replaceUser(ctx, parts, request.params.id, request.body as Json);
    },
  );
  scope.patch(
    '/Users/:id',
    {
      schema: {
        params: IdParam,
        body: ScimBody,
        response: { 204: Type.Null(), ...scimErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { ctx, parts } = scimOf(request);
      await patchUser(ctx, parts, request.params.id, request.body as Json);
      return reply.code(204).send(null);
    },
  );
  scope.delete(
    '/Users/:id',
    { schema: { params: IdParam, response: { 204: Type.Null(), ...scimErrors(401, 403, 404) } } },
    async (request, reply) => {
      await deleteUser(scimOf(request).ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  scope.get(
    '/Groups',
    {
      schema: { querystring: ListQuery, response: { 200: ListOf(ScimGroup), ...scimErrors(400, 401, 403) } },
    },
    async (request) => {
      const { ctx, parts } = scimOf(request);
      const out = await listGroups(ctx, parts, request.query);
      return list(out.total, out.start, out.resources);
    },
  );
  scope.post(
    '/Groups',
    { schema: { body: ScimBody, response: { 201: ScimGroup, ...scimErrors(400, 401, 403) } } },
    async (request, reply) => {
      const { ctx, parts } = scimOf(request);
      const group = await createGroup(ctx, parts, request.body as Json);
      return reply.code(201).header('location', group.meta.location).send(group);
    },
  );
  scope.get(
    '/Groups/:id',
    {
      schema: {
        params: IdParam,
        querystring: ExcludeQuery,
        response: { 200: ScimGroup, ...scimErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const { ctx, parts } = scimOf(request);
      return getGroup(ctx, parts, request.params.id, request.query.excludedAttributes);
    },
  );
  scope.put(
    '/Groups/:id',
    {
      schema: {
        params: IdParam,
        body: ScimBody,
        response: { 200: ScimGroup, ...scimErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { ctx, parts } = scimOf(request);
      return replaceGroup(ctx, parts, request.params.id, request.body as Json);
    },
  );
  scope.patch(
    '/Groups/:id',
    {
      schema: {
        params: IdParam,
        body: ScimBody,
        response: { 204: Type.Null(), ...scimErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { ctx, parts } = scimOf(request);
      await patchGroup(ctx, parts, request.params.id, request.body as Json);
      return reply.code(204).send(null);
    },
  );
  scope.delete(
    '/Groups/:id',
    { schema: { params: IdParam, response: { 204: Type.Null(), ...scimErrors(401, 403, 404) } } },
    async (request, reply) => {
      const { ctx, parts } = scimOf(request);
      await deleteGroup(ctx, parts, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
