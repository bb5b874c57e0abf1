import { Type } from 'typebox';
import { PersonText } from '../../http/person-text.js';
import { Timestamp } from '../../http/schemas.js';

const closed = { additionalProperties: false } as const;
const Str = Type.String();
const NullStr = Type.Union([Type.String(), Type.Null()]);
const NullTime = Type.Union([Timestamp, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });
const L = Type.Literal;
export const ScanStatus = Type.Union([L('queued'), L('running'), L('completed'), L('cancelled')]);
const Severity = Type.Union([L('critical'), L('high'), L('medium'), L('low')]);
/** A path as an endpoint writes it: absolute, at most 1,024 characters, no control characters. */
export const ScanPath = Type.String({
  minLength: 1,
  maxLength: 1024,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
});

export const CreateScanBody = Type.Object(
  {
    name: PersonText('line', { minLength: 1, maxLength: 200 }),
    agent_ids: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), { maxItems: 500, uniqueItems: true }),
    ),
    group_ids: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), { maxItems: 100, uniqueItems: true }),
    ),
    paths: Type.Optional(Type.Array(ScanPath, { maxItems: 20 })),
    /** Recurring: the series runs again this many hours after each run began (1 hour to 30 days). */
    repeat_every_hours: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 720 }), Type.Null()])),
  },
  closed,
);

export const CancelBody = Type.Object(
  { reason: PersonText('multiline', { minLength: 5, maxLength: 500 }) },
  closed,
);

const summaryFields = {
  id: Str,
  reference: Str,
  name: Str,
  status: ScanStatus,
  paths: Type.Array(Str),
  agent_ids: Type.Array(Str),
  group_ids: Type.Array(Str),
  endpoints: Count,
  endpoints_finished: Count,
  repeat_every_hours: Type.Union([Type.Integer(), Type.Null()]),
  created_by: NullStr,
  created_at: Timestamp,
  finished_at: NullTime,
};

export const ScanSummaryOut = Type.Object(summaryFields, closed);

export const ScanPageOut = Type.Object(
  { items: Type.Array(ScanSummaryOut), total: Count, limit: Count, offset: Count },
  closed,
);

const EndpointRunOut = Type.Object(
  {
    agent_id: Str,
    hostname: NullStr,
    status: Type.Union([L('queued'), L('running'), L('completed'), L('failed'), L('cancelled')]),
    files_seen: Count,
    files_read: Count,
    bytes_read: Count,
    findings: Count,
    skipped_paths: Type.Array(Str),
    error: NullStr,
    started_at: NullTime,
    reported_at: NullTime,
    finished_at: NullTime,
  },
  closed,
);

export const ScanRecordOut = Type.Object(
  {
    ...summaryFields,
    previous_run_id: NullStr,
    cancelled_by: NullStr,
    cancel_reason: NullStr,
    findings: Type.Object(
      {
        total: Count,
        exposed: Count,
        by_severity: Type.Object({ critical: Count, high: Count, medium: Count, low: Count }, closed),
      },
      closed,
    ),
    endpoint_runs: Type.Array(EndpointRunOut),
  },
  closed,
);

const DetectorCount = Type.Object(
  {
    detector_id: Type.String({ minLength: 1, maxLength: 200 }),
    category: Type.String({ minLength: 1, maxLength: 100 }),
    match_count: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  },
  closed,
);

export const FindingOut = Type.Object(
  {
    id: Str,
    agent_id: Str,
    path: Str,
    severity: Severity,
    exposed: Type.Boolean(),
    detectors: Type.Array(DetectorCount),
    policy_ids: Type.Array(Str),
    found_at: Timestamp,
  },
  closed,
);

export const FindingPageOut = Type.Object(
  { items: Type.Array(FindingOut), total: Count, limit: Count, offset: Count },
  closed,
);

/** What an agent reports on a scan (`POST /agent/discovery-scans/{id}/report`). */
export const ScanReportBody = Type.Object(
  {
    state: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
    files_seen: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    files_read: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    bytes_read: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    skipped_paths: Type.Optional(Type.Array(ScanPath, { maxItems: 20 })),
    error: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    findings: Type.Array(
      Type.Object(
        {
          path: Type.String({ minLength: 1, maxLength: 4096 }),
          severity: Severity,
          detectors: Type.Array(DetectorCount, { maxItems: 50 }),
          policy_ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }),
        },
        closed,
      ),
      { maxItems: 500 },
    ),
  },
  closed,
);

export const ScanReportAnswer = Type.Object({ accepted_findings: Count, cancelled: Type.Boolean() }, closed);
