import { KNOWN_CHANNELS } from '@custos/engine';
import { Type } from 'typebox';
import { Timestamp } from '../../http/schemas.js';
import { OUTCOME_NAMES } from './query.js';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const counts = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer()])), closed);

export const WindowOut = Type.Object({ from: Timestamp, to: Timestamp }, closed);

export const ActivityRowOut = Type.Object(
  {
    id: Type.String(),
    occurred_at: Timestamp,
    received_at: Timestamp,
    endpoint_id: Type.String(),
    hostname: Nullable(Type.String()),
    user_name: Nullable(Type.String()),
    channel: Type.String(),
    file_name: Nullable(Type.String()),
    requested_action: Type.String(),
    applied_action: Type.String(),
    enforcement_result: Type.Union([Type.Literal('applied'), Type.Literal('reduced_by_capability')]),
    reduced: Type.Boolean(),
    outcome: Type.Union([
      Type.Literal('blocked'),
      Type.Literal('prompted'),
      Type.Literal('notified'),
      Type.Literal('audited'),
    ]),
    severity: Nullable(Type.String()),
    policy_id: Nullable(Type.String()),
    match_count: Type.Integer(),
    categories: Type.Array(Type.String()),
    incident_id: Nullable(Type.String()),
  },
  closed,
);

export const BucketOut = Type.Object(
  {
    start: Timestamp,
    end: Timestamp,
    total: Type.Integer(),
    by_channel: counts(KNOWN_CHANNELS),
    by_outcome: counts(OUTCOME_NAMES),
  },
  closed,
);

export const ActivityPageOut = Type.Object(
  {
    window: WindowOut,
    items: Type.Array(ActivityRowOut),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    channels: Type.Array(Type.String()),
    categories: Type.Array(
      Type.Object(
        {
          category: Type.String(),
          tenant_detector: Type.Boolean(),
        },
        closed,
      ),
    ),
    timeline: Type.Object(
      {
        bucket: Type.Union([Type.Literal('hour'), Type.Literal('six_hours'), Type.Literal('day')]),
        buckets: Type.Array(BucketOut),
      },
      closed,
    ),
  },
  closed,
);

export const DiscoveryRunsOut = Type.Object(
  {
    window: WindowOut,
    gap_minutes: Type.Integer(),
    truncated: Type.Boolean(),
    runs: Type.Array(
      Type.Object(
        {
          endpoint_id: Type.String(),
          hostname: Nullable(Type.String()),
          started_at: Timestamp,
          ended_at: Timestamp,
          events: Type.Integer(),
          events_with_matches: Type.Integer(),
          incidents: Type.Integer(),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const ExportRequestAnswer = Type.Object(
  { id: Type.String(), rows: Type.Integer(), threshold: Type.Integer() },
  closed,
);
