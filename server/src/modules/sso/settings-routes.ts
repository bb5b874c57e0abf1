import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { testProvider } from './flow.js';
import {
  changeSignInMode,
  providerView,
  removeProviderSettings,
  saveProviderSettings,
  signInModeView,
} from './settings.js';
import { findProvider } from './store.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Reason = PersonText('multiline', { minLength: 1, maxLength: 500 });
const Role = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('security_analyst'),
  Type.Literal('auditor'),
  Type.Literal('viewer'),
]);
const Mapping = Type.Object(
  { group: Type.String({ minLength: 1, maxLength: 256 }), role: Role },
  { additionalProperties: false },
);
const ProviderView = Type.Object({
  configured: Type.Boolean(),
  issuer: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  has_client_secret: Type.Optional(Type.Boolean()),
  has_ca_certificate: Type.Optional(Type.Boolean()),
  display_name: Type.Optional(Type.String()),
  groups_claim: Type.Optional(Type.String()),
  role_mappings: Type.Optional(Type.Array(Mapping)),
  default_role: Type.Optional(Nullable(Role)),
  enabled: Type.Optional(Type.Boolean()),
  updated_at: Type.Optional(Timestamp),
});
const Mode = Type.Object({
  sso_only: Type.Boolean(),
  break_glass: Type.Array(Type.String()),
  updated_at: Nullable(Timestamp),
});

/** /settings/oidc and /settings/sign-in-mode (document 3). */
export const signInSettingsRoutes: ApiModule = async (app) => {
  const s = app.deps;
  const sso = requirePermission('sso:write');
  const stepUp = requireStepUp('sign_in_settings');

  app.get(
    '/settings/oidc',
    { onRequest: [sso], schema: { response: { 200: ProviderView, ...errorResponses(401, 403) } } },
    async (request) => providerView(await findProvider(s.db, principalOf(request).tenantId)),
  );

  app.post(
    '/settings/oidc',
    {
      onRequest: [sso, stepUp],
      schema: {
        body: Type.Object(
          {
            issuer: Type.String({ minLength: 1, maxLength: 500 }),
            client_id: Type.String({ minLength: 1, maxLength: 500 }),
            client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
            ca_certificate: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 })),
            clear_ca_certificate: Type.Optional(Type.Boolean()),
            display_name: PersonText('line', { minLength: 1, maxLength: 100 }),
            groups_claim: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            role_mappings: Type.Array(Mapping, { maxItems: 200 }),
            default_role: Type.Optional(Nullable(Role)),
            enabled: Type.Boolean(),
            reason: Reason,
          },
          { additionalProperties: false },
        ),
        response: { 200: ProviderView, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) =>
      saveProviderSettings(serviceContextOf(request), principalOf(request), s.keys.master, request.body),
  );

  app.delete(
    '/settings/oidc',
    {
      onRequest: [sso, stepUp],
      schema: {
        body: Type.Object({ reason: Reason }, { additionalProperties: false }),
        response: { 204: Type.Null(), ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      await removeProviderSettings(serviceContextOf(request), principalOf(request), request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/settings/oidc/test',
    {
      onRequest: [sso],
      schema: {
        response: {
          200: Type.Object({ verified: Type.Boolean(), detail: Type.String() }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => testProvider(serviceContextOf(request), principalOf(request).tenantId, s.keys.master),
  );

  app.get(
    '/settings/sign-in-mode',
    {
      onRequest: [requirePermission('system:read')],
      schema: { response: { 200: Mode, ...errorResponses(401, 403) } },
    },
    async (request) => signInModeView(serviceContextOf(request), principalOf(request).tenantId),
  );

  app.post(
    '/settings/sign-in-mode',
    {
      onRequest: [sso, stepUp],
      schema: {
        body: Type.Object(
          { sso_only: Type.Boolean(), break_glass: Type.Array(Uuid, { maxItems: 20 }), reason: Reason },
          { additionalProperties: false },
        ),
        response: { 200: Mode, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) => changeSignInMode(serviceContextOf(request), principalOf(request), request.body),
  );
};
