import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { scimBasePath } from './resources.js';
import {
  createScimToken,
  revokeScimTokenByPublicId,
  SCIM_TOKEN_MAX_DAYS,
  scimTokenListing,
} from './tokens.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const TokenView = {
  public_id: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
  expires: Timestamp,
  last_used_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
  state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
};

/** /settings/scim-tokens (document 3, Provisioning): sso:write; creating needs step-up. */
export const scimTokenRoutes: ApiModule = async (app) => {
  const sso = requirePermission('sso:write');

  app.get(
    '/settings/scim-tokens',
    {
      onRequest: [sso],
      schema: {
        response: {
          200: Type.Object({
            items: Type.Array(Type.Object(TokenView)),
            base_path: Type.String(),
            provisioned_accounts: Type.Integer(),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) =>
      scimTokenListing(
        serviceContextOf(request),
        principalOf(request).tenantId,
        scimBasePath(app.deps.config),
      ),
  );

  app.post(
    '/settings/scim-tokens',
    {
      onRequest: [sso, requireStepUp('sign_in_settings')],
      schema: {
        body: Type.Object(
          {
            name: PersonText('line', { minLength: 1, maxLength: 100 }),
            expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: SCIM_TOKEN_MAX_DAYS })),
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
      const out = await createScimToken(
        serviceContextOf(request),
        principalOf(request).tenantId,
        request.body,
      );
      return reply.code(201).send(out);
    },
  );

  app.post(
    '/settings/scim-tokens/:public_id/revoke',
    {
      onRequest: [sso],
      schema: {
        params: Type.Object({ public_id: Uuid }),
        body: Type.Object(
          { reason: PersonText('multiline', { minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ revoked: Type.Literal(true) }),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) =>
      revokeScimTokenByPublicId(
        serviceContextOf(request),
        principalOf(request).tenantId,
        request.params.public_id,
        request.body.reason,
      ),
  );
};
