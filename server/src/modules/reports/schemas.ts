import { Type } from 'typebox';
import { PersonText } from '../../http/person-text.js';
import { Timestamp } from '../../http/schemas.js';
import { KINDS, StoredFilters } from './filters.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const S = Type.String();
const I = Type.Integer();
export const Lit = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const closed = { additionalProperties: false } as const;

export const Kind = Type.Union([
  Type.Literal(KINDS[0]),
  Type.Literal(KINDS[1]),
  Type.Literal(KINDS[2]),
  Type.Literal(KINDS[3]),
]);

export const ReportOut = Type.Object(
  {
    id: S,
    name: S,
    description: Nullable(S),
    subject: Nullable(S),
    kind: Kind,
    filters: StoredFilters,
    template_id: Nullable(S),
    row_version: I,
    created_by: Nullable(S),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  closed,
);

const Name = PersonText('line', { minLength: 1, maxLength: 120 });
const Description = Type.Union([PersonText('multiline', { maxLength: 2000 }), Type.Null()]);
const Subject = Type.Union([PersonText('line', { maxLength: 200 }), Type.Null()]);
const TemplateId = Type.String({ pattern: '^[a-z0-9_]{1,64}$' });

export const ReportCreate = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    subject: Type.Optional(Subject),
    kind: Type.Optional(Kind),
    filters: Type.Optional(StoredFilters),
    template_id: Type.Optional(TemplateId),
  },
  closed,
);

export const ReportChangeBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    subject: Type.Optional(Subject),
    kind: Type.Optional(Kind),
    filters: Type.Optional(StoredFilters),
    template_id: Type.Optional(Type.Union([TemplateId, Type.Null()])),
    expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  closed,
);

export const Reason = Type.Object(
  { reason: PersonText('multiline', { minLength: 5, maxLength: 500 }) },
  closed,
);

export const TemplateOut = Type.Object(
  { id: S, regime: S, name: S, description: S, kind: Kind, filters: StoredFilters },
  closed,
);

const Window = Type.Object(
  { from: Nullable(Timestamp), to: Nullable(Timestamp), last_days: Nullable(I) },
  closed,
);

const IncidentItem = Type.Object(
  {
    id: S,
    reference: S,
    title: S,
    severity: S,
    status: S,
    priority_score: I,
    risk_score: I,
    channel: S,
    action: S,
    hostname: Nullable(S),
    username: Nullable(S),
    policy_id: Nullable(S),
    policy_name: Nullable(S),
    assignee_email: Nullable(S),
    created_at: Timestamp,
    first_seen_at: Timestamp,
    last_seen_at: Timestamp,
  },
  closed,
);

const FigureItem = Type.Object(
  {
    group: S,
    label: S,
    incidents: I,
    open: I,
    blocked: I,
    response_met: I,
    response_missed: I,
    resolution_met: I,
    resolution_missed: I,
    false_positives: I,
  },
  closed,
);

export const SEVERITY_KEYS = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const STATUS_KEYS = ['new', 'triaged', 'investigating', 'awaiting_user', 'closed'] as const;
const countsOf = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, I])), closed);

export const RunOut = Type.Object(
  {
    kind: Kind,
    items: Type.Array(Type.Union([IncidentItem, FigureItem])),
    total: I,
    limit: I,
    offset: I,
    window: Window,
    truncated: Type.Boolean(),
    cap: I,
    summary: Type.Object(
      {
        rows: I,
        complete: Type.Boolean(),
        by_severity: countsOf(SEVERITY_KEYS),
        by_status: countsOf(STATUS_KEYS),
      },
      closed,
    ),
  },
  closed,
);

export const ExportRequestOut = Type.Object(
  {
    id: S,
    report_id: S,
    report_name: Nullable(S),
    requested_by: S,
    requested_by_email: Nullable(S),
    reason: S,
    format: S,
    view: Type.Object(
      {
        sort: Nullable(S),
        dir: Nullable(S),
        filters: Type.Array(Type.Object({ name: S, value: S }, closed)),
      },
      closed,
    ),
    rows: I,
    threshold: I,
    state: S,
    decided_by_email: Nullable(S),
    decided_at: Nullable(Timestamp),
    used_at: Nullable(Timestamp),
    created_at: Timestamp,
    mine: Type.Boolean(),
  },
  closed,
);
