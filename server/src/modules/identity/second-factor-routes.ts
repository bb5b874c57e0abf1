import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { SessionsTable, UsersTable } from '../../db/foundation-tables.js';
import { findUserById } from '../../http/auth-store.js';
import { principalOf } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../../http/tokens.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { findTenantById } from '../tenants/public.js';
import {
  changeSecondFactorRequirement,
  confirmEnrollment,
  enroll,
  secondFactorStatus,
} from './second-factor.js';
import { completeChallenge, confirmForChallenge, enrollForChallenge } from './sign-in-challenge.js';
import { getSecondFactorRequirement } from './store.js';

export const SignedInBody = Type.Object({
  token: Type.String(),
  expires_at: Timestamp,
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    display_name: Type.Union([Type.String(), Type.Null()]),
    role: Type.String(),
  }),
  /** Document 3: set while the tenant requires a second factor not yet enrolled. */
  second_factor_due_by: Type.Optional(Timestamp),
  /** Only from /auth/login/enrol/confirm: shown once. */
  recovery_codes: Type.Optional(Type.Array(Type.String())),
});

export const ChallengeBody = Type.Object({
  next: Type.Union([Type.Literal('second_factor'), Type.Literal('enrol')]),
  challenge: Type.String(),
  expires_at: Timestamp,
});

/** A new session as every sign-in route answers it: the cookie and the token in the body. */
export function answerSession(
  reply: FastifyReply,
  opened: {
    token: string;
    session: SessionsTable;
    user: UsersTable;
    second_factor_due_by?: string | null;
    recovery_codes?: string[];
  },
) {
  reply.setCookie(SESSION_COOKIE, opened.token, {
    ...SESSION_COOKIE_OPTIONS,
    expires: new Date(opened.session.expires_at),
  });
  const { user } = opened;
  return {
    token: opened.token,
    expires_at: opened.session.expires_at,
    user: { id: user.id, email: user.email, display_name: user.display_name, role: user.role },
    ...(opened.second_factor_due_by ? { second_factor_due_by: opened.second_factor_due_by } : {}),
    ...(opened.recovery_codes ? { recovery_codes: opened.recovery_codes } : {}),
  };
}

/** Second-factor routes (document 3, Sign-in and sessions). */
export const secondFactorRoutes: ApiModule = async (app) => {
  const s = app.deps;

  /** Only a person on a session with a local account enrols (a token is 403). */
  async function sessionUser(request: Parameters<typeof principalOf>[0]): Promise<UsersTable> {
    const p = principalOf(request);
    if (!p.sessionId)
      throw new AppError(
        'auth.forbidden',
        'the second factor is managed on a console session, not with an API token',
      );
    const user = await findUserById(s.db, p.tenantId, p.userId);
    if (!user) throw new AppError('auth.unauthenticated', 'sign in first: no valid session or token');
    return user;
  }

  app.get(
    '/auth/second-factor',
    {
      schema: {
        response: {
          200: Type.Object({
            applies: Type.Boolean(),
            enrolled: Type.Boolean(),
            confirmed_at: Type.Union([Timestamp, Type.Null()]),
            recovery_codes_left: Type.Integer(),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const user = await sessionUser(request);
      return secondFactorStatus(serviceContextOf(request), user);
    },
  );

  app.post(
    '/auth/second-factor/enrol',
    {
      onRequest: [requireStepUp('second_factor')],
      schema: {
        response: {
          200: Type.Object({ secret: Type.String(), otpauth_uri: Type.String() }),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request) => {
      const user = await sessionUser(request);
      const tenant = await findTenantById(s.db, user.tenant_id);
      return enroll(serviceContextOf(request), s.keys.factor, user, tenant?.slug ?? '');
    },
  );

  app.post(
    '/auth/second-factor/confirm',
    {
      schema: {
        body: Type.Object(
          { code: Type.String({ minLength: 1, maxLength: 16 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ recovery_codes: Type.Array(Type.String()) }),
          ...errorResponses(401, 403, 409, 422),
        },
      },
    },
    async (request) => {
      const user = await sessionUser(request);
      return confirmEnrollment(serviceContextOf(request), s.keys.factor, user, request.body.code);
    },
  );

  app.post(
    '/auth/login/second-factor',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object(
          {
            challenge: Type.String({ minLength: 1, maxLength: 200 }),
            code: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
            recovery_code: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: SignedInBody, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const { challenge, code, recovery_code } = request.body;
      const opened = await completeChallenge(serviceContextOf(request), s.config, s.keys.factor, {
        challenge,
        ...(code !== undefined ? { code } : {}),
        ...(recovery_code !== undefined ? { recovery_code } : {}),
        sourceIp: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
      return answerSession(reply, opened);
    },
  );

  const userAgentOf = (request: { headers: Record<string, unknown> }) =>
    typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null;

  app.post(
    '/auth/login/enrol',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object(
          { challenge: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ secret: Type.String(), otpauth_uri: Type.String() }),
          ...errorResponses(401, 409, 422),
        },
      },
    },
    async (request) =>
      enrollForChallenge(
        serviceContextOf(request),
        s.keys.factor,
        request.body.challenge,
        async (tenantId) => (await findTenantById(s.db, tenantId))?.slug ?? '',
      ),
  );

  app.post(
    '/auth/login/enrol/confirm',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object(
          {
            challenge: Type.String({ minLength: 1, maxLength: 200 }),
            code: Type.String({ minLength: 1, maxLength: 16 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: SignedInBody, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) => {
      const opened = await confirmForChallenge(serviceContextOf(request), s.keys.factor, {
        ...request.body,
        sourceIp: request.ip ?? null,
        userAgent: userAgentOf(request),
      });
      return answerSession(reply, opened);
    },
  );

  const Requirement = Type.Object({
    required: Type.Boolean(),
    since: Type.Union([Timestamp, Type.Null()]),
    grace_days: Type.Integer(),
    due_by: Type.Union([Timestamp, Type.Null()]),
  });

  app.get(
    '/settings/second-factor',
    {
      onRequest: [requirePermission('system:read')],
      schema: { response: { 200: Requirement, ...errorResponses(401, 403) } },
    },
    async (request) => getSecondFactorRequirement(s.db, principalOf(request).tenantId),
  );

  app.post(
    '/settings/second-factor',
    {
      onRequest: [requirePermission('tenant:write'), requireStepUp('sign_in_settings')],
      schema: {
        body: Type.Object(
          {
            required: Type.Boolean(),
            grace_days: Type.Integer({ minimum: 0, maximum: 90 }),
            reason: PersonText('multiline', { minLength: 1, maxLength: 500 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Requirement, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      return changeSecondFactorRequirement(serviceContextOf(request), request.body);
    },
  );
};
