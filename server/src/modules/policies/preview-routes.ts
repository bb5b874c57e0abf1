import { KNOWN_CHANNELS, type Scope } from '@custos/engine';
import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import * as R from './response-schemas.js';
import { scopePreview } from './scope-preview.js';
import { simulate } from './simulate.js';

const Names = Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 1000 }));
const Target = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('directory_group'),
      Type.Literal('endpoint'),
      Type.Literal('endpoint_group'),
    ]),
    source: Type.Object({ type: Type.String(), domain_sid: Type.Optional(Type.String()) }),
    object_id: Type.String({ maxLength: 300 }),
    label: Type.Optional(PersonText('line', { maxLength: 300 })),
  },
  { additionalProperties: false },
);
/** A scope to preview: the dimensions of document 1, Scope (the compiler-only exclude_* lists are not taken). */
const ScopeBody = Type.Object(
  {
    departments: Names,
    channels: Names,
    operating_systems: Names,
    destinations: Names,
    sources: Names,
    applications: Names,
    user_ids: Names,
    groups: Names,
    device_ids: Names,
    agent_groups: Names,
    include_targets: Type.Optional(Type.Array(Target, { maxItems: 1000 })),
    exclude_targets: Type.Optional(Type.Array(Target, { maxItems: 1000 })),
  },
  { additionalProperties: false },
);

/** Trying a policy before it ships (document 1): who a scope reaches, what a text would meet. */
export const policyPreviewModule: ApiModule = async (app) => {
  const s = app.deps;

  app.post(
    '/policies/scope-preview',
    {
      onRequest: [requirePermission('policies:read', 'agents:read')],
      schema: {
        body: Type.Object({ scope: ScopeBody }, { additionalProperties: false }),
        response: { 200: R.ScopePreviewSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      scopePreview(s.db, principalOf(request).tenantId, request.body.scope as Scope, s.clock.now()),
  );

  app.post(
    '/policies/simulate',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        body: Type.Object(
          {
            text: Type.String({ maxLength: 1_000_000 }),
            // The closed channel vocabulary (issue 14): a typo would simulate an event no rule sees.
            channel: Type.String({ enum: [...KNOWN_CHANNELS] }),
            os: Type.Optional(Type.String({ maxLength: 32 })),
            agent_group: Type.Optional(Type.String({ maxLength: 200 })),
            destination_domain: Type.Optional(Type.String({ maxLength: 253 })),
            application: Type.Optional(Type.String({ maxLength: 260 })),
            source_path: Type.Optional(Type.String({ maxLength: 4096 })),
            file_extension: Type.Optional(Type.String({ maxLength: 32 })),
            user_sid: Type.Optional(Type.String({ maxLength: 200 })),
            user_groups: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 500 })),
            network_location: Type.Optional(
              Type.Union(['corporate', 'vpn', 'off_network', 'unknown'].map((v) => Type.Literal(v))),
            ),
            policy_id: Type.Optional(Uuid),
            version: Type.Optional(Type.Integer({ minimum: 1 })),
            endpoint_id: Type.Optional(Uuid),
          },
          { additionalProperties: false },
        ),
        response: { 200: R.SimulationSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      simulate(
        serviceContextOf(request),
        request.body as Parameters<typeof simulate>[1],
        principalOf(request).permissions.has('agents:read'),
      ),
  );
};
