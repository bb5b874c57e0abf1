import { Type } from 'typebox';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import { answerSession, SignedInBody } from '../identity/public.js';
import type { ApiModule } from '../index.js';
import { available, completeCallback, exchangeHandoff, startSignIn } from './flow.js';
import { signInSettingsRoutes } from './settings-routes.js';
import { ssoOnlyCheck } from './sign-in-mode.js';

/**
 * Federated sign-in (document 3, OpenID Connect) and the sign-in settings. Registering the module
 * adds the single-sign-on-only rule to every password sign-in through the foundation's hook.
 */
export const ssoModule: ApiModule = async (app) => {
  const s = app.deps;
  app.auth.addPasswordSignInCheck(ssoOnlyCheck);
  const deps = () => ({ masterKey: s.keys.master, publicUrl: s.config.publicUrl, log: app.log });

  app.get(
    '/auth/oidc/available',
    {
      config: { auth: 'none' },
      schema: {
        querystring: Type.Object(
          { tenant: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ enabled: Type.Boolean(), display_name: Type.Optional(Type.String()) }),
          ...errorResponses(422),
        },
      },
    },
    async (request) => available(serviceContextOf(request), request.query.tenant),
  );

  app.post(
    '/auth/oidc/start',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object(
          {
            tenant: Type.String({ minLength: 1, maxLength: 200 }),
            return_to: Type.Optional(Type.String({ maxLength: 500 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ authorization_url: Type.String(), expires_at: Timestamp }),
          ...errorResponses(404, 422, 502),
        },
      },
    },
    async (request) => startSignIn(serviceContextOf(request), deps(), request.body),
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { auth: 'none' },
      schema: {
        // Known parameters only are read; providers may add others (session_state, scope), which
        // must not turn the promised 302 into a 422.
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String()),
            state: Type.Optional(Type.String()),
            iss: Type.Optional(Type.String()),
            error: Type.Optional(Type.String()),
          },
          { additionalProperties: true },
        ),
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      const target = await completeCallback(
        serviceContextOf(request),
        deps(),
        request.query as Record<string, string | undefined>,
      );
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  app.post(
    '/auth/oidc/exchange',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object(
          { handoff: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: { 200: SignedInBody, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const opened = await exchangeHandoff(serviceContextOf(request), request.body.handoff, {
        sourceIp: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
      return answerSession(reply, opened);
    },
  );

  await app.register(signInSettingsRoutes);
};
