import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  API_TOKEN_MAX_DAYS,
  apiTokenAuthenticator,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from './service.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const TokenView = {
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  created_at: Timestamp,
  expires_at: Nullable(Timestamp),
  last_used_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
};

/** API tokens (document 3, Authentication; routes designed in issue 4, docs/identity.md). */
export const apiTokensModule: ApiModule = async (app) => {
  app.auth.addAuthenticator(apiTokenAuthenticator(app.auth));

  app.post(
    '/api-tokens',
    {
      schema: {
        body: Type.Object(
          {
            name: PersonText('line', { minLength: 1, maxLength: 100 }),
            scopes: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 100 }),
            expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: API_TOKEN_MAX_DAYS })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ ...TokenView, token: Type.String() }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const out = await createApiToken(serviceContextOf(request), principalOf(request), request.body);
      return reply.code(201).send(out);
    },
  );

  app.get(
    '/api-tokens',
    {
      schema: {
        response: {
          200: Type.Object({ items: Type.Array(Type.Object({ ...TokenView, user_id: Type.String() })) }),
          ...errorResponses(401),
        },
      },
    },
    async (request) => listApiTokens(serviceContextOf(request), principalOf(request)),
  );

  app.post(
    '/api-tokens/:id/revoke',
    {
      schema: {
        params: IdParams,
        response: { 200: Type.Object({ revoked: Type.Literal(true) }), ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => revokeApiToken(serviceContextOf(request), principalOf(request), request.params.id),
  );
};
