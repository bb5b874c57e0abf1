import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  destinationsOverview,
  getPersonAnalysis,
  overview,
  securityOverview,
  setPersonAnalysis,
} from './service.js';

const closed = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object(fields, { additionalProperties: false });
const Count = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DestinationRow = closed({ destination: Type.String(), incidents: Count });

const OverviewView = closed({
  generated_at: Timestamp,
  window_days: Type.Integer(),
  incidents: closed({
    open: Count,
    open_by_severity: closed({ critical: Count, high: Count, medium: Count, low: Count, info: Count }),
    created_in_window: Count,
    closed_in_window: Count,
  }),
  coverage: closed({
    endpoints: Count,
    reporting: Count,
    silent: Count,
    without_policy: Count,
    revoked: Count,
    uninstalled: Count,
  }),
  top_users: Type.Array(closed({ username: Type.String(), incidents: Count })),
  top_users_by_volume: Type.Array(closed({ username: Type.String(), incidents: Count, bytes: Count })),
  top_endpoints: Type.Array(
    closed({ device_id: Type.String(), hostname: Nullable(Type.String()), incidents: Count }),
  ),
  destinations: Type.Array(DestinationRow),
  names_withheld: Type.Boolean(),
  destinations_withheld: Type.Boolean(),
  people_withheld: Nullable(
    Type.Union([
      Type.Literal('no_incidents_read'),
      Type.Literal('per_user_off'),
      Type.Literal('no_behaviour_read'),
      Type.Literal('names_hidden'),
    ]),
  ),
  exceptions_waiting: Nullable(closed({ count: Count, oldest_lapses_at: Nullable(Timestamp) })),
});

const SecurityView = closed({
  generated_at: Timestamp,
  window_days: Type.Integer(),
  open_by_severity: Type.Array(closed({ severity: Type.String(), incidents: Count })),
  by_channel: Type.Array(closed({ channel: Type.String(), incidents: Count })),
  by_action: Type.Array(closed({ action: Type.String(), incidents: Count })),
});

const DestinationsView = closed({
  generated_at: Timestamp,
  window_days: Type.Integer(),
  destinations_withheld: Type.Boolean(),
  indicators_configured: Type.Boolean(),
  unclassified: Type.Array(DestinationRow),
  non_business: Type.Array(DestinationRow),
});

const PersonAnalysisView = closed({ enabled: Type.Boolean(), updated_at: Nullable(Timestamp) });

/** The overview (document 2, Overview; docs/overview.md). */
export const overviewModule: ApiModule = async (app) => {
  const read = [requirePermission('overview:read')];
  app.get(
    '/overview',
    { onRequest: read, schema: { response: { 200: OverviewView, ...errorResponses(401, 403) } } },
    async (request) => overview(serviceContextOf(request), request.principal!),
  );
  app.get(
    '/overview/security',
    { onRequest: read, schema: { response: { 200: SecurityView, ...errorResponses(401, 403) } } },
    async (request) => securityOverview(serviceContextOf(request), request.principal!),
  );
  app.get(
    '/overview/destinations',
    { onRequest: read, schema: { response: { 200: DestinationsView, ...errorResponses(401, 403) } } },
    async (request) => destinationsOverview(serviceContextOf(request), request.principal!),
  );
  app.get(
    '/settings/person-analysis',
    { onRequest: read, schema: { response: { 200: PersonAnalysisView, ...errorResponses(401, 403) } } },
    async (request) => getPersonAnalysis(serviceContextOf(request), request.principal!),
  );
  app.post(
    '/settings/person-analysis',
    {
      onRequest: [requirePermission('tenant:manage')],
      schema: {
        body: closed({
          enabled: Type.Boolean(),
          reason: PersonText('multiline', { minLength: 5, maxLength: 500 }),
        }),
        response: { 200: PersonAnalysisView, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => setPersonAnalysis(serviceContextOf(request), request.principal!, request.body),
  );
};
