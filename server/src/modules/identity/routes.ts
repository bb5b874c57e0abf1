import { Type } from 'typebox';
import { findUserById, revokeSession } from '../../http/auth-store.js';
import { principalOf } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { STEP_UP_PURPOSES } from '../../http/step-up.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../../http/tokens.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { customRoleNames } from '../roles/public.js';
import { answerSession, ChallengeBody, SignedInBody, secondFactorRoutes } from './second-factor-routes.js';
import { changeIdleMinutes, confirmStepUp, idleSessionCheck, signIn } from './service.js';
import { getIdleMinutes, IDLE_MINUTES_MAX, IDLE_MINUTES_MIN } from './store.js';

const Reason = PersonText('multiline', { minLength: 1, maxLength: 500 });

/**
 * Console sign-in, sessions, step-up and the idle-time setting (document 3, Sign-in and
 * sessions; issue 4). Registering the module adds the idle check to every session through the
 * foundation's session-check hook, so no other route changes.
 */
export const identityModule: ApiModule = async (app) => {
  const s = app.deps;
  app.auth.addSessionCheck(idleSessionCheck);

  app.post(
    '/auth/login',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object(
          {
            tenant: Type.String({ minLength: 1, maxLength: 200 }),
            email: Type.String({ minLength: 1, maxLength: 320 }),
            password: Type.String({ minLength: 1, maxLength: 1024 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Union([SignedInBody, ChallengeBody]), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const result = await signIn(
        serviceContextOf(request),
        s.config,
        {
          ...request.body,
          sourceIp: request.ip ?? null,
          userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
        },
        app.auth.passwordSignInChecks,
      );
      if ('next' in result) return result;
      return answerSession(reply, result);
    },
  );

  await app.register(secondFactorRoutes);

  app.post(
    '/auth/logout',
    { schema: { response: { 204: Type.Null(), ...errorResponses(401) } } },
    async (request, reply) => {
      const p = principalOf(request);
      if (p.sessionId) await revokeSession(s.db, p.tenantId, p.sessionId, 'logout', s.clock.now());
      reply.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        response: {
          200: Type.Object({
            user_id: Type.String(),
            tenant_id: Type.String(),
            email: Type.String(),
            display_name: Type.Union([Type.String(), Type.Null()]),
            role: Type.String(),
            custom_role: Type.Union([
              Type.Object({ id: Type.String(), name: Type.Union([Type.String(), Type.Null()]) }),
              Type.Null(),
            ]),
            permissions: Type.Array(Type.String()),
            incident_scoped: Type.Boolean(),
            auth: Type.String(),
            timezone: Type.String(),
            date_format: Type.String(),
            time_format: Type.String(),
          }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const user = await findUserById(s.db, p.tenantId, p.userId);
      if (!user) throw new AppError('auth.unauthenticated', 'sign in first: no valid session or token');
      return {
        user_id: user.id,
        tenant_id: p.tenantId,
        email: user.email,
        display_name: user.display_name,
        role: p.role,
        custom_role: p.customRoleId
          ? {
              id: p.customRoleId,
              name: (await customRoleNames(s.db, p.tenantId)).get(p.customRoleId) ?? null,
            }
          : null,
        permissions: [...p.permissions].sort(),
        incident_scoped: Array.isArray(p.incidentScope),
        auth: p.kind === 'api_token' ? 'api_token' : 'session',
        // Display preferences are not stored yet; the console shows UTC, ISO dates, 24-hour time.
        timezone: 'UTC',
        date_format: 'YYYY-MM-DD',
        time_format: 'HH:mm',
      };
    },
  );

  app.post(
    '/auth/activity',
    { schema: { response: { 204: Type.Null(), ...errorResponses(401) } } },
    // The authenticator already counted this heartbeat as use (document 3, Authentication).
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    '/auth/step-up',
    {
      schema: {
        body: Type.Object(
          {
            purpose: Type.Union(STEP_UP_PURPOSES.map((x) => Type.Literal(x))),
            password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
            code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ purpose: Type.String(), expires_at: Timestamp }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => {
      const p = principalOf(request);
      // An API token has no session to confirm on (document 3: a token is not a session).
      if (!p.sessionId)
        throw new AppError('auth.forbidden', 'a step-up needs a console session, not an API token');
      const { purpose, password, code } = request.body;
      return confirmStepUp(serviceContextOf(request), s.config, s.keys.factor, {
        tenantId: p.tenantId,
        userId: p.userId,
        sessionId: p.sessionId,
        purpose,
        ...(password !== undefined ? { password } : {}),
        ...(code !== undefined ? { code } : {}),
      });
    },
  );

  const IdleBody = Type.Object({ idle_minutes: Type.Integer() });
  app.get(
    '/settings/session',
    {
      onRequest: [requirePermission('system:read')],
      schema: { response: { 200: IdleBody, ...errorResponses(401, 403) } },
    },
    async (request) => ({ idle_minutes: await getIdleMinutes(s.db, principalOf(request).tenantId) }),
  );

  app.post(
    '/settings/session',
    {
      onRequest: [requirePermission('tenant:write')],
      schema: {
        body: Type.Object(
          {
            idle_minutes: Type.Integer({ minimum: IDLE_MINUTES_MIN, maximum: IDLE_MINUTES_MAX }),
            reason: Reason,
          },
          { additionalProperties: false },
        ),
        response: { 200: IdleBody, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      return changeIdleMinutes(serviceContextOf(request), request.body.idle_minutes, request.body.reason);
    },
  );
};
