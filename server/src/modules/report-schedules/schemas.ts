import { Type } from 'typebox';
import { PersonText } from '../../http/person-text.js';
import { Timestamp, Uuid } from '../../http/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const S = Type.String();
const I = Type.Integer();
const closed = { additionalProperties: false } as const;
const L = Type.Literal;

export const CADENCES = ['daily', 'weekly', 'monthly'] as const;
export const RUN_STATES = ['running', 'retrying', 'succeeded', 'failed', 'paused'] as const;

// --- Destinations -------------------------------------------------------------------------

const DestName = PersonText('line', { minLength: 1, maxLength: 120 });
const Url = Type.String({ minLength: 1, maxLength: 2048 });
/** Write-only: accepted on create and change, never answered (only `signed`). */
const Secret = Type.String({ minLength: 16, maxLength: 256 });
const CaPem = Type.String({ minLength: 1, maxLength: 16_384 });

export const DestinationOut = Type.Object(
  {
    id: S,
    name: S,
    url: S,
    signed: Type.Boolean(),
    has_ca_certificate: Type.Boolean(),
    created_by: Nullable(S),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  closed,
);

export const DestinationCreate = Type.Object(
  {
    name: DestName,
    url: Url,
    secret: Type.Optional(Nullable(Secret)),
    ca_certificate: Type.Optional(Nullable(CaPem)),
  },
  closed,
);

export const DestinationChange = Type.Object(
  {
    name: Type.Optional(DestName),
    url: Type.Optional(Url),
    secret: Type.Optional(Nullable(Secret)),
    ca_certificate: Type.Optional(Nullable(CaPem)),
  },
  { ...closed, minProperties: 1 },
);

export const TestAnswer = Type.Object({ ok: Type.Boolean(), detail: S, schema: S }, closed);

// --- Schedules ----------------------------------------------------------------------------

const ScheduleFields = {
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  local_minute: Type.Integer({ minimum: 0, maximum: 1439 }),
  cadence: Type.Union([L('daily'), L('weekly'), L('monthly')]),
  /** Weekly: 0 (Monday) .. 6; monthly: 1..31; daily: absent or null. */
  day: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 31 }))),
  enabled: Type.Optional(Type.Boolean()),
  destination_id: Type.Optional(Nullable(Uuid)),
  delivery_format: Type.Optional(Type.Literal('csv')),
};

export const ScheduleCreate = Type.Object(ScheduleFields, closed);

export const ScheduleChange = Type.Object(
  {
    timezone: Type.Optional(ScheduleFields.timezone),
    local_minute: Type.Optional(ScheduleFields.local_minute),
    cadence: Type.Optional(ScheduleFields.cadence),
    day: ScheduleFields.day,
    enabled: ScheduleFields.enabled,
    destination_id: ScheduleFields.destination_id,
    delivery_format: ScheduleFields.delivery_format,
  },
  { ...closed, minProperties: 1 },
);

export const ScheduleOut = Type.Object(
  {
    id: S,
    report_id: S,
    report_name: S,
    timezone: S,
    local_minute: I,
    cadence: Type.Union([L('daily'), L('weekly'), L('monthly')]),
    day: Nullable(I),
    enabled: Type.Boolean(),
    destination_id: Nullable(S),
    delivery_format: Type.Literal('csv'),
    /** active | disabled | paused */
    state: Type.Union([L('active'), L('disabled'), L('paused')]),
    paused_reason: Nullable(S),
    next_run_at: Nullable(Timestamp),
    run_as: S,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  closed,
);

export const RunOut = Type.Object(
  {
    id: S,
    schedule_id: S,
    occurrence_at: Timestamp,
    state: Type.Union([L('running'), L('retrying'), L('succeeded'), L('failed'), L('paused')]),
    attempts: I,
    next_attempt_at: Nullable(Timestamp),
    rows: Nullable(I),
    error_code: Nullable(S),
    detail: Nullable(S),
    started_at: Timestamp,
    finished_at: Nullable(Timestamp),
  },
  closed,
);

export const DeliveryOut = Type.Object(
  {
    id: S,
    destination_id: S,
    schedule_id: Nullable(S),
    run_id: Nullable(S),
    kind: Type.Union([L('report'), L('test')]),
    attempt: I,
    outcome: Type.Union([L('delivered'), L('failed'), L('refused')]),
    http_status: Nullable(I),
    detail: Nullable(S),
    bytes: I,
    content_sha256: Nullable(S),
    at: Timestamp,
  },
  closed,
);

export const Items = <T extends Parameters<typeof Type.Array>[0]>(t: T) =>
  Type.Object({ items: Type.Array(t) }, closed);
