import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { BURSTS_MAX, GROUPS_MAX, incidentBursts, incidentGroups } from './patterns-service.js';

const S = Type.String();
const Int = Type.Integer();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const Groups = Type.Object(
  {
    days: Int,
    open_only: Type.Boolean(),
    truncated: Type.Boolean(),
    groups_withheld: Int,
    people_excluded_from_naming: Int,
    items: Type.Array(
      Type.Object(
        {
          person: Nullable(S),
          policy_id: Nullable(S),
          policy_name: Nullable(S),
          incidents: Int,
          open: Int,
          events: Int,
          severity: S,
          first_created_at: Timestamp,
          last_created_at: Timestamp,
        },
        { additionalProperties: false },
      ),
      { maxItems: GROUPS_MAX },
    ),
  },
  { additionalProperties: false },
);

const Bursts = Type.Object(
  {
    gap_minutes: Int,
    window_days: Int,
    truncated: Type.Boolean(),
    bursts_withheld: Int,
    items: Type.Array(
      Type.Object(
        {
          person: S,
          device_id: S,
          hostname: Nullable(S),
          policy_id: S,
          policy_name: Nullable(S),
          channel: S,
          incidents: Int,
          open: Int,
          first_seen_at: Timestamp,
          last_seen_at: Timestamp,
          incident_ids: Type.Array(S),
        },
        { additionalProperties: false },
      ),
      { maxItems: BURSTS_MAX },
    ),
  },
  { additionalProperties: false },
);

/** Incident groups and bursts (document 2; docs/incidents.md, Groups and bursts). */
export const incidentPatternsModule: ApiModule = async (app) => {
  const _s = app.deps;
  const read = [requirePermission('incidents:read')];

  app.get(
    '/incidents/groups',
    {
      onRequest: read,
      schema: {
        querystring: Type.Object(
          {
            days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
            open_only: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: Groups, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => incidentGroups(serviceContextOf(request), principalOf(request), request.query),
  );

  app.get(
    '/incidents/bursts',
    {
      onRequest: read,
      schema: {
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Bursts, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => incidentBursts(serviceContextOf(request), principalOf(request)),
  );
};
