import { Type } from 'typebox';
import { PersonText } from '../../http/person-text.js';
import { Timestamp, Uuid } from '../../http/schemas.js';
import { REQUEST_STATES } from './rules.js';

const S = Type.String();
const NS = Type.Union([Type.String(), Type.Null()]);
const NT = Type.Union([Timestamp, Type.Null()]);
const Short = (max: number) => Type.String({ minLength: 1, maxLength: max });
export const StateEnum = Type.Union([
  Type.Literal(REQUEST_STATES[0]),
  Type.Literal(REQUEST_STATES[1]),
  Type.Literal(REQUEST_STATES[2]),
  Type.Literal(REQUEST_STATES[3]),
  Type.Literal(REQUEST_STATES[4]),
]);

/** The agent's request (docs/agent-interface.md, Exception requests). */
export const RaiseBody = Type.Object(
  {
    request_key: Uuid,
    policy_id: Short(64),
    policy_version: Type.Integer({ minimum: 1 }),
    channel: Short(64),
    destination: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
    file_hash: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }),
    file_name: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    category: Short(64),
    justification: PersonText('multiline', { minLength: 1, maxLength: 1_000 }),
    prompt_reference: Short(64),
    subject: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const RaiseAnswer = Type.Object(
  { id: S, reference: S, state: StateEnum, approver_label: S },
  { additionalProperties: false },
);

export const ReferenceParams = Type.Object({ reference: Type.String({ pattern: '^EXC-[A-Z0-9]{8}$' }) });

export const WithdrawAnswer = Type.Object(
  { reference: S, state: Type.Literal('withdrawn'), withdrawn_at: Timestamp, withdrawn: Type.Integer() },
  { additionalProperties: false },
);

export const PollBody = Type.Object({ since: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

const Envelope = Type.Object(
  { alg: S, key_id: S, payload_b64: S, signature_b64: S },
  { additionalProperties: false },
);

export const PollAnswer = Type.Object(
  {
    decisions: Type.Array(Envelope),
    approver_label: S,
    requests: Type.Array(Type.Object({ reference: S, state: StateEnum }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const RequestView = Type.Object(
  {
    id: S,
    reference: S,
    state: StateEnum,
    device_id: S,
    subject: NS,
    identity_unmapped: Type.Boolean(),
    policy_id: S,
    policy_version: Type.Integer(),
    policy_name: NS,
    channel: S,
    destination: NS,
    file_name: NS,
    file_hash: S,
    category: S,
    justification: S,
    prompt_reference: S,
    created_at: Timestamp,
    lapses_at: Timestamp,
    decided_at: NT,
    decided_by: NS,
    note: NS,
    approved_until: NT,
    closed_at: NT,
    close_reason: NS,
  },
  { additionalProperties: false },
);

export const ListQuery = Type.Object(
  {
    state: Type.Optional(StateEnum),
    subject: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    policy: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  },
  { additionalProperties: false },
);

export const ListAnswer = Type.Object(
  {
    requests: Type.Array(RequestView),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    lapsed: Type.Integer(),
    sla_hours: Type.Integer(),
  },
  { additionalProperties: false },
);

export const DecisionBody = Type.Object(
  {
    approve: Type.Boolean(),
    note: Type.Optional(PersonText('multiline', { maxLength: 2_000 })),
    minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);

export const WithdrawBody = Type.Object(
  { reason: PersonText('multiline', { minLength: 5, maxLength: 500 }) },
  { additionalProperties: false },
);

export const LabelBody = Type.Object(
  {
    label: PersonText('line', { maxLength: 200 }),
    reason: PersonText('multiline', { minLength: 5, maxLength: 500 }),
  },
  { additionalProperties: false },
);

export const LabelAnswer = Type.Object({ label: NS, updated_at: Timestamp }, { additionalProperties: false });

/** GET /settings/approver-label: the stored label (null: default), the label shown, when set. */
export const LabelView = Type.Object(
  { label: NS, shown_label: Type.String(), updated_at: Type.Union([Timestamp, Type.Null()]) },
  { additionalProperties: false },
);
