import { Type } from 'typebox';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../../http/tokens.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { acceptInvitation, redeemReset } from './invitations.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

// Document 3: a malformed invitation or link (missing, empty, too long, not a string) is the same
// 401 as an unknown one, so the schema takes any value and the service judges its shape.
const SecretBody = (name: 'invitation' | 'reset') =>
  Type.Object(
    {
      [name]: Type.Optional(Type.Unknown({ description: `the ${name} string; anything malformed is 401` })),
      password: Type.String({ minLength: 1, maxLength: 1024 }),
    },
    { additionalProperties: false },
  );

/**
 * The public side of invitations and reset links (document 3, Users): a person without a session
 * redeems what an administrator issued (`auth: 'none'`).
 */
export const userRedeemModule: ApiModule = async (app) => {
  app.post(
    '/auth/accept-invitation',
    {
      config: { auth: 'none' },
      schema: {
        body: SecretBody('invitation'),
        response: {
          200: Type.Object({
            token: Type.String(),
            expires_at: Timestamp,
            user: Type.Object({
              id: Type.String(),
              email: Type.String(),
              display_name: Nullable(Type.String()),
              role: Type.String(),
            }),
          }),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { invitation?: unknown; password: string };
      const { token, session, user } = await acceptInvitation(serviceContextOf(request), {
        invitation: body.invitation,
        password: body.password,
        sourceIp: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        ...SESSION_COOKIE_OPTIONS,
        expires: new Date(session.expires_at),
      });
      return {
        token,
        expires_at: session.expires_at,
        user: { id: user.id, email: user.email, display_name: user.display_name, role: user.role },
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { auth: 'none' },
      schema: { body: SecretBody('reset'), response: { 204: Type.Null(), ...errorResponses(401, 422) } },
    },
    async (request, reply) => {
      const body = request.body as { reset?: unknown; password: string };
      await redeemReset(serviceContextOf(request), body);
      return reply.code(204).send(null);
    },
  );
};
