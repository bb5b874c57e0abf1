import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { COVERAGE_GAPS_MAX, coverageGaps } from './coverage-service.js';

const S = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const Gaps = Type.Object(
  {
    window_days: Type.Integer(),
    truncated: Type.Boolean(),
    gaps: Type.Array(
      Type.Object(
        {
          policy_id: Nullable(S),
          policy_name: Nullable(S),
          channel: S,
          device_id: S,
          hostname: Nullable(S),
          requested_action: S,
          applied_action: S,
          incidents: Type.Integer(),
          events: Type.Integer(),
          last_seen: Timestamp,
          // endpoint_capability | weaker_action (docs/incidents.md, Coverage gaps)
          reason: S,
        },
        { additionalProperties: false },
      ),
      { maxItems: COVERAGE_GAPS_MAX },
    ),
  },
  { additionalProperties: false },
);

/** Coverage gaps (document 2; docs/incidents.md, Coverage gaps). */
export const coverageGapsModule: ApiModule = async (app) => {
  const _s = app.deps;
  app.get(
    '/coverage-gaps',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: {
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Gaps, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => coverageGaps(serviceContextOf(request), principalOf(request)),
  );
};
