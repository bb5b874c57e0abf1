import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams, pageQuery, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { CloseRequest } from './closure-schemas.js';
import { RelatedIncident } from './links-routes.js';
import { MoreFilterQuery } from './list-filters.js';
import { DetectorFeedback } from './marking-routes.js';
import { incidentDetail, incidentEventPage, incidentLocationPage, listIncidentRows } from './service.js';
import { SlaBlock } from './sla-routes.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const S = Type.String();
const I = Type.Integer();

/** docs/incidents.md, Priority and risk: every factor of document 2, zeros included. */
const PriorityFactor = Type.Object(
  { name: S, value: Type.Number(), weight: Type.Number(), contribution: Type.Number() },
  { additionalProperties: false },
);
const RiskFactor = Type.Object({ name: S, points: Type.Number() }, { additionalProperties: false });

export const Row = {
  id: S,
  reference: S,
  title: S,
  severity: S,
  status: S,
  row_version: I,
  priority_score: I,
  priority_factors: Type.Array(PriorityFactor),
  risk_score: I,
  department: Nullable(S),
  /** `endpoint`, `directory` or null (docs/incidents.md, Department). */
  department_source: Nullable(S),
  disposition: Nullable(S),
  response_met: Nullable(Type.Boolean()),
  resolution_met: Nullable(Type.Boolean()),
  synthetic: Type.Boolean(),
  channel: S,
  hostname: Nullable(S),
  username: Nullable(S),
  /** The tenant hides people's names: `username` is null (docs/incidents.md, Names hidden). */
  names_hidden: Type.Boolean(),
  policy_id: Nullable(S),
  policy_name: Nullable(S),
  assignee_email: Nullable(S),
  event_count: I,
  match_count: I,
  action: S,
  requested_action: S,
  evaluated_offline: Type.Boolean(),
  created_at: Timestamp,
  first_seen_at: Timestamp,
  last_seen_at: Timestamp,
};

export const HistoryLine = Type.Object(
  {
    id: S,
    at: Timestamp,
    actor_type: S,
    actor_id: Nullable(S),
    actor_email: Nullable(S),
    kind: S,
    from: Nullable(S),
    to: Nullable(S),
    disposition: Nullable(S),
    note: Nullable(S),
    request_id: Nullable(S),
    correlation_id: Nullable(S),
  },
  { additionalProperties: false },
);

const Location = Type.Object({
  path: S,
  state: S,
  first_seen_at: Timestamp,
  last_seen_at: Timestamp,
  moved_at: Nullable(Timestamp),
  moved_to: Nullable(S),
  departure: Nullable(S),
});

/** The stored forms ingest keeps (ingest/normalise-event.ts); nothing else of an event is shown. */
const RemovableDevice = Type.Object({
  device_class: Nullable(S),
  serial: Nullable(S),
  vendor: Nullable(S),
  model: Nullable(S),
});
const EventDetector = Type.Object({
  detector_id: S,
  category: Nullable(S),
  match_count: I,
  detector_version: Type.Optional(I),
  validated_count: Type.Optional(I),
  max_confidence: Type.Optional(Type.Number()),
});

/** docs/incidents.md, Justifications: one answer and how many operations gave it. */
const JustificationGroup = Type.Object(
  {
    result: S,
    kind: S,
    category: Nullable(S),
    text: Nullable(S),
    text_withheld: Nullable(S),
    not_asked_reason: Nullable(S),
    rule_problems: Type.Array(S),
    operations: I,
    burst_operations: I,
    held_operations: I,
    first_at: Timestamp,
    last_at: Timestamp,
  },
  { additionalProperties: false },
);

/** Print job and process facts of an event (document 2); names failing the person-text rule are withheld. */
const PrintJob = Type.Object(
  {
    printer: Nullable(S),
    port: Nullable(S),
    submitted_from: Nullable(S),
    pages: Nullable(I),
    copies: Nullable(I),
    duplex: Nullable(Type.Boolean()),
    withheld_fields: Type.Array(S),
  },
  { additionalProperties: false },
);
const ProcessDetail = Type.Object(
  {
    executable_path: Nullable(S),
    executable_hash: Nullable(S),
    signed_publisher: Nullable(S),
    signature: Nullable(S),
    integrity_level: Nullable(S),
    withheld_fields: Type.Array(S),
  },
  { additionalProperties: false },
);
const Connection = Type.Object(
  { application: Nullable(S), address: S, port: Nullable(I), withheld_fields: Type.Array(S) },
  { additionalProperties: false },
);
const LabelApplied = Type.Object(
  { value: S, policy_id: Nullable(S), outcome: S },
  { additionalProperties: false },
);

const Detail = Type.Object({
  ...Row,
  department_reason: Nullable(S),
  justifications: Type.Array(JustificationGroup),
  justifications_total: I,
  confidence: Nullable(Type.Number()),
  process_name: Nullable(S),
  file_mime: Nullable(S),
  file_owner_sid: Nullable(S),
  file_owner_name: Nullable(S),
  triaged_at: Nullable(Timestamp),
  resolved_at: Nullable(Timestamp),
  risk_factors: Type.Array(RiskFactor),
  risk_model_version: Nullable(S),
  open: Type.Boolean(),
  device_id: S,
  file_path: Nullable(S),
  file_name: Nullable(S),
  file_size_bytes: Nullable(I),
  policy_version: Nullable(I),
  superseded_policy_ids: Type.Array(S),
  matched_policies: Type.Array(
    Type.Object({ policy_id: S, name: Nullable(S), applied_events: I, superseded_events: I }),
  ),
  locations: Type.Array(Location),
  locations_total: I,
  not_read: Nullable(
    Type.Object({ cause: Nullable(S), reason: Nullable(S), file_name: Nullable(S), partial_events: I }),
  ),
  removable_devices: Type.Array(Type.Unsafe<Record<string, unknown>>(RemovableDevice)),
  detector_summaries: Type.Array(
    Type.Object({
      detector_id: S,
      category: Nullable(S),
      match_count: I,
      events: I,
      previews: Nullable(Type.Array(S)),
      snippets: Nullable(Type.Array(S)),
    }),
  ),
  previews_withheld: Type.Boolean(),
  resolution: Nullable(S),
  closed_at: Nullable(Timestamp),
  enforcement: Type.Object(
    { requested_action: S, applied_action: S, result: S, reduced_events: I },
    { additionalProperties: false },
  ),
  allowed_transitions: Type.Array(S),
  history: Type.Array(HistoryLine),
  history_total: I,
  accepted_until: Nullable(Timestamp),
  pending_close: Nullable(CloseRequest),
  related: Type.Array(RelatedIncident),
  sla: SlaBlock,
  detector_feedback: Type.Array(DetectorFeedback),
  pending_question: Nullable(
    Type.Object(
      { id: S, question: S, asked_at: Timestamp, lapses_at: Timestamp, lapsed: Type.Boolean() },
      { additionalProperties: false },
    ),
  ),
});

const Event = Type.Object({
  id: S,
  occurred_at: Timestamp,
  occurred_at_reported: Nullable(S),
  received_at: Timestamp,
  channel: S,
  action: S,
  requested_action: S,
  enforcement: S,
  severity: Nullable(S),
  evaluated_offline: Type.Boolean(),
  decided_by_policy_id: Nullable(S),
  matched_policy_ids: Type.Array(S),
  superseded_policy_ids: Type.Array(S),
  policy_version: Nullable(I),
  user_name: Nullable(S),
  user_reference: Nullable(S),
  hostname: Nullable(S),
  file_path: Nullable(S),
  file_name: Nullable(S),
  file_size_bytes: Nullable(I),
  from_path: Nullable(S),
  departure: Nullable(S),
  file_mark_zone: Nullable(I),
  file_mark_host: Nullable(S),
  file_mark_referrer_host: Nullable(S),
  detectors: Type.Array(Type.Unsafe<unknown>(EventDetector)),
  explanation: Type.Array(Type.Unsafe<unknown>(Type.Object({ code: Nullable(S), text: Nullable(S) }))),
  not_read: Type.Unsafe<unknown>(Nullable(Type.Object({ cause: Nullable(S), reason: Nullable(S) }))),
  removable_device: Type.Unsafe<unknown>(Nullable(RemovableDevice)),
  print_job: Type.Unsafe<unknown>(Nullable(PrintJob)),
  process_detail: Type.Unsafe<unknown>(Nullable(ProcessDetail)),
  connection: Type.Unsafe<unknown>(Nullable(Connection)),
  label_applied: Type.Unsafe<unknown>(Nullable(LabelApplied)),
});

/** The list's filters and sort; GET /incidents/export takes the same (export-routes.ts). */
export const ListFilterQuery = {
  status: Type.Optional(S),
  severity: Type.Optional(S),
  channel: Type.Optional(S),
  search: Type.Optional(Type.String({ maxLength: 500 })),
  username: Type.Optional(Type.String({ maxLength: 256 })),
  policy_id: Type.Optional(Type.String({ format: 'uuid' })),
  device: Type.Optional(Type.String({ format: 'uuid' })),
  open_only: Type.Optional(Type.Boolean()),
  assignee: Type.Optional(Type.String({ maxLength: 64 })),
  created_since: Type.Optional(Timestamp),
  created_until: Type.Optional(Timestamp),
  sort: Type.Optional(Type.String({ maxLength: 40 })),
  ...MoreFilterQuery,
};

const Page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ items: Type.Array(item), total: I, limit: I, offset: I });

/** Console incident routes (document 2, Incident routes; the core of issue 6). */
export const incidentsModule: ApiModule = async (app) => {
  const s = app.deps;
  const read = [requirePermission('incidents:read')];

  app.get(
    '/incidents',
    {
      onRequest: read,
      schema: {
        querystring: Type.Object(
          {
            ...ListFilterQuery,
            ...pageQuery({ maxLimit: 200, defaultLimit: 50, maxOffset: 1_000_000 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            items: Type.Array(Type.Object(Row)),
            names_hidden: Type.Boolean(),
            total: I,
            limit: I,
            offset: I,
            sort: S,
          }),
          ...errorResponses(401, 403, 422, 503),
        },
      },
    },
    async (request) =>
      listIncidentRows(
        serviceContextOf(request),
        principalOf(request),
        request.query,
        s.config.incidents.queryTimeoutMs,
      ),
  );

  app.get(
    '/incidents/:id',
    {
      onRequest: read,
      schema: { params: IdParams, response: { 200: Detail, ...errorResponses(401, 403, 404) } },
    },
    async (request) => incidentDetail(serviceContextOf(request), principalOf(request), request.params.id),
  );

  app.get(
    '/incidents/:id/events',
    {
      onRequest: read,
      schema: {
        params: IdParams,
        // Document 2, Limits: timeline page 500.
        querystring: Type.Object(pageQuery({ maxLimit: 500, defaultLimit: 100, maxOffset: 10_000_000 }), {
          additionalProperties: false,
        }),
        response: { 200: Page(Event), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      incidentEventPage(
        serviceContextOf(request),
        principalOf(request),
        request.params.id,
        request.query.limit ?? 100,
        request.query.offset ?? 0,
      ),
  );

  app.get(
    '/incidents/:id/locations',
    {
      onRequest: read,
      schema: {
        params: IdParams,
        querystring: Type.Object(pageQuery({ maxLimit: 500, defaultLimit: 50, maxOffset: 10_000_000 }), {
          additionalProperties: false,
        }),
        response: { 200: Page(Location), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      incidentLocationPage(
        serviceContextOf(request),
        principalOf(request),
        request.params.id,
        request.query.limit ?? 50,
        request.query.offset ?? 0,
      ),
  );
};
