import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, pageQuery, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { CloseRequest } from './closure-schemas.js';
import {
  type ClosureDecision,
  closureSettingsOf,
  decideClose,
  listSinglePersonClosures,
  setClosureSettings,
} from './closure-service.js';
import { State } from './workflow-routes.js';

const S = Type.String();
const NullS = Type.Union([S, Type.Null()]);

const Settings = {
  second_person_accepted_risk: Type.Boolean(),
  second_person_critical: Type.Boolean(),
};

const SinglePerson = Type.Object(
  {
    incident_id: S,
    reference: S,
    kind: S,
    severity: S,
    disposition: S,
    closed_by_id: NullS,
    closed_by_email: NullS,
    closed_at: Timestamp,
  },
  { additionalProperties: false },
);

/** Second-person closes (issue 16; document 2; docs/incidents.md, Second-person closes). */
export const incidentClosureModule: ApiModule = async (app) => {
  const _s = app.deps;

  for (const decision of ['approve', 'reject', 'withdraw'] as const satisfies readonly ClosureDecision[]) {
    app.post(
      `/incidents/:id/closure/${decision}`,
      {
        onRequest: [requirePermission('incidents:read', 'incidents:write')],
        schema: {
          params: IdParams,
          body: Type.Optional(
            Type.Object(
              { note: Type.Optional(PersonText('multiline', { maxLength: 10_000 })) },
              { additionalProperties: false },
            ),
          ),
          response: {
            200: Type.Object({ ...State, close_request: CloseRequest }, { additionalProperties: false }),
            ...errorResponses(401, 403, 404, 409, 422),
          },
        },
      },
      async (request) =>
        decideClose(
          { ctx: serviceContextOf(request), principal: principalOf(request) },
          request.params.id,
          decision,
          request.body?.note?.trim() || null,
        ),
    );
  }

  app.get(
    '/settings/incident-closure',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: {
        response: {
          200: Type.Object(
            { ...Settings, updated_at: Type.Union([Timestamp, Type.Null()]) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => closureSettingsOf(serviceContextOf(request), principalOf(request)),
  );

  app.post(
    '/settings/incident-closure',
    {
      onRequest: [requirePermission('tenant:manage')],
      schema: {
        body: Type.Object(Settings, { additionalProperties: false }),
        response: {
          200: Type.Object({ ...Settings, updated_at: Timestamp }, { additionalProperties: false }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) =>
      setClosureSettings(serviceContextOf(request), principalOf(request).tenantId, request.body),
  );

  app.get(
    '/incidents/single-person-closures',
    {
      onRequest: [requirePermission('audit:read')],
      schema: {
        querystring: Type.Object(pageQuery({ maxLimit: 200, defaultLimit: 50, maxOffset: 1_000_000 }), {
          additionalProperties: false,
        }),
        response: {
          200: Type.Object(
            {
              items: Type.Array(SinglePerson),
              total: Type.Integer(),
              limit: Type.Integer(),
              offset: Type.Integer(),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) =>
      listSinglePersonClosures(
        serviceContextOf(request),
        principalOf(request),
        request.query.limit ?? 50,
        request.query.offset ?? 0,
      ),
  );
};
