import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import { answerSession, ChallengeBody, SignedInBody } from '../identity/public.js';
import type { ApiModule } from '../index.js';
import { ldapAvailable, ldapSignIn } from './login.js';
import { ldapView, removeLdapSettings, saveLdapSettings } from './settings.js';
import { findLdapProvider } from './store.js';
import { testLdapSettings } from './test-bind.js';

const Reason = PersonText('multiline', { minLength: 1, maxLength: 500 });
const Role = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('security_analyst'),
  Type.Literal('auditor'),
  Type.Literal('viewer'),
]);
const Mapping = Type.Object(
  { group: Type.String({ minLength: 1, maxLength: 200 }), role: Role },
  { additionalProperties: false },
);
const LdapView = Type.Object({
  configured: Type.Boolean(),
  display_name: Type.Optional(Type.String()),
  credential_ref: Type.Optional(Type.String()),
  has_ca_certificate: Type.Optional(Type.Boolean()),
  role_mappings: Type.Optional(Type.Array(Mapping)),
  enabled: Type.Optional(Type.Boolean()),
  create_users: Type.Optional(Type.Boolean()),
  updated_at: Type.Optional(Timestamp),
});

/** Directory sign-in (document 3): /auth/ldap/* and /settings/ldap-auth. */
export const ldapModule: ApiModule = async (app) => {
  const s = app.deps;
  const sso = requirePermission('sso:write');
  const stepUp = requireStepUp('sign_in_settings');

  app.get(
    '/auth/ldap/available',
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
    async (request) => ldapAvailable(serviceContextOf(request), request.query.tenant),
  );

  app.post(
    '/auth/ldap/login',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object(
          {
            tenant: Type.String({ minLength: 1, maxLength: 200 }),
            email: Type.String({ minLength: 1, maxLength: 320 }),
            password: Type.String({ maxLength: 1024 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Union([SignedInBody, ChallengeBody]), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const result = await ldapSignIn(serviceContextOf(request), s.config, {
        ...request.body,
        sourceIp: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      });
      if ('next' in result) return result;
      return answerSession(reply, result);
    },
  );

  app.get(
    '/settings/ldap-auth',
    { onRequest: [sso], schema: { response: { 200: LdapView, ...errorResponses(401, 403) } } },
    async (request) => ldapView(await findLdapProvider(s.db, principalOf(request).tenantId)),
  );

  app.post(
    '/settings/ldap-auth',
    {
      onRequest: [sso, stepUp],
      schema: {
        body: Type.Object(
          {
            display_name: PersonText('line', { minLength: 1, maxLength: 100 }),
            credential_ref: Type.String({ minLength: 1, maxLength: 200 }),
            ca_certificate: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 })),
            clear_ca_certificate: Type.Optional(Type.Boolean()),
            role_mappings: Type.Array(Mapping, { maxItems: 200 }),
            enabled: Type.Boolean(),
            create_users: Type.Boolean(),
            reason: Reason,
          },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      await saveLdapSettings(serviceContextOf(request), principalOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/settings/ldap-auth',
    {
      onRequest: [sso, stepUp],
      schema: {
        body: Type.Object({ reason: Reason }, { additionalProperties: false }),
        response: { 204: Type.Null(), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      await removeLdapSettings(serviceContextOf(request), principalOf(request), request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/settings/ldap-auth/test',
    {
      onRequest: [sso],
      schema: {
        response: {
          200: Type.Object({ verified: Type.Boolean(), detail: Type.String() }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => testLdapSettings(serviceContextOf(request), s.config, principalOf(request).tenantId),
  );
};
