import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { systemClock } from './clock.js';
import { loadServerKeys } from './crypto/server-keys.js';
import type { AppDeps, AppServices } from './deps.js';
import { AuditWriter } from './http/audit.js';
import { AuthRegistry, authenticate, sessionAuthenticator } from './http/authenticate.js';
import { clientErrorHandler } from './http/client-errors.js';
import { registerClosedResponses, registerResponseFieldCheck } from './http/closed-responses.js';
import type { ConsoleAssets } from './http/console-assets.js';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { createMetrics, registerRequestMetrics } from './http/metrics.js';
import { registerNulRefusal } from './http/nul-text.js';
import { openApiRoute, registerOpenApi } from './http/openapi.js';
import './http/principal.js';
import { mintRequestId, registerRequestId } from './http/request-id.js';
import { cachedSerializerFactory } from './http/schema-cache.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSharedSchemas } from './http/shared-schemas.js';
import { createValidatorCompiler } from './http/validation.js';
import { type ApiModule, MODULES } from './modules/index.js';
import { canonicalScimUrl } from './modules/scim/public.js';
import { SERVER_VERSION } from './version.js';

export type { AppDeps, AppServices } from './deps.js';

/** The API instance as modules and tests see it (TypeBox types flow into handlers). */
export type App = FastifyInstance;

export interface BuildOptions {
  /** PEM key and certificate: the instance then serves HTTPS (main.ts); tests use inject. */
  https?: { key: string | Buffer; cert: string | Buffer };
  /** Replaces MODULES (tests and the demo pass `apiModules(theirPort)`). */
  modules?: readonly ApiModule[];
  /** Registered after the modules inside /api/v1 (tests add routes that exercise the core). */
  extraModules?: readonly ApiModule[];
  /** Tests: report every field a response schema would drop (`http/closed-responses.ts`). */
  strictResponses?: (route: string, fields: string[]) => void;
  /** The web console's built files (main.ts loads console/dist); absent: no console is served. */
  console?: ConsoleAssets;
}

const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the API: error model, request ids, validation, authentication, OpenAPI and every
 * module under /api/v1. Nothing here reads the environment or listens.
 */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    ...(options.https ? { https: options.https } : {}),
    genReqId: mintRequestId,
    // The client's x-request-id is never read (document 2: minted by the server).
    requestIdHeader: false,
    // Fastify's own request lines carry the full URL (search terms, ids); ours log the template.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    frameworkErrors: frameworkErrorHandler,
    // Requests Node's parser refuses (431, 400, 408) answer in the one error shape too.
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: false },
    // SCIM endpoint names are matched without case (modules/scim/paths.ts; docs/scim.md).
    rewriteUrl: (req) => canonicalScimUrl(req.url ?? '/'),
    // A request that reaches a busy connection during the stop is served, with `Connection: close`
    // (http/connections.ts), instead of Fastify's 503 in a body of its own shape.
    return503OnClosing: false,
    schemaController: { compilersFactory: { buildSerializer: cachedSerializerFactory } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  const services: AppServices = {
    config: deps.config,
    db: deps.db,
    clock: deps.clock ?? systemClock,
    audit: new AuditWriter(deps.db, deps.clock ?? systemClock),
    metrics: deps.metrics ?? createMetrics(),
    keys: deps.keys ?? loadServerKeys(deps.config),
  };
  const auth = new AuthRegistry();
  auth.addAuthenticator(sessionAuthenticator(auth));

  app.decorate('deps', services);
  app.decorate('auth', auth);
  app.decorateRequest('principal', null);
  app.setValidatorCompiler(createValidatorCompiler());

  // An empty body under a JSON content type reads as "no body"; the route schema then decides.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    defaultJson(request, body as string, done);
  });

  registerRequestId(app);
  registerNulRefusal(app);
  registerSecurityHeaders(app);
  registerErrorHandling(app, options.console ? options.console.serve : undefined);
  registerRequestMetrics(app, services.metrics);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  await app.register(cookie);
  // Before the OpenAPI generator and every route: response schemas are closed allowlists.
  registerClosedResponses(app);
  registerSharedSchemas(app);
  if (options.strictResponses) registerResponseFieldCheck(app, options.strictResponses);
  await registerOpenApi(app, SERVER_VERSION);

  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate);
      openApiRoute(api);
      for (const module of [...(options.modules ?? MODULES), ...(options.extraModules ?? [])])
        await api.register(module);
    },
    { prefix: '/api/v1' },
  );
  return app;
}
