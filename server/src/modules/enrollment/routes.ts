import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { createToken, listTokenViews, revokeTokenById } from './service.js';

const TokenView = Type.Object({
  id: Type.String(),
  prefix: Type.String(),
  agent_group: Type.Union([Type.String(), Type.Null()]),
  max_uses: Type.Integer(),
  uses: Type.Integer(),
  expires_at: Timestamp,
  created_at: Timestamp,
  revoked_at: Type.Union([Timestamp, Type.Null()]),
  state: Type.String(),
});

/** The enrolment-token console routes as a registry entry (modules/index.ts). */
export const enrollmentTokensModule: ApiModule = async (app) => registerEnrollmentTokenRoutes(app);

/** Enrolment tokens in the console (agents:write; document 2, Enrolment token). */
export function registerEnrollmentTokenRoutes(plain: FastifyInstance): void {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const write = [requirePermission('agents:write')];

  app.get(
    '/enrollment-tokens',
    {
      onRequest: write,
      schema: {
        response: { 200: Type.Object({ items: Type.Array(TokenView) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ items: await listTokenViews(serviceContextOf(request)) }),
  );

  app.post(
    '/enrollment-tokens',
    {
      onRequest: write,
      schema: {
        body: Type.Object(
          {
            max_uses: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
            // Document 2: at least a minute; anything above a week is clamped to a week.
            ttl_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
            agent_group: Type.Optional(
              Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ token: Type.String(), ...TokenView.properties }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      // A token for more than one machine needs its creator's step-up (document 2).
      if ((request.body.max_uses ?? 1) > 1) await requireStepUp('enrollment_token')(request);
      const { token, view } = await createToken(serviceContextOf(request), request.body);
      return reply.code(201).send({ token, ...view });
    },
  );

  app.post(
    '/enrollment-tokens/:id/revoke',
    {
      onRequest: write,
      schema: {
        params: IdParams,
        body: Type.Object(
          { reason: PersonText('multiline', { minLength: 5, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        response: { 200: TokenView, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => revokeTokenById(serviceContextOf(request), request.params.id, request.body.reason),
  );
}
