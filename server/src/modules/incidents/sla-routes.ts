import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  getResponseTargets,
  RESOLUTION_MAX,
  RESOLUTION_MIN,
  RESPONSE_MAX,
  RESPONSE_MIN,
  type ResponseTargetsBody,
  setResponseTargets,
} from './sla-service.js';
import { SLA_SEVERITIES } from './sla-store.js';

const I = Type.Integer();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const response = Type.Integer({ minimum: RESPONSE_MIN, maximum: RESPONSE_MAX });
const resolution = Type.Integer({ minimum: RESOLUTION_MIN, maximum: RESOLUTION_MAX });

const Body = Type.Object(
  {
    ...Object.fromEntries(SLA_SEVERITIES.map((s) => [`${s}_minutes`, Type.Optional(response)])),
    ...Object.fromEntries(SLA_SEVERITIES.map((s) => [`resolution_${s}_minutes`, Type.Optional(resolution)])),
    reason: PersonText('multiline', { minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);

const Targets = Type.Object(
  {
    critical_minutes: I,
    high_minutes: I,
    medium_minutes: I,
    low_minutes: I,
    resolution_critical_minutes: I,
    resolution_high_minutes: I,
    resolution_medium_minutes: I,
    resolution_low_minutes: I,
    updated_at: Nullable(Timestamp),
  },
  { additionalProperties: false },
);

/** The `sla` block of the incident detail (sla-clock.ts, slaView). */
export const SlaBlock = Type.Object(
  {
    response_target_minutes: Nullable(I),
    response_due_at: Nullable(Timestamp),
    responded_at: Nullable(Timestamp),
    response_met: Nullable(Type.Boolean()),
    resolution_target_minutes: Nullable(I),
    resolution_due_at: Nullable(Timestamp),
    resolved_at: Nullable(Timestamp),
    resolution_met: Nullable(Type.Boolean()),
    awaiting_user_minutes: I,
    clock_stopped: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** SLA targets (issue 16; document 2; docs/incidents.md, SLA targets). */
export const incidentSlaModule: ApiModule = async (app) => {
  app.get(
    '/settings/incident-response',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: { response: { 200: Targets, ...errorResponses(401, 403) } },
    },
    async (request) => getResponseTargets(serviceContextOf(request), principalOf(request)),
  );
  app.post(
    '/settings/incident-response',
    {
      onRequest: [requirePermission('tenant:write')],
      schema: {
        body: Body,
        response: { 200: Targets, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      setResponseTargets(
        serviceContextOf(request),
        principalOf(request),
        request.body as unknown as ResponseTargetsBody,
      ),
  );
};
