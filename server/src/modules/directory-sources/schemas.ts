import { Type } from 'typebox';
import { Timestamp } from '../../http/schemas.js';

/** Request and response schemas of the directory-source routes (closed objects). */

const NullStr = Type.Union([Type.String(), Type.Null()]);
export const Kind = Type.Union([Type.Literal('directory_windows'), Type.Literal('directory_cloud')]);
export const Verification = Type.Union([
  Type.Literal('unknown'),
  Type.Literal('verified'),
  Type.Literal('failed'),
]);

export const SourceView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: Kind,
    enabled: Type.Boolean(),
    verification: Verification,
    last_verified_at: Type.Union([Timestamp, Type.Null()]),
    last_failure: NullStr,
  },
  { additionalProperties: false },
);

export const CreatedSource = Type.Object(
  { id: Type.String(), name: Type.String(), enabled: Type.Boolean(), verification: Verification },
  { additionalProperties: false },
);

export const SourcePage = Type.Object(
  { items: Type.Array(SourceView), next_after: NullStr },
  { additionalProperties: false },
);

export const LookupKind = Type.Union([Type.Literal('user'), Type.Literal('security_group')]);

export const LookupBody = Type.Object(
  {
    kind: LookupKind,
    query: Type.Optional(Type.String({ minLength: 2, maxLength: 128 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    object_sid: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    object_id: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);

export const LookupObject = Type.Object(
  {
    source_id: Type.String(),
    kind: LookupKind,
    object_sid: Type.String(),
    object_guid: Type.String(),
    name: Type.String(),
    account_name: Type.String(),
    domain_sid: Type.String(),
    enabled: Type.Union([Type.Boolean(), Type.Null()]),
    selectable: Type.Boolean(),
    observed_at: Timestamp,
  },
  { additionalProperties: false },
);

export const LookupPage = Type.Object(
  { items: Type.Array(LookupObject), next_cursor: NullStr },
  { additionalProperties: false },
);

export const UnmanagedAnswer = Type.Object(
  {
    total: Type.Union([Type.Integer(), Type.Null()]),
    items: Type.Array(
      Type.Object(
        { name: Type.String(), dns_host_name: NullStr, operating_system: NullStr, source_id: Type.String() },
        { additionalProperties: false },
      ),
    ),
    sources: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          kind: Kind,
          state: Type.Union([Type.Literal('counted'), Type.Literal('failed')]),
          failure: NullStr,
          message: NullStr,
          computers: Type.Integer(),
          stale: Type.Integer(),
          truncated: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
    ),
    stale: Type.Integer(),
    stale_after_days: Type.Integer(),
    incomplete: Type.Boolean(),
    observed_at: Timestamp,
  },
  { additionalProperties: false },
);
